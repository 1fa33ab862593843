import { answerMessageBody } from '../../shared/api/conversation';
import {
  APPROVED_USE_MAX_LENGTH,
  PERMIT_CONDITION_MAX_LENGTH,
  PERMIT_CONDITIONS_MAX,
  REVOKE_REASON_MAX_LENGTH,
  permitNumberProperty,
} from '../../shared/api/permits';
import { APPLICATION_TYPES } from '../../shared/wizard-driver';
import type { Language } from '../../shared/reference-data';
import { message } from '../i18n/messages';
import { CHANGE_ACTIONS } from '../changes/change-actions';
import type { StaffActor } from '../staff-accounts/staff-actor';
import type { BackOfficeService, Notified } from './back-office-service';

/**
 * The back office's calls, each with its body schema: /api/staff/<name> serves them (staff-routes.ts)
 * and the command line runs the same ones on the database directly (staff-cli.ts), so both answer alike.
 */

export interface StaffAnswer {
  data: unknown;
  messageKey: string;
  params?: Record<string, unknown>;
}

export interface StaffAction {
  summary: string;
  body: Record<string, unknown>;
  run(service: BackOfficeService, body: never, language: Language, actor: StaffActor): Promise<StaffAnswer>;
}

/** The staff's texts that may run over several lines (remarks, messages, descriptions); every other text is one line. */
export const STAFF_MULTILINE_TEXTS = ['remark', 'message', 'description', 'reason'] as const;

const text = (maxLength: number, minLength = 0) => ({ type: 'string', minLength, maxLength }) as const;
const referenceNumber = { type: 'string', minLength: 10, maxLength: 20, pattern: '^[A-Za-z0-9 -]+$' } as const;
const id = { type: 'string', minLength: 1, maxLength: 64 } as const;
const remark = text(1000);
const paging = {
  page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
  page_size: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
} as const;

const object = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties,
});

function define<B>(action: {
  summary: string;
  body: Record<string, unknown>;
  run(service: BackOfficeService, body: B, language: Language, actor: StaffActor): Promise<StaffAnswer>;
}): StaffAction {
  return action;
}

/** The answer's message: the change's own, or that the SMS could not be sent. */
const done = (data: Notified, messageKey: string, params?: Record<string, unknown>): StaffAnswer =>
  data.sms_failed
    ? { data, messageKey: 'back_office.sms_failed' }
    : { data, messageKey, ...(params ? { params } : {}) };

/** A call of the requests for changes (src/server/changes/change-actions.ts), run on the back office's changes service. */
function viaChanges<B>(
  action: (typeof CHANGE_ACTIONS)[keyof typeof CHANGE_ACTIONS] & {
    run(changes: BackOfficeService['changes'], body: B, language: Language, actor: StaffActor): Promise<StaffAnswer>;
  },
): StaffAction {
  return define<B>({
    summary: action.summary,
    body: action.body,
    run: (service, body, language, actor) => action.run(service.changes, body, language, actor),
  });
}

interface PageBody {
  page: number;
  page_size: number;
}

export const STAFF_ACTIONS = {
  list_applications: define<
    PageBody & { status?: string; application_type?: string; reference_number?: string; name?: string }
  >({
    summary:
      'Back office: search and page applications by status (as shown, `expired` too; drafts only when asked ' +
      'for), type, reference number (or its beginning) and part of the applicant’s name; most recently changed first',
    body: object({
      status: { type: 'string', minLength: 1, maxLength: 32 },
      application_type: { type: 'string', enum: [...APPLICATION_TYPES] },
      reference_number: { type: 'string', minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9 -]+$' },
      name: text(100, 1),
      ...paging,
    }),
    run: async (service, body, language) => {
      const page = await service.listApplications(body, language);
      return { data: page, messageKey: 'back_office.applications_found', params: { count: page.total } };
    },
  }),

  get_application: define<{ reference_number: string }>({
    summary:
      'Back office: one application with its answers, status history, invoices, permits, documents, the ' +
      'number of notifications, and the moves it allows now',
    body: object({ reference_number: referenceNumber }, ['reference_number']),
    run: async (service, body) => {
      const application = await service.getApplication(body.reference_number);
      return {
        data: application,
        messageKey: 'back_office.application_found',
        params: { reference_number: application.reference_number },
      };
    },
  }),

  set_status: define<{ reference_number: string; status: string; remark?: string }>({
    summary:
      'Back office: move an application along its states (submitted → under_review → returned | approved | ' +
      'rejected; returned → under_review by hand, which ends the open round), with a remark (required to reject); ' +
      'a return for changes is return_for_changes; notifies the applicant. ' +
      '409 illegal_status_move with { from, to, allowed }',
    body: object({ reference_number: referenceNumber, status: text(32, 1), remark }, ['reference_number', 'status']),
    run: async (service, body, language, actor) => {
      const moved = await service.setStatus(actor, body.reference_number, body.status, body.remark, language);
      return done(moved, 'back_office.status_set', { status: message(language, `statuses.${moved.status}`) });
    },
  }),

  add_invoice: define<{
    reference_number: string;
    amount_tzs: number;
    control_number?: string;
    due_date: string;
    description?: string;
  }>({
    summary:
      'Back office: an invoice (amount in whole TZS, due date YYYY-MM-DD not in the past); its bill is raised ' +
      'with the payment gateway, which gives the control number (at once: in the answer; or later) and the ' +
      'applicant gets it with how to pay by SMS. `control_number` only for a bill the integration registered ' +
      'itself elsewhere (6–20 digits; no bill is raised). Not for a draft or rejected application',
    body: object(
      {
        reference_number: referenceNumber,
        amount_tzs: { type: 'number' },
        control_number: text(40, 1),
        due_date: text(32, 1),
        description: text(500),
      },
      ['reference_number', 'amount_tzs', 'due_date'],
    ),
    run: async (service, body, language, actor) => {
      const { reference_number, ...invoice } = body;
      return done(await service.addInvoice(actor, reference_number, invoice, language), 'back_office.invoice_added');
    },
  }),

  mark_invoice_paid: define<{ invoice_id: string }>({
    summary:
      'Back office: record by hand that an invoice was paid (cash at the unit, or an exception): its balance is ' +
      'recorded as a cash payment with a receipt; notifies the applicant. 409 when already paid',
    body: object({ invoice_id: id }, ['invoice_id']),
    run: async (service, body, _language, actor) =>
      done(await service.markInvoicePaid(actor, body.invoice_id), 'back_office.invoice_paid'),
  }),

  get_receipt: define<{ receipt_number: string }>({
    summary: 'Back office: a payment receipt (PDF, English and Swahili) as base64, by its receipt number',
    body: object({ receipt_number: { type: 'string', minLength: 1, maxLength: 40, pattern: '^[A-Z0-9-]+$' } }, [
      'receipt_number',
    ]),
    run: async (service, body) => ({ data: await service.receipt(body.receipt_number), messageKey: 'ok' }),
  }),

  issue_permit: define<{
    reference_number: string;
    permit_number: string;
    valid_from: string;
    valid_until: string;
    remark?: string;
    approved_use?: string;
    storeys?: number;
    conditions?: string[];
  }>({
    summary:
      'Back office: a permit with its number and validity dates (YYYY-MM-DD), for an approved application ' +
      '(→ permit_issued) or a requested renewal (→ renewed); notifies the applicant with the link to its ' +
      'verify page. The permit document prints the approved use and storeys (from the answers unless given ' +
      'here) and the conditions (at most 20, one line each)',
    body: object(
      {
        reference_number: referenceNumber,
        permit_number: text(64, 1),
        valid_from: text(32, 1),
        valid_until: text(32, 1),
        remark,
        approved_use: text(APPROVED_USE_MAX_LENGTH, 1),
        storeys: { type: 'integer', minimum: 0, maximum: 60 },
        conditions: {
          type: 'array',
          maxItems: PERMIT_CONDITIONS_MAX,
          items: text(PERMIT_CONDITION_MAX_LENGTH, 1),
        },
      },
      ['reference_number', 'permit_number', 'valid_from', 'valid_until'],
    ),
    run: async (service, body, language, actor) => {
      const { reference_number, ...permit } = body;
      const issued = await service.issuePermit(actor, reference_number, permit, language);
      return done(issued, 'back_office.permit_issued', { permit_number: issued.permit.permit_number });
    },
  }),

  revoke_permit: define<{ permit_number: string; reason: string }>({
    summary:
      'Back office: revokes a permit with a reason (required; told to the applicant by notice and SMS, not to ' +
      'the public); its verify page then says revoked, with the date. 409 when already revoked',
    body: object({ permit_number: permitNumberProperty, reason: text(REVOKE_REASON_MAX_LENGTH) }, [
      'permit_number',
      'reason',
    ]),
    run: async (service, body, language, actor) => {
      const revoked = await service.permits.revoke(actor, body.permit_number, body.reason, language);
      return done(revoked, 'permits.revoked_done', { permit_number: revoked.permit_number });
    },
  }),

  get_permit_document: define<{ permit_number: string }>({
    summary:
      'Back office: a permit’s PDF (English and Swahili, with its signed QR code), as `content_base64` with ' +
      'its `file_name`. 409 for a revoked permit',
    body: object({ permit_number: permitNumberProperty }, ['permit_number']),
    run: async (service, body) => {
      const file = await service.permits.staffDocument(body.permit_number);
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

  add_notification: define<{ reference_number: string; title: string; message: string; remark?: string }>({
    summary: 'Back office: a notification in staff’s own words, on the applicant’s dashboard and by SMS',
    body: object({ reference_number: referenceNumber, title: text(200, 1), message: text(2000, 1), remark }, [
      'reference_number',
      'title',
      'message',
    ]),
    run: async (service, body, language, actor) => {
      const { reference_number, ...note } = body;
      return done(
        await service.addNotification(actor, reference_number, note, language),
        'back_office.notification_sent',
      );
    },
  }),

  update_attachment: define<{ attachment_id: string; status: string; remark?: string }>({
    summary:
      'Back office: accept or reject an uploaded document (`accepted` | `rejected`), with a remark (required to ' +
      'reject); notifies the applicant',
    body: object({ attachment_id: id, status: text(16, 1), remark }, ['attachment_id', 'status']),
    run: async (service, body, language, actor) => {
      const reviewed = await service.updateAttachment(actor, body.attachment_id, body, language);
      return done(reviewed, 'back_office.attachment_reviewed', {
        status: message(language, `attachment_statuses.${reviewed.status}`),
      });
    },
  }),

  list_messages: define<PageBody & { reference_number?: string }>({
    summary: 'Back office: the messages applicants sent, newest first, optionally of one application',
    body: object({ reference_number: referenceNumber, ...paging }),
    run: async (service, body, language) => {
      const page = await service.listMessages(body, language);
      return { data: page, messageKey: 'back_office.messages_found', params: { count: page.total } };
    },
  }),

  answer_message: define<{ message_id: string; message: string; by?: string }>({
    summary:
      'Back office: the unit’s answer to an applicant’s message (`message_id` from list_messages), signed with ' +
      'the signed-in staff member’s name (a `by` is ignored); with the integration’s token, `by` names the ' +
      'person of its own system and is required. The applicant sees it in the conversation on the dashboard',
    body: answerMessageBody,
    run: async (service, body, language, actor) => ({
      data: await service.answerMessage(actor, body, language),
      messageKey: 'back_office.message_answered',
    }),
  }),

  list_renewals: define<PageBody & { reference_number?: string }>({
    summary: 'Back office: the permit renewal requests applicants sent, newest first, optionally of one application',
    body: object({ reference_number: referenceNumber, ...paging }),
    run: async (service, body, language) => {
      const page = await service.listRenewals(body, language);
      return { data: page, messageKey: 'back_office.renewals_found', params: { count: page.total } };
    },
  }),

  // Requests for changes (issue 19, item 1).
  return_for_changes: viaChanges(CHANGE_ACTIONS.return_for_changes),
  extend_changes: viaChanges(CHANGE_ACTIONS.extend_changes),
  withdraw_overdue: viaChanges(CHANGE_ACTIONS.withdraw_overdue),
  list_overdue_changes: viaChanges(CHANGE_ACTIONS.list_overdue_changes),
  list_holidays: viaChanges(CHANGE_ACTIONS.list_holidays),
  add_holiday: viaChanges(CHANGE_ACTIONS.add_holiday),
  remove_holiday: viaChanges(CHANGE_ACTIONS.remove_holiday),
} satisfies Record<string, StaffAction>;

export type StaffActionName = keyof typeof STAFF_ACTIONS;

export function isStaffAction(name: string): name is StaffActionName {
  return Object.hasOwn(STAFF_ACTIONS, name);
}
