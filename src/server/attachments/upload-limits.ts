import { ApiError } from '../http/envelope';

/**
 * How much one draft, one application and one client may store: the one place for these numbers.
 * docs/security-and-limits.md (the upload quotas) quotes them and `worstCasePerClientPerDay`; a test
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

const inMb = (bytes: number) => Number((bytes / MiB).toFixed(1));

/** 413 when the files an application (or a draft) keeps, the new one recorded, come to more than `most`. */
export function refuseOverApplication(most: number, stored: number): void {
  if (stored > most) throw new ApiError(413, 'upload_quota_application', { max_bytes: most }, { mb: inMb(most) });
}

/** 429 when a client's uploads today reach ('full') or pass ('over') `most`, until the next UTC day. */
export function refuseOverDay(most: number, total: number, when: 'full' | 'over'): void {
  if (when === 'full' ? total >= most : total > most)
    throw new ApiError(
      429,
      'upload_quota_daily',
      { max_bytes: most, retry_after_s: secondsToNextUtcDay(new Date()) },
      { mb: inMb(most) },
    );
}
