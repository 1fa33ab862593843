/**
 * How much one draft, one application and one client may store: the one place for these numbers.
 * README ("Uploads: what one client can store") quotes them and `worstCasePerClientPerDay`; a test
 * computes the same from here.
 */
export interface UploadLimits {
  /** Files kept per document type of a draft: a further upload deletes the oldest one its answers do not name. */
  draftFilesPerDocument: number;
  /** Files kept per document type after Submit (the current one and those it replaced): the same rule. */
  applicationFilesPerDocument: number;
  /** Bytes of every file a draft keeps, together. */
  draftBytes: number;
  /** Bytes of every file an application keeps after Submit (the draft's and later replacements), together. */
  applicationBytes: number;
  /** Bytes one client (an address; IPv6 by its /64) may upload in a UTC day, kept or replaced since. */
  clientBytesPerDay: number;
}

const MiB = 1024 * 1024;

export const UPLOAD_LIMITS: UploadLimits = {
  draftFilesPerDocument: 3,
  applicationFilesPerDocument: 3,
  // The largest set a draft is asked for: 16 documents of at most 10 MiB (UPLOAD_MAX_BYTES' default).
  draftBytes: 160 * MiB,
  applicationBytes: 200 * MiB,
  clientBytesPerDay: 300 * MiB,
};

/**
 * The most one client can add to the upload folder in a day: every byte accepted counts against its
 * daily quota, whether the file is kept or replaced later, so no mix of drafts and applications gets
 * past it (the per-draft and per-application quotas bound each of them below it).
 */
export function worstCasePerClientPerDay(limits: UploadLimits): number {
  return limits.clientBytesPerDay;
}

/** Seconds from `now` to the next UTC midnight, when a client's daily count starts again. */
export function secondsToNextUtcDay(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/** The UTC day of `now`, as the daily count keys it. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}
