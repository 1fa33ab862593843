import { randomUUID } from 'node:crypto';
import type { FeesService } from '../fees/fees-service';
import type { Kysely } from 'kysely';
import {
  APPLICATION_STATUSES,
  STATUS_MOVES,
  canSetStatus,
  isApplicationStatus,
  shownStatus,
  statusAfterPermit,
  todayIso,
} from '../../shared/dashboard';
import type {
  AddInvoiceAnswer,
  AddNotificationAnswer,
  IssuePermitAnswer,
  MarkInvoicePaidAnswer,
  ReceiptFileAnswer,
  SetStatusAnswer,
  UpdateAttachmentAnswer,
} from '../../shared/api/back-office';
import type { AnswerMessageAnswer, AnswerMessageRequest } from '../../shared/api/conversation';
import type { StepForm } from '../../shared/forms';
import type { Language } from '../../shared/reference-data';
import { moduleAnswers, stepWithModule } from '../../shared/step-modules';
import { formatReferenceNumber, normalizeReferenceNumber } from '../applications/reference-number';
import type { Database } from '../db/schema';
import { ApiError } from '../http/envelope';
import type { NoticeKind, Notifier } from '../notifications/notifier';
import type { FormsService } from '../forms/forms-service';
import type { DocumentRule } from '../../shared/forms';
import * as repo from './back-office-repository';
import { ChangeRequestsService } from '../changes/change-requests-service';
import type { PaymentsService } from '../payments/payments-service';
import { receiptFile } from '../payments/receipts';
import { withdrawalPayments } from '../payments/invoice-cancellation';
import { PaymentExceptionsService } from '../payments/payment-exceptions-service';
import { invoiceAmount } from './invoice-amount';
import type { StaffActor } from '../staff-accounts/staff-actor';
import type { PermitsService } from '../permits/permits-service';
import { findApplicantMessage, insertUnitMessage } from '../dashboard/conversation-repository';
import {
  ATTACHMENT_REVIEW_STATUSES,
  CONTROL_NUMBER,
  MAX_PAGE_SIZE,
  NO_INVOICE,
  PERMIT_NUMBER,
  Problems,
  REMARK_REQUIRED,
  UUID,
  applicantName,
  toStaffEvent,
  cleanText,
  documentName,
  duplicate,
  invoiceParams,
  isDateInRange,
  isIsoDate,
  iso,
  EARLIEST_DATE,
  LATEST_DATE,
  MAX_DUE_YEARS,
  MAX_VALIDITY_YEARS,
  yearsAfter,
  statusName,
  toInvoice,
  toPermit,
  uniqueViolation,
} from './back-office-rules';
import type {
  ApplicationsPage,
  AttachmentReview,
  InvoiceInput,
  ListApplicationsRequest,
  MessagesPage,
  NoteInput,
  Notified,
  PagedByReferenceRequest,
  PageInput,
  PermitInput,
  RenewalsPage,
  StaffApplication,
} from './back-office-types';

export type * from './back-office-types';

/**
 * The development control unit's back office: it moves applications along their states, adds
 * invoices and permits, reviews documents and tells the applicant (dashboard notification and SMS in
 * the applicant's language) of each change. The HTTP API and the command line both call this.
 * `language` is only that of the answer's messages (the caller's); the applicant's comes from the application.
 */
export class BackOfficeService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly notifier: Notifier,
    /** The forms being served: their document rules name the documents. */
    private readonly forms: Pick<FormsService, 'get' | 'getVersion'>,
    /** The permit document: what it says is written as the permit is issued, and its link goes in the SMS. */
    readonly permits: PermitsService,
    /** Control-number payment: add_invoice raises the bill; without it only external control numbers. */
    private readonly payments?: PaymentsService,
    /** Fee estimates (src/server/fees): get_application shows what the invoice would be. */
    private readonly fees?: Pick<FeesService, 'forApplication'>,
  ) {
    this.changes = new ChangeRequestsService(
      db,
      notifier,
      forms,
      payments ? withdrawalPayments(payments.cancellation) : undefined,
    );
    this.money = new PaymentExceptionsService(db, notifier, payments?.cancellation);
  }

  /** The requests for changes (src/server/changes): their staff actions run on it. */
  readonly changes: ChangeRequestsService;
  /** Cancelled invoices and the money no invoice takes (src/server/payments): their staff actions run on it. */
  readonly money: PaymentExceptionsService;

  private async steps(): Promise<Record<string, StepForm>> {
    return (await this.forms.get()).forms.steps;
  }

  async listApplications(input: ListApplicationsRequest, language: Language = 'en'): Promise<ApplicationsPage> {
    const problems = new Problems(language);
    const { page, page_size } = this.paging(input, problems);
    if (input.status !== undefined && input.status !== 'expired' && !isApplicationStatus(input.status))
      problems.add('/status', 'status', { statuses: [...APPLICATION_STATUSES, 'expired'].join(', ') });
    let reference: repo.ApplicationFilter['reference'];
    if (input.reference_number !== undefined) {
      const exact = normalizeReferenceNumber(input.reference_number);
      const compact = input.reference_number.toUpperCase().replace(/[\s-]/g, '');
      if (exact) reference = { exact };
      else if (/^[0-9A-Z]{1,10}$/.test(compact)) reference = { prefix: compact };
      else problems.add('/reference_number', 'reference_number');
    }
    problems.check();
    const name = input.name?.trim().replace(/\s+/g, ' ');
    const filter: repo.ApplicationFilter = {
      today: todayIso(),
      // No applicant step in the forms: a step id no answers have, so no name matches.
      applicantStep: stepWithModule(await this.steps(), 'applicant') ?? '',
      ...(input.status === undefined ? {} : { status: input.status }),
      ...(input.application_type === undefined ? {} : { application_type: input.application_type }),
      ...(reference ? { reference } : {}),
      ...(name ? { name } : {}),
    };
    const [rows, total] = await Promise.all([
      repo.findApplications(this.db, filter, page_size, (page - 1) * page_size),
      repo.countApplications(this.db, filter),
    ]);
    const items = rows.map((r) => ({
      reference_number: formatReferenceNumber(r.reference_number),
      application_type: r.application_type,
      status: r.shown_status,
      applicant_name: applicantName(r.personal),
      submitted_at: iso(r.submitted_at),
      updated_at: iso(r.updated_at)!,
    }));
    return { items, total, page, page_size };
  }

  async getApplication(referenceInput: string): Promise<StaffApplication> {
    const row = await repo.findApplication(this.db, this.reference(referenceInput));
    if (!row) throw new ApiError(404, 'application_not_found');
    const [events, invoices, permits, attachments, notifications, documents] = await Promise.all([
      repo.history(this.db, row.id),
      repo.invoicesOf(this.db, row.id),
      repo.permitsOf(this.db, row.id),
      repo.attachmentsOf(this.db, row.id),
      repo.notificationCount(this.db, row.id),
      this.documentRules(),
    ]);
    const changeRounds = await this.changes.rounds(row.id);
    const today = todayIso();
    const steps = await this.steps();
    const uploads = moduleAnswers(row.answers, steps, 'documents');
    const scales = (uploads.scales ?? {}) as Record<string, unknown>;
    return {
      reference_number: formatReferenceNumber(row.reference_number),
      application_type: row.application_type,
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
      permits: permits.map((p) => toPermit(p, today)),
      attachments: attachments.map((a) => {
        // The scale recorded with the upload where there is one, else the uploads step's.
        const scale = (a as { scale?: unknown }).scale ?? scales[a.document_type];
        return {
          attachment_id: a.id,
          document_type: a.document_type,
          document_name: documentName(documents, a.document_type),
          file_name: a.file_name,
          scale: typeof scale === 'string' ? scale : null,
          status: a.status as StaffApplication['attachments'][number]['status'],
          remark: a.remark,
          size: a.size,
          mime_type: a.mime_type,
          uploaded_at: iso(a.created_at)!,
          active_content: a.active_content,
        };
      }),
      notifications,
      change_rounds: changeRounds,
      fee_estimate: (await this.fees?.forApplication(row.id)) ?? null,
    };
  }

  /** One of the moves of STATUS_MOVES, with a remark (required when returning or rejecting). */
  async setStatus(
    actor: StaffActor,
    referenceInput: string,
    to: string,
    remarkInput?: string | null,
    language: Language = 'en',
  ): Promise<SetStatusAnswer> {
    if (!isApplicationStatus(to)) {
      const problems = new Problems(language);
      problems.add('/status', 'status', { statuses: APPLICATION_STATUSES.join(', ') });
      problems.check('back_office.unknown_status', { status: to });
    }
    const reference = this.reference(referenceInput);
    const remark = cleanText(remarkInput);
    const moved = await this.db.transaction().execute(async (trx) => {
      const application = await repo.lockApplication(trx, reference);
      if (!application) throw new ApiError(404, 'application_not_found');
      const from = application.status;
      if (!canSetStatus(from, to)) {
        throw new ApiError(
          409,
          'back_office.illegal_status_move',
          { from, to, allowed: isApplicationStatus(from) ? [...STATUS_MOVES[from]] : [] },
          { from: statusName(language, from), to: statusName(language, to) },
        );
      }
      if (REMARK_REQUIRED.has(to) && !remark) {
        const problems = new Problems(language);
        problems.add('/remark', 'remark_required');
        problems.check();
      }
      // Back to review by hand (the changes were brought to the office): the open round ends as asked.
      if (from === 'returned') await ChangeRequestsService.closeOpenRound(trx, application.id);
      await repo.moveStatus(trx, application.id, to, remark, { actor, action: 'set_status', details: { from } });
      return { id: application.id, from };
    });
    const notified = await this.notify(moved.id, 'status_changed', { status: to, from_status: moved.from, remark });
    return { reference_number: formatReferenceNumber(reference), from: moved.from, status: to, ...notified };
  }

  /**
   * An invoice, and its bill raised with the payment gateway: the applicant gets the control number
   * and how to pay by SMS as soon as the gateway gives it (at once, by its callback, or once it is up
   * again: a job retries). `control_number` is only for a bill the integration registered itself
   * elsewhere (the ministry's revenue system, say): then no bill is raised and that number is told.
   */
  async addInvoice(
    actor: StaffActor,
    referenceInput: string,
    input: InvoiceInput,
    language: Language = 'en',
  ): Promise<AddInvoiceAnswer> {
    const reference = this.reference(referenceInput);
    const problems = new Problems(language);
    // The fee schedule's estimate: the amount unless staff give another, with a reason (invoice-amount.ts).
    const found = await repo.findApplication(this.db, reference);
    if (!found) throw new ApiError(404, 'application_not_found');
    const priced = invoiceAmount(await this.fees?.forApplication(found.id), input, problems);
    const external = input.control_number !== undefined && input.control_number !== null;
    const controlNumber = typeof input.control_number === 'string' ? input.control_number.trim() : '';
    if (external && !CONTROL_NUMBER.test(controlNumber)) problems.add('/control_number', 'control_number');
    if (!external && !this.payments) problems.add('/control_number', 'required');
    const today = todayIso();
    const latestDue = yearsAfter(today, MAX_DUE_YEARS);
    if (!isIsoDate(input.due_date)) problems.add('/due_date', 'date');
    else if (input.due_date < today) problems.add('/due_date', 'due_date_past');
    else if (input.due_date > latestDue) problems.add('/due_date', 'due_date_far', { latest: latestDue });
    problems.check();
    const steps = external ? undefined : await this.steps();

    const added = await this.db
      .transaction()
      .execute(async (trx) => {
        const application = await repo.lockApplication(trx, reference);
        if (!application) throw new ApiError(404, 'application_not_found');
        if (NO_INVOICE.has(application.status))
          throw new ApiError(
            409,
            'back_office.invoice_not_allowed',
            { status: application.status },
            { status: statusName(language, application.status) },
          );
        if (external && (await repo.controlNumberTaken(trx, controlNumber)))
          throw duplicate('control_number', controlNumber);
        const row = await repo.insertInvoice(trx, {
          id: randomUUID(),
          application_id: application.id,
          description: cleanText(input.description),
          amount_tzs: priced.amount,
          control_number: external ? controlNumber : null,
          due_date: input.due_date,
          amount_reason: priced.reason,
          lines: priced.lines ? JSON.stringify(priced.lines) : null,
        });
        let billId: string | undefined;
        if (!external) {
          const payer = await repo.payerOf(trx, application.id);
          billId = await this.payments!.createBill(
            trx,
            { ...row, amount_tzs: priced.amount },
            { name: applicantName(moduleAnswers(payer.answers, steps!, 'applicant')), phone: payer.phone },
          );
        }
        await repo.touchApplication(trx, application.id);
        await repo.recordAction(trx, application.id, row.description, {
          actor,
          action: 'add_invoice',
          details: {
            invoice_id: row.id,
            amount_tzs: Number(row.amount_tzs),
            estimate_tzs: priced.estimate,
            ...(priced.reason ? { amount_reason: priced.reason } : {}),
            ...(external ? { control_number: row.control_number, external_bill: true } : { bill_id: billId }),
          },
        });
        return { row, billId };
      })
      .catch((error: unknown) => {
        // Another invoice took the number between the check and the insert.
        throw uniqueViolation(error) ? duplicate('control_number', controlNumber) : error;
      });
    if (added.billId) {
      // Right after commit; the control number's SMS and notice go out as it comes (payments-service.ts).
      const controlNumber = await this.payments!.raise(added.billId);
      return { ...toInvoice({ ...added.row, control_number: controlNumber ?? null }), bill_id: added.billId };
    }
    const notified = await this.notify(added.row.application_id, 'invoice_added', invoiceParams(added.row));
    return { ...toInvoice(added.row), ...notified };
  }

  /**
   * Staff record an invoice as paid by hand: cash at the unit or an exception. Kept as such: the
   * balance becomes a payment of channel `cash`, source `staff`, with a receipt, and the history says so.
   */
  async markInvoicePaid(actor: StaffActor, invoiceId: string): Promise<MarkInvoicePaidAnswer> {
    if (!UUID.test(invoiceId)) throw new ApiError(404, 'back_office.invoice_not_found');
    const invoice = await this.db.transaction().execute(async (trx) => {
      const row = await repo.lockInvoice(trx, invoiceId);
      if (!row) throw new ApiError(404, 'back_office.invoice_not_found');
      const application = await repo.lockApplicationById(trx, row.application_id);
      if (application?.status === 'withdrawn') throw new ApiError(409, 'application_withdrawn');
      if (row.paid_at !== null)
        throw new ApiError(409, 'back_office.invoice_already_paid', { paid_at: iso(row.paid_at) });
      // Nothing is due on a cancelled invoice: cash for it would be money to refund.
      if (row.cancelled_at !== null)
        throw new ApiError(409, 'back_office.invoice_already_cancelled', { cancelled_at: iso(row.cancelled_at) });
      const receipt = this.payments ? await this.payments.recordStaffPayment(trx, row) : null;
      const paid = await repo.markPaid(trx, invoiceId);
      await repo.touchApplication(trx, row.application_id);
      await repo.recordAction(trx, row.application_id, null, {
        actor,
        action: 'mark_invoice_paid',
        details: {
          invoice_id: invoiceId,
          control_number: row.control_number,
          recorded_as: 'cash_or_exception',
          ...(receipt ? { receipt_number: receipt } : {}),
        },
      });
      return paid;
    });
    const notified = await this.notify(invoice.application_id, 'invoice_paid', invoiceParams(invoice));
    return { ...toInvoice(invoice), ...notified };
  }

  /** A receipt's PDF, for staff: any application's. */
  async receipt(receiptNumber: string): Promise<ReceiptFileAnswer> {
    const file = await receiptFile(this.db, receiptNumber);
    return {
      file_name: file.file_name,
      mime_type: 'application/pdf',
      content_base64: Buffer.from(file.bytes).toString('base64'),
    };
  }

  /** A permit for an approved application (→ permit_issued) or a requested renewal (→ renewed). */
  async issuePermit(
    actor: StaffActor,
    referenceInput: string,
    input: PermitInput,
    language: Language = 'en',
  ): Promise<IssuePermitAnswer> {
    const reference = this.reference(referenceInput);
    const problems = new Problems(language);
    const permitNumber = typeof input.permit_number === 'string' ? input.permit_number.trim() : '';
    if (!PERMIT_NUMBER.test(permitNumber)) problems.add('/permit_number', 'permit_number');
    const range = { earliest: EARLIEST_DATE, latest: LATEST_DATE };
    const fromOk = isIsoDate(input.valid_from) && isDateInRange(input.valid_from);
    if (!isIsoDate(input.valid_from)) problems.add('/valid_from', 'date');
    else if (!fromOk) problems.add('/valid_from', 'date_range', range);
    if (!isIsoDate(input.valid_until)) problems.add('/valid_until', 'date');
    else if (!isDateInRange(input.valid_until)) problems.add('/valid_until', 'date_range', range);
    else if (fromOk && input.valid_until < input.valid_from) problems.add('/valid_until', 'valid_until_before_from');
    else if (fromOk && input.valid_until > yearsAfter(input.valid_from, MAX_VALIDITY_YEARS))
      problems.add('/valid_until', 'validity_too_long', { years: MAX_VALIDITY_YEARS });
    problems.check();
    this.permits.checkExtras(input, language);
    const writeFacts = await this.permits.factsWriter(input);

    const issued = await this.db
      .transaction()
      .execute(async (trx) => {
        const application = await repo.lockApplication(trx, reference);
        if (!application) throw new ApiError(404, 'application_not_found');
        const to = statusAfterPermit(application.status);
        if (!to)
          throw new ApiError(
            409,
            'back_office.permit_not_allowed',
            { status: application.status, allowed_from: ['approved', 'renewal_requested'] },
            { status: statusName(language, application.status) },
          );
        if (await repo.permitNumberTaken(trx, permitNumber)) throw duplicate('permit_number', permitNumber);
        const permit = await repo.insertPermit(trx, {
          id: randomUUID(),
          application_id: application.id,
          permit_number: permitNumber,
          valid_from: input.valid_from,
          valid_until: input.valid_until,
        });
        await writeFacts(trx, permit);
        await repo.moveStatus(trx, application.id, to, cleanText(input.remark), {
          actor,
          action: 'issue_permit',
          details: { from: application.status, permit_number: permitNumber },
        });
        return { id: application.id, to, permit };
      })
      .catch((error: unknown) => {
        throw uniqueViolation(error) ? duplicate('permit_number', permitNumber) : error;
      });
    const { permit } = issued;
    const notified = await this.notify(issued.id, 'permit_issued', {
      permit_number: permit.permit_number,
      valid_from: permit.valid_from,
      valid_until: permit.valid_until,
      verify_url: this.permits.link(permit),
    });
    return {
      reference_number: formatReferenceNumber(reference),
      status: issued.to,
      permit: toPermit(permit, todayIso()),
      ...notified,
    };
  }

  /** Staff's own words to the applicant: a dashboard notification and an SMS. */
  async addNotification(
    actor: StaffActor,
    referenceInput: string,
    input: NoteInput,
    language: Language = 'en',
  ): Promise<AddNotificationAnswer> {
    const problems = new Problems(language);
    const title = cleanText(input.title);
    const body = cleanText(input.message);
    if (!title) problems.add('/title', 'required');
    if (!body) problems.add('/message', 'required');
    problems.check();
    const row = await repo.findApplication(this.db, this.reference(referenceInput));
    if (!row) throw new ApiError(404, 'application_not_found');
    if (row.status === 'draft') throw new ApiError(409, 'back_office.not_submitted');
    const note = { title: title!, message: body!, remark: cleanText(input.remark) };
    const { id, sms } = await this.notifier.staffNote(row.id, note);
    await repo.recordAction(this.db, row.id, note.remark, {
      actor,
      action: 'add_notification',
      details: { notification_id: id, title: note.title },
    });
    return { notification_id: id, ...(sms === 'failed' ? { sms_failed: true as const } : {}) };
  }

  /** The unit's answer to an applicant's message, with the staff member who wrote it: in the applicant's conversation. */
  async answerMessage(
    actor: StaffActor,
    input: AnswerMessageRequest,
    language: Language = 'en',
  ): Promise<AnswerMessageAnswer> {
    const problems = new Problems(language);
    const text = cleanText(input.message);
    // A staff member's answer is signed with their account's name, whatever `by` says; the
    // integration speaks for a person of its own system and names them in `by`.
    const by =
      actor.kind === 'staff' ? actor.name : (cleanText(input.by) ?? (actor.kind === 'system' ? actor.name : null));
    if (!text) problems.add('/message', 'required');
    if (!by) problems.add('/by', 'required');
    problems.check();
    const asked = await findApplicantMessage(this.db, input.message_id);
    if (!asked) throw new ApiError(404, 'back_office.message_not_found');
    const saved = await insertUnitMessage(this.db, {
      application_id: asked.application_id,
      in_reply_to: asked.id,
      message: text!,
      staff_name: by!,
    });
    await repo.recordAction(this.db, asked.application_id, null, {
      actor,
      action: 'answer_message',
      details: { message_id: asked.id, answer_id: saved.id, signed: by },
    });
    // The applicant learns of it on the dashboard and by SMS, as of any other news from the unit.
    const notified = await this.notify(asked.application_id, 'message_answered', {});
    return {
      answer_id: saved.id,
      reference_number: formatReferenceNumber(asked.reference_number),
      created_at: saved.created_at,
      by: by!,
      ...notified,
    };
  }

  /** Accepts or rejects an uploaded document (a remark is required to reject), and tells the applicant. */
  async updateAttachment(
    actor: StaffActor,
    attachmentId: string,
    review: AttachmentReview,
    language: Language = 'en',
  ): Promise<UpdateAttachmentAnswer> {
    const remark = cleanText(review.remark);
    const problems = new Problems(language);
    if (!(ATTACHMENT_REVIEW_STATUSES as readonly string[]).includes(review.status))
      problems.add('/status', 'review_status');
    else if (review.status === 'rejected' && !remark) problems.add('/remark', 'remark_required');
    problems.check();
    if (!UUID.test(attachmentId)) throw new ApiError(404, 'back_office.attachment_not_found');

    const reviewed = await this.db.transaction().execute(async (trx) => {
      const attachment = await repo.lockAttachment(trx, attachmentId);
      if (!attachment) throw new ApiError(404, 'back_office.attachment_not_found');
      const application = await repo.lockApplicationById(trx, attachment.application_id);
      if (application.status === 'draft') throw new ApiError(409, 'back_office.not_submitted');
      const row = await repo.reviewAttachment(trx, attachmentId, review.status, remark);
      await repo.touchApplication(trx, application.id);
      await repo.recordAction(trx, application.id, remark, {
        actor,
        action: 'update_attachment',
        details: { attachment_id: attachmentId, document_type: row.document_type, status: review.status },
      });
      return row;
    });
    const notified = await this.notify(reviewed.application_id, 'attachment_reviewed', {
      document: documentName(await this.documentRules(), reviewed.document_type),
      status: reviewed.status,
      remark,
    });
    return {
      attachment_id: reviewed.id,
      document_type: reviewed.document_type,
      status: reviewed.status,
      remark: reviewed.remark,
      ...notified,
    };
  }

  /** What applicants sent, newest first. */
  async listMessages(input: PagedByReferenceRequest, language: Language = 'en'): Promise<MessagesPage> {
    const { page, page_size, applicationId } = await this.pageOf(input, language);
    if (applicationId === null) return { items: [], total: 0, page, page_size };
    const { rows, total } = await repo.findMessages(this.db, applicationId, page_size, (page - 1) * page_size);
    const items = rows.map((r) => ({
      message_id: r.id,
      reference_number: formatReferenceNumber(r.reference_number),
      subject: r.subject,
      message: r.message,
      created_at: iso(r.created_at)!,
    }));
    return { items, total, page, page_size };
  }

  /** Permit renewal requests, newest first. */
  async listRenewals(input: PagedByReferenceRequest, language: Language = 'en'): Promise<RenewalsPage> {
    const { page, page_size, applicationId } = await this.pageOf(input, language);
    if (applicationId === null) return { items: [], total: 0, page, page_size };
    const { rows, total } = await repo.findRenewals(this.db, applicationId, page_size, (page - 1) * page_size);
    const items = rows.map((r) => ({
      renewal_id: r.id,
      reference_number: formatReferenceNumber(r.reference_number),
      permit_number: r.permit_number,
      type_of_work: r.type_of_work,
      reason: r.reason,
      created_at: iso(r.created_at)!,
    }));
    return { items, total, page, page_size };
  }

  /** The stored form of a reference number; 404 when it cannot be one. */
  /** The document rules of the forms being served (schemas/documents.json). */
  private async documentRules(): Promise<DocumentRule[]> {
    return (await this.forms.get()).forms.documents;
  }

  private reference(input: string): string {
    const reference = typeof input === 'string' ? normalizeReferenceNumber(input) : undefined;
    if (!reference) throw new ApiError(404, 'application_not_found');
    return reference;
  }

  /**
   * The page asked for, and the application it is limited to: undefined for all, null for a number
   * no application has (an empty page).
   */
  private async pageOf(input: Partial<PageInput> & { reference_number?: string }, language: Language) {
    const problems = new Problems(language);
    const paging = this.paging(input, problems);
    problems.check();
    if (input.reference_number === undefined) return { ...paging, applicationId: undefined };
    const reference = normalizeReferenceNumber(input.reference_number);
    const id = reference ? await repo.applicationIdOf(this.db, reference) : undefined;
    return { ...paging, applicationId: id ?? null };
  }

  private paging(input: Partial<PageInput>, problems: Problems): PageInput {
    const page = input.page ?? 1;
    const pageSize = input.page_size ?? 20;
    if (!Number.isSafeInteger(page) || page < 1 || page > 100_000) problems.add('/page', 'page');
    if (!Number.isSafeInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE)
      problems.add('/page_size', 'page_size', { max: MAX_PAGE_SIZE });
    return { page, page_size: pageSize };
  }

  /**
   * The notice, after the change is committed. An SMS the gateway refused does not undo the change:
   * it waits and is retried by the job runner; staff are told it is not sent yet (sms_failed).
   */
  private async notify(applicationId: number, kind: NoticeKind, params: Record<string, unknown>): Promise<Notified> {
    return (await this.notifier.notice(applicationId, kind, params)) === 'failed' ? { sms_failed: true } : {};
  }
}
