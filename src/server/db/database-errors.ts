/**
 * The database cannot be reached: stopped, unreachable, or not answering. Requests answer 503
 * (database_unavailable) at once instead of hanging or answering 500, and the next request tries again.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`The database is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** PostgreSQL's own words for "not now": shutting down, starting up, too many connections. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres reports a lost or never-made connection by message only. */
const LOST_CONNECTION =
  /Connection terminated|timeout exceeded when trying to connect|timeout expired|Query read timeout|is not queryable|Client was closed|connection timeout/i;

/** Whether `error` says that the connection failed, rather than that the query was wrong. */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08'))) {
    return true;
  }
  return LOST_CONNECTION.test(error.message);
}

/** `error` as a DatabaseUnavailableError. */
export const unavailable = (error: unknown) =>
  error instanceof DatabaseUnavailableError ? error : new DatabaseUnavailableError(error);

/** A unique constraint refused the write (PostgreSQL and PGlite: SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}
