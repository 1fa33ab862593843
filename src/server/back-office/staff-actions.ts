import * as calls from '../../shared/api/back-office';
import { answerMessage as answerMessageCall } from '../../shared/api/conversation';
import { cancelInvoice, listPaymentExceptions, settlePaymentException } from '../../shared/api/payment-exceptions';
import { message } from '../i18n/messages';
import { CHANGE_ACTIONS, type AnyChangeAction } from '../changes/change-actions';
import { reviewAttachment } from '../attachments/review-attachment';
import { answerMessage } from '../messages/answer-message';
import { listMessages } from '../messages/list-messages';
import { addNotification } from '../notifications/add-notification';
import { addInvoice } from '../payments/add-invoice';
import { markInvoicePaid } from '../payments/mark-invoice-paid';
import { staffReceipt } from '../payments/receipts';
import { issuePermit, previewPermit } from '../permits/issue-permit';
import { assignApplication } from './assign-application';
import { getApplication } from './get-application';
import { listApplications } from './list-applications';
import { listRenewals } from './list-renewals';
import { setStatus } from './set-status';
import { defineOn, done, type AnyStaffAction } from './staff-action';
import type { StaffServices } from './staff-services';

/**
 * The back office's calls, each built from its shared call (src/shared/api/back-office.ts, and
 * change-requests.ts, conversation.ts): /api/staff/<name> serves them (staff-routes.ts) and the command
 * line runs the same ones on the database directly (staff-cli.ts), so both answer alike.
 */

export type { StaffAnswer } from './staff-action';
export type AnyAction = AnyStaffAction<StaffServices>;

/** The staff's texts that may run over several lines (remarks, messages, descriptions); every other text is one line. */
export const STAFF_MULTILINE_TEXTS = ['remark', 'message', 'description', 'reason'] as const;

const define = defineOn<StaffServices>();

/** A call of the requests for changes (src/server/changes/change-actions.ts), run on the staff's changes service. */
const viaChanges = (action: AnyChangeAction): AnyAction => ({
  call: action.call,
  summary: action.summary,
  run: (staff, body, language, actor) => action.run(staff.changes, body, language, actor),
});

export const STAFF_ACTIONS = {
  list_applications: define(calls.listApplications, {
    summary:
      'Back office: search and page applications by status (as shown, `expired` too; drafts only when asked ' +
      'for), type, reference number (or its beginning) and part of the applicant’s name; most recently changed first',
    run: async (staff, body, language, actor) => {
      const page = await listApplications(staff, body, language, actor);
      return { data: page, messageKey: 'back_office.applications_found', params: { count: page.total } };
    },
  }),

  get_application: define(calls.getStaffApplication, {
    summary:
      'Back office: one application with its answers, status history, invoices, permits, documents, the ' +
      'number of notifications, and the moves it allows now',
    run: async (staff, body, _language, actor) => {
      const application = await getApplication(staff, body.reference_number, actor);
      return {
        data: application,
        messageKey: 'back_office.application_found',
        params: { reference_number: application.reference_number },
      };
    },
  }),

  assign_application: define(calls.assignApplication, {
    summary:
      'Back office: who works an application. An officer takes one nobody has (`assignee`: their own login) or ' +
      'gives back their own (null); an administrator or the integration gives any to an officer or ' +
      'administrator, or to nobody. Kept in the history with before and after. 409 assigned_to_another when ' +
      'an officer takes one another has; 403 when an officer assigns another',
    run: async (staff, body, language, actor) => {
      const assigned = await assignApplication(staff, actor, body.reference_number, body.assignee, language);
      return assigned.assignee
        ? {
            data: assigned,
            messageKey: 'back_office.application_assigned',
            params: { reference_number: assigned.reference_number, assignee: assigned.assignee.name },
          }
        : {
            data: assigned,
            messageKey: 'back_office.application_unassigned',
            params: { reference_number: assigned.reference_number },
          };
    },
  }),

  set_status: define(calls.setStatus, {
    summary:
      'Back office: move an application along its states (submitted → under_review → returned | approved | ' +
      'rejected; returned → under_review by hand, which ends the open round), with a remark (required to reject); ' +
      'a return for changes is return_for_changes; notifies the applicant. ' +
      '409 illegal_status_move with { from, to, allowed }',
    run: async (staff, body, language, actor) => {
      const moved = await setStatus(staff, actor, body.reference_number, body.status, body.remark, language);
      return done(moved, 'back_office.status_set', { status: message(language, `statuses.${moved.status}`) });
    },
  }),

  add_invoice: define(calls.addInvoice, {
    summary:
      'Back office: an invoice (due date YYYY-MM-DD not in the past) of the fee schedule’s estimate with its ' +
      'lines, unless `amount_tzs` (whole TZS) says another, which needs `amount_reason` (kept in the history); ' +
      'its bill is raised ' +
      'with the payment gateway, which gives the control number (at once: in the answer; or later) and the ' +
      'applicant gets it with how to pay by SMS. `control_number` only for a bill the integration registered ' +
      'itself elsewhere (6–20 digits; no bill is raised). Not for a draft or rejected application',
    run: async (staff, body, language, actor) => {
      const { reference_number, ...invoice } = body;
      return done(await addInvoice(staff, actor, reference_number, invoice, language), 'back_office.invoice_added');
    },
  }),

  mark_invoice_paid: define(calls.markInvoicePaid, {
    summary:
      'Back office: record by hand that an invoice was paid (cash at the unit, or an exception): its balance is ' +
      'recorded as a cash payment with a receipt; notifies the applicant. 409 when already paid',
    run: async (staff, body, _language, actor) =>
      done(await markInvoicePaid(staff, actor, body.invoice_id), 'back_office.invoice_paid'),
  }),

  cancel_invoice: define(cancelInvoice, {
    summary:
      'Back office: cancels an invoice raised by mistake, with a reason (required; told to the applicant by SMS ' +
      'and notification in their language, kept in the history); its open bills are cancelled at the payment ' +
      'gateway (a job retries while it is down). 409 invoice_cancel_paid when anything was paid on it (refunds ' +
      'are settled with settle_payment_exception), 409 invoice_already_cancelled',
    run: async (staff, body, language, actor) =>
      done(
        await staff.money.cancelInvoice(actor, body.invoice_id, body.reason, language),
        'back_office.invoice_cancelled',
      ),
  }),

  list_payment_exceptions: define(listPaymentExceptions, {
    summary:
      'Back office: the money no invoice takes, oldest first: unmatched payments, over-payments and money to ' +
      'refund (paid on a cancelled invoice or a withdrawn application); open ones unless `settled`; with the ' +
      'unit’s totals to the shilling (payments = applied + unmatched + over-payments + refunds)',
    run: async (staff, body) => {
      const page = await staff.money.list(body);
      return { data: page, messageKey: 'payments.exceptions_found', params: { count: page.total } };
    },
  }),

  settle_payment_exception: define(settlePaymentException, {
    summary:
      'Back office: records how a payment exception was settled (`refunded`, `applied` to another invoice ' +
      'given by `invoice_id`, up to its balance, or `other` with a required remark), with who did it; the ' +
      'applicant is told. 409 when already settled',
    run: async (staff, body, language, actor) =>
      done(await staff.money.settle(actor, body, language), 'payments.exception_settled_done'),
  }),

  get_receipt: define(calls.getReceipt, {
    summary: 'Back office: a payment receipt (PDF, English and Swahili) as base64, by its receipt number',
    run: async (staff, body) => ({ data: await staffReceipt(staff.db, body.receipt_number), messageKey: 'ok' }),
  }),

  issue_permit: define(calls.issuePermit, {
    summary:
      'Back office: a permit with its number and validity dates (YYYY-MM-DD), for an approved application ' +
      '(→ permit_issued) or a requested renewal (→ renewed); notifies the applicant with the link to its ' +
      'verify page. The permit document prints the approved use (required here: 422 without it; the ' +
      "applicant's own description is never printed as it), the storeys (from the answers unless given here) " +
      'and the conditions (at most 20, one line each)',
    run: async (staff, body, language, actor) => {
      const { reference_number, ...permit } = body;
      const issued = await issuePermit(staff, actor, reference_number, permit, language);
      return done(issued, 'back_office.permit_issued', { permit_number: issued.permit.permit_number });
    },
  }),

  preview_permit: define(calls.previewPermit, {
    summary:
      'Back office: the permit issue_permit would issue with these fields, as a PDF (`content_base64`) marked ' +
      'as a preview on every page, with no QR code and no signed link; checked as issue_permit checks them ' +
      '(422, 409 from another stage or for a number taken); nothing is issued or written',
    run: async (staff, body, language) => {
      const { reference_number, ...permit } = body;
      const file = await previewPermit(staff, reference_number, permit, language);
      return {
        data: {
          file_name: file.file_name,
          mime_type: 'application/pdf',
          size: file.bytes.byteLength,
          content_base64: Buffer.from(file.bytes).toString('base64'),
        },
        messageKey: 'permits.preview_ready',
        params: { permit_number: permit.permit_number.trim() },
      };
    },
  }),

  revoke_permit: define(calls.revokePermit, {
    summary:
      'Back office: revokes a permit with a reason (required; told to the applicant by notice and SMS, not to ' +
      'the public); its verify page then says revoked, with the date. 409 when already revoked',
    run: async (staff, body, language, actor) => {
      const revoked = await staff.permits.revoke(actor, body.permit_number, body.reason, language);
      return done(revoked, 'permits.revoked_done', { permit_number: revoked.permit_number });
    },
  }),

  get_permit_document: define(calls.getPermitDocument, {
    summary:
      'Back office: a permit’s PDF (English and Swahili, with its signed QR code), as `content_base64` with ' +
      'its `file_name`. 409 for a revoked permit',
    run: async (staff, body) => {
      const file = await staff.permits.staffDocument(body.permit_number);
      return {
        data: {
          file_name: file.file_name,
          mime_type: 'application/pdf',
          size: file.bytes.byteLength,
          content_base64: Buffer.from(file.bytes).toString('base64'),
        },
        messageKey: 'permits.document_ready',
        params: { permit_number: body.permit_number },
      };
    },
  }),

  add_notification: define(calls.addNotification, {
    summary: 'Back office: a notification in staff’s own words, on the applicant’s dashboard and by SMS',
    run: async (staff, body, language, actor) => {
      const { reference_number, ...note } = body;
      return done(
        await addNotification(staff, actor, reference_number, note, language),
        'back_office.notification_sent',
      );
    },
  }),

  update_attachment: define(calls.updateAttachment, {
    summary:
      'Back office: accept or reject an uploaded document (`accepted` | `rejected`), with a remark (required to ' +
      'reject); notifies the applicant',
    run: async (staff, body, language, actor) => {
      const reviewed = await reviewAttachment(staff, actor, body.attachment_id, body, language);
      return done(reviewed, 'back_office.attachment_reviewed', {
        status: message(language, `attachment_statuses.${reviewed.status}`),
      });
    },
  }),

  list_messages: define(calls.listMessages, {
    summary: 'Back office: the messages applicants sent, newest first, optionally of one application',
    run: async (staff, body, language) => {
      const page = await listMessages(staff, body, language);
      return { data: page, messageKey: 'back_office.messages_found', params: { count: page.total } };
    },
  }),

  answer_message: define(answerMessageCall, {
    summary:
      'Back office: the unit’s answer to an applicant’s message (`message_id` from list_messages), signed with ' +
      'the signed-in staff member’s name (a `by` is ignored); with the integration’s token, `by` names the ' +
      'person of its own system and is required. The applicant sees it in the conversation on the dashboard',
    run: async (staff, body, language, actor) => ({
      data: await answerMessage(staff, actor, body, language),
      messageKey: 'back_office.message_answered',
    }),
  }),

  list_renewals: define(calls.listRenewals, {
    summary: 'Back office: the permit renewal requests applicants sent, newest first, optionally of one application',
    run: async (staff, body, language) => {
      const page = await listRenewals(staff, body, language);
      return { data: page, messageKey: 'back_office.renewals_found', params: { count: page.total } };
    },
  }),

  // Requests for changes (issue 19, item 1).
  get_application_outline: viaChanges(CHANGE_ACTIONS.get_application_outline),
  return_for_changes: viaChanges(CHANGE_ACTIONS.return_for_changes),
  extend_changes: viaChanges(CHANGE_ACTIONS.extend_changes),
  withdraw_overdue: viaChanges(CHANGE_ACTIONS.withdraw_overdue),
  list_overdue_changes: viaChanges(CHANGE_ACTIONS.list_overdue_changes),
  list_holidays: viaChanges(CHANGE_ACTIONS.list_holidays),
  add_holiday: viaChanges(CHANGE_ACTIONS.add_holiday),
  remove_holiday: viaChanges(CHANGE_ACTIONS.remove_holiday),
};

/** Every action, its types erased: as the route and the command line run them. */
export const STAFF_ACTION_LIST: Record<StaffActionName, AnyAction> = STAFF_ACTIONS;

export type StaffActionName = keyof typeof STAFF_ACTIONS;
