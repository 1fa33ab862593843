import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isStaffRole, type StaffSessionTimes } from '../../shared/api/staff-session';
import type { Database } from '../db/schema';
import type { StaffActor } from './staff-actor';
import { endSession, insertSession, touchSession } from './staff-accounts-repository';
import { secretHash } from '../sessions/secret-hash';

export interface StaffSessionLimits {
  /** Ends after this long without a staff call (ms). */
  idleMs: number;
  /** Ends this long after sign-in whatever happens (ms). */
  maxMs: number;
}

/** As applicants': 30 minutes without a call, 12 hours at most (a working day). */
export const DEFAULT_STAFF_SESSION_LIMITS: StaffSessionLimits = { idleMs: 30 * 60_000, maxMs: 12 * 3600_000 };

export type StaffPerson = Extract<StaffActor, { kind: 'staff' }>;

export interface ActiveStaffSession {
  staff: StaffPerson;
  times: StaffSessionTimes;
}

/** The longest token looked up: ours are 43 characters; anything much longer is not one. */
const MAX_TOKEN_LENGTH = 100;

/**
 * Staff sessions: an opaque random token (256 bits) in the staff cookie, only its sha256 in the
 * database (table staff_session, apart from applicants' sessions), so that every server process knows
 * every session. A session of a disabled account is over at once; the role is read at every call.
 */
export class StaffSessionStore {
  constructor(
    private readonly db: Kysely<Database>,
    readonly limits: StaffSessionLimits = DEFAULT_STAFF_SESSION_LIMITS,
  ) {}

  async create(accountId: number): Promise<{ token: string; times: StaffSessionTimes }> {
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    const expiresAt = new Date(now.getTime() + this.limits.maxMs);
    await insertSession(this.db, {
      token_hash: secretHash(token),
      account_id: accountId,
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
    });
    return { token, times: this.times(now, expiresAt) };
  }

  /** The live session of a token, its idle time restarted; undefined when there is none. */
  async touch(token: string | undefined): Promise<ActiveStaffSession | undefined> {
    if (!token || token.length > MAX_TOKEN_LENGTH) return undefined;
    const now = new Date();
    const row = await touchSession(this.db, secretHash(token), now, new Date(now.getTime() - this.limits.idleMs));
    if (!row || !isStaffRole(row.role)) return undefined;
    return {
      staff: { kind: 'staff', accountId: row.id, login: row.login, name: row.display_name, role: row.role },
      times: this.times(now, row.expires_at),
    };
  }

  async end(token: string | undefined): Promise<void> {
    if (!token || token.length > MAX_TOKEN_LENGTH) return;
    await endSession(this.db, secretHash(token), new Date());
  }

  private times(lastSeen: Date, expiresAt: Date): StaffSessionTimes {
    const idleEnds = Math.min(lastSeen.getTime() + this.limits.idleMs, expiresAt.getTime());
    return {
      idle_expires_at: new Date(idleEnds).toISOString(),
      expires_at: new Date(expiresAt).toISOString(),
      idle_timeout_s: Math.round(this.limits.idleMs / 1000),
    };
  }
}
