/**
 * Which uploads an application takes once submitted (issue 31, item 5): the same rule for the server,
 * which enforces it, and the dashboard, which offers an upload only where it is allowed. Until a
 * decision (submitted, under review, returned for changes) an applicant may replace a document staff
 * rejected, or upload one an open round of changes asks for; nothing else, and nothing at all once
 * the application is decided.
 */

/** The statuses before a decision: the only ones whose documents may still change. */
export const UNDECIDED_STATUSES: readonly string[] = ['submitted', 'under_review', 'returned'];

/**
 * 'asked': the open round of changes asks for it; 'rejected': it replaces a file staff rejected;
 * 'decided': the application is decided (or not submitted), no upload; 'refused': not this document.
 */
export type UploadAfterSubmit = 'asked' | 'rejected' | 'decided' | 'refused';

export function uploadAfterSubmit(input: {
  /** The application's stored status. */
  status: string;
  /** The review status of the document's current files (not replaced): 'uploaded', 'accepted', 'rejected'. */
  fileStatuses: readonly string[];
  /** Whether the open round of changes (status returned) asks for this document. */
  askedByRound: boolean;
}): UploadAfterSubmit {
  if (!UNDECIDED_STATUSES.includes(input.status)) return 'decided';
  if (input.status === 'returned' && input.askedByRound) return 'asked';
  const rejected = input.fileStatuses.includes('rejected') && !input.fileStatuses.includes('accepted');
  return rejected ? 'rejected' : 'refused';
}
