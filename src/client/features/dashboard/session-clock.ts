import type { SessionClock } from '../../app/session-slice';

/** The warning comes this long before the session ends. */
export const WARNING_MS = 2 * 60_000;

export type SessionPhase = 'active' | 'warning' | 'ended';

export function phaseAt(clock: SessionClock, now: number): SessionPhase {
  if (now >= clock.idleEndsAt) return 'ended';
  if (now >= clock.idleEndsAt - WARNING_MS) return 'warning';
  return 'active';
}

/** When the phase next changes, or the countdown shown in the warning next moves (ms from now). */
export function nextTickIn(clock: SessionClock, now: number): number {
  const phase = phaseAt(clock, now);
  if (phase === 'active') return clock.idleEndsAt - WARNING_MS - now;
  const remaining = clock.idleEndsAt - now;
  // The countdown shows whole seconds, rounded up: it moves when `remaining` passes a whole second.
  if (phase === 'warning') return Math.min(remaining % 1000 || 1000, remaining);
  return 0;
}

/** '1:05' */
export function countdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
