import { permitView } from '../permits/permit-view';
import type { Kysely } from 'kysely';
import { STATUS_MOVES, isApplicationStatus, shownStatus, statusAfterPermit, todayIso } from '../../shared/dashboard';
import type { DocumentRule } from '../../shared/forms';
import { moduleAnswers } from '../../shared/step-modules';
import { formatReferenceNumber } from '../applications/reference-number';
import { attachmentsOf } from '../attachments/attachments-access';
import { attachmentView } from '../attachments/attachment-view';
import type { ChangeRequestsService } from '../changes/change-requests-service';
import type { Database } from '../db/schema';
import type { FeesService } from '../fees/fees-service';
import type { FormsService } from '../forms/forms-service';
import { ApiError } from '../http/envelope';
import type { StaffActor } from '../staff-accounts/staff-actor';
import { staffNames } from '../staff-accounts/staff-directory';
import { notificationCount } from '../notifications/notifications-access';
import { invoicesOf } from '../payments/invoices-access';
import { permitsOf } from '../permits/permits-access';
import { findApplication, history, insertStaffView } from '../applications/application-access';
import { applicantName, iso, staffReference, toInvoice, toStaffEvent } from './back-office-rules';
import type { StaffApplication } from './back-office-types';

/** What get_application runs on (StaffServices has it). */
export interface GetApplicationDeps {
  db: Kysely<Database>;
  /** The forms being served: the applicant step names the applicant, the document rules the documents. */
  forms: Pick<FormsService, 'get'>;
  /** The rounds of requests for changes. */
  changes: Pick<ChangeRequestsService, 'rounds'>;
  /** Fee estimates: what the invoice would be. */
  fees?: Pick<FeesService, 'forApplication'> | undefined;
}

type AttachmentRow = Awaited<ReturnType<typeof attachmentsOf>>[number];

/**
 * One application as staff see it: its answers, history, invoices, permits, documents, the number of
 * notifications, the rounds of changes, the fee estimate, and the moves it allows now; the look itself
 * recorded when `viewer` says whose it is (staff's get_application always does).
 */
export async function getApplication(
  deps: GetApplicationDeps,
  referenceInput: string,
  viewer?: StaffActor,
): Promise<StaffApplication> {
  const row = await findApplication(deps.db, staffReference(referenceInput));
  if (!row) throw new ApiError(404, 'application_not_found');
  // Every look at the applicant's personal data is recorded (issue 33, item 9): who, in which role, when.
  if (viewer) await insertStaffView(deps.db, row.id, viewer);
  const [events, invoices, permits, attachments, notifications, forms] = await Promise.all([
    history(deps.db, row.id),
    invoicesOf(deps.db, row.id),
    permitsOf(deps.db, row.id),
    attachmentsOf(deps.db, row.id),
    notificationCount(deps.db, row.id),
    deps.forms.get(),
  ]);
  const [changeRounds, assignees] = await Promise.all([
    deps.changes.rounds(row.id),
    staffNames(deps.db, [row.assigned_account_id]),
  ]);
  const assignee = row.assigned_account_id === null ? undefined : assignees.get(row.assigned_account_id);
  const today = todayIso();
  const { steps } = (await deps.forms.get()).forms;
  const uploads = moduleAnswers(row.answers, steps, 'documents');
  const scales = (uploads.scales ?? {}) as Record<string, unknown>;
  return {
    reference_number: formatReferenceNumber(row.reference_number),
    application_type: row.application_type,
    assignee: assignee ? { login: assignee.login, name: assignee.name } : null,
    status: shownStatus(row.status, permits[0]?.valid_until, today),
    stored_status: row.status,
    applicant_name: applicantName(moduleAnswers(row.answers, steps, 'applicant')),
    phone: row.phone,
    id_number: row.id_number,
    language: row.language,
    created_at: iso(row.created_at)!,
    submitted_at: iso(row.submitted_at),
    updated_at: iso(row.updated_at)!,
    allowed_moves: isApplicationStatus(row.status) ? [...STATUS_MOVES[row.status]] : [],
    permit_moves_to: statusAfterPermit(row.status) ?? null,
    answers: row.answers,
    history: events.map(toStaffEvent),
    invoices: invoices.map(toInvoice),
    permits: permits.map((p) => permitView(p, today)),
    attachments: attachments.map((a) => staffAttachment(a, forms.forms.documents, scales)),
    notifications,
    change_rounds: changeRounds,
    fee_estimate: (await deps.fees?.forApplication(row.id)) ?? null,
  };
}

/** A document as staff see it, with the scale recorded with the upload where there is one, else the uploads step's. */
function staffAttachment(
  a: AttachmentRow,
  documents: DocumentRule[],
  scales: Record<string, unknown>,
): StaffApplication['attachments'][number] {
  return { ...attachmentView(a, documents, scales[a.document_type]), active_content: a.active_content };
}
