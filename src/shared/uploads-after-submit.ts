/**
 * Which uploads an application takes once submitted (issue 31, item 5): the same rule for the server,
 * which enforces it, and the dashboard, which offers an upload only where it is allowed. An applicant
 * may replace a document staff rejected (whatever the application's status, but withdrawn), or upload
 * one the open round of changes asks for; nothing else: no document swapped behind staff's back.
 * Once the open round's deadline has passed, nothing at all until staff extend it (the deadline is firm).
 */

/**
 * 'asked': the open round of changes asks for it; 'rejected': it replaces a file staff rejected;
 * 'refused': not this document; 'late': the application is returned and its round's deadline has passed.
 */
export type UploadAfterSubmit = 'asked' | 'rejected' | 'refused' | 'late';

export function uploadAfterSubmit(input: {
  /** The application's stored status. */
  status: string;
  /** The review status of the document's current files (not replaced): 'uploaded', 'accepted', 'rejected'. */
  fileStatuses: readonly string[];
  /** Whether the open round of changes (status returned) asks for this document. */
  askedByRound: boolean;
  /** Whether the open round's deadline (status returned) has passed: no upload until staff extend it. */
  deadlinePassed?: boolean;
}): UploadAfterSubmit {
  if (input.status === 'returned' && input.deadlinePassed) return 'late';
  if (input.status === 'returned' && input.askedByRound) return 'asked';
  const rejected = input.fileStatuses.includes('rejected') && !input.fileStatuses.includes('accepted');
  return rejected ? 'rejected' : 'refused';
}
