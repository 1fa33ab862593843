import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SessionTimes } from '../../shared/dashboard';
import type { Database } from '../db/schema';
import { secretHash } from './secret-hash';
import { endSession, insertSession, touchSession } from './sessions-repository';

export interface SessionLimits {
  /** Ends after this long without a dashboard call (ms). */
  idleMs: number;
  /** Ends this long after sign-in whatever happens (ms). */
  maxMs: number;
}

export const DEFAULT_SESSION_LIMITS: SessionLimits = { idleMs: 30 * 60_000, maxMs: 12 * 3600_000 };

export interface ActiveSession {
  applicationId: number;
  tokenHash: string;
  times: SessionTimes;
}

/**
 * Applicant sessions: an opaque random token (256 bits) in the cookie, only its sha256 in the
 * database, so that every server process (on PostgreSQL) knows every session.
 */
export class SessionStore {
  constructor(
    private readonly db: Kysely<Database>,
    readonly limits: SessionLimits = DEFAULT_SESSION_LIMITS,
  ) {}

  async create(applicationId: number): Promise<{ token: string; times: SessionTimes }> {
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    const expiresAt = new Date(now.getTime() + this.limits.maxMs);
    await insertSession(this.db, {
      token_hash: secretHash(token),
      application_id: applicationId,
      last_seen_at: now,
      expires_at: expiresAt,
    });
    return { token, times: this.times(now, expiresAt) };
  }

  /** The live session of a token, its idle time restarted; undefined when unknown, ended or expired. */
  async touch(token: string | undefined): Promise<ActiveSession | undefined> {
    if (!token || token.length > 100) return undefined;
    const now = new Date();
    const row = await touchSession(this.db, secretHash(token), now, new Date(now.getTime() - this.limits.idleMs));
    if (!row) return undefined;
    return { applicationId: row.application_id, tokenHash: row.token_hash, times: this.times(now, row.expires_at) };
  }

  async end(token: string | undefined): Promise<void> {
    if (!token || token.length > 100) return;
    await endSession(this.db, secretHash(token), new Date());
  }

  private times(lastSeen: Date, expiresAt: Date): SessionTimes {
    const idleEnds = Math.min(lastSeen.getTime() + this.limits.idleMs, expiresAt.getTime());
    return {
      idle_expires_at: new Date(idleEnds).toISOString(),
      expires_at: expiresAt.toISOString(),
      idle_timeout_s: Math.round(this.limits.idleMs / 1000),
    };
  }
}
