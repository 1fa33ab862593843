import type { UploadAfterSubmit } from '../../shared/uploads-after-submit';
import { refuseAfterDeadline } from '../changes/change-deadline-rule';
import { ApiError } from '../http/envelope';

/** Whether the open round's requests ask for this document. */
export function asks(requests: unknown, documentType: string): boolean {
  return (
    Array.isArray(requests) &&
    requests.some(
      (r: { kind?: string; document_type?: string }) => r.kind === 'document' && r.document_type === documentType,
    )
  );
}

/**
 * 409 for an upload after Submit that the rule (src/shared/uploads-after-submit.ts) does not allow:
 * `changes.deadline_passed`, as every change is refused, once the open round's deadline has passed.
 */
export function refuseAfterSubmit(way: UploadAfterSubmit, round: { due_date: string } | undefined): void {
  if (way === 'late' && round) refuseAfterDeadline(round);
  if (way === 'refused' || way === 'late') throw new ApiError(409, 'document_not_replaceable');
}
