import { randomUUID } from 'node:crypto';
import type { ApplicantInvoice } from '../../shared/api/payments';
import { applicantInvoices } from '../payments/applicant-invoices';
import type { Kysely } from 'kysely';
import type {
  ApplicationSummary,
  DashboardApplication,
  DashboardAttachment,
  Notification,
  Permit,
  ReadNotificationsAnswer,
  RenewalRequest,
  RenewPermitRequest,
} from '../../shared/api/dashboard';
import { shownStatus, todayIso } from '../../shared/dashboard';
import { daysToDecision } from '../../shared/service-standards';
import { HolidaysService } from '../changes/holidays-service';
import type { Language } from '../../shared/reference-data';
import { moduleAnswers } from '../../shared/step-modules';
import { isApplicationType } from '../../shared/wizard-driver';
import type { FeesService } from '../fees/fees-service';
import type { FormsService } from '../forms/forms-service';
import {
  applicantIdentity,
  findDashboardApplication,
  referenceNumberOf,
  staffViewsOf,
  statusHistory,
  submittedApplicationsOf,
} from '../applications/application-access';
import { formatReferenceNumber } from '../applications/reference-number';
import type { Database } from '../db/schema';
import { ApiError } from '../http/envelope';
import { noticeText } from '../notifications/notifier';
import type { ApplicantMessage, Conversation, SendMessageRequest } from '../../shared/api/conversation';
import { lockExistingApplication, moveStatus, RENEWABLE } from '../applications/status-move';
import { currentAttachments, findOwnAttachment } from '../attachments/attachments-access';
import { attachmentView } from '../attachments/attachment-view';
import { conversationOf, insertApplicantMessage } from '../messages/messages-access';
import { markNotificationsRead, notificationsOf } from '../notifications/notifications-access';
import { permitView } from '../permits/permit-view';
import { findOwnPermit, insertRenewalRequest, latestPermit, permitsOf } from '../permits/permits-access';
import { findEngineerWithRole } from '../reference/reference-access';
import { daysSince } from '../sessions/sign-in-service';

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

/**
 * What the signed-in applicant sees and does: every query is bound to the session's application,
 * so another applicant's ids find nothing (403).
 */
export class DashboardService {
  constructor(
    private readonly db: Kysely<Database>,
    /** The forms being served: which steps are the applicant's and the engineer's (src/shared/step-modules.ts), and their document rules. */
    private readonly forms: Pick<FormsService, 'get'>,
    /** Fee estimates (src/server/fees): get_application shows the fee and how it was computed. */
    private readonly fees?: Pick<FeesService, 'forApplication'>,
  ) {}

  async application(applicationId: number): Promise<DashboardApplication> {
    const row = await findDashboardApplication(this.db, applicationId);
    const forms = (await this.forms.get()).forms;
    const flow = isApplicationType(row.application_type) ? forms.flows[row.application_type] : undefined;
    const arrived = todayIso(new Date(row.stage_since));
    const toDecision = daysToDecision(row.status);
    const [history, permit, engineer, looks, expectedDecision] = await Promise.all([
      statusHistory(this.db, applicationId),
      latestPermit(this.db, applicationId),
      this.engineer(moduleAnswers(row.answers, forms.steps, 'engineer', flow).engineer_id),
      staffViewsOf(this.db, applicationId),
      toDecision === undefined ? null : new HolidaysService(this.db).addWorkingDays(arrived, toDecision),
    ]);
    const answers = row.answers as Record<string, Record<string, unknown>>;
    return {
      reference_number: formatReferenceNumber(row.reference_number),
      application_type: row.application_type,
      status: shownStatus(row.status, permit?.valid_until),
      submitted_at: iso(row.submitted_at),
      days_applied: daysSince(row.submitted_at),
      personal: moduleAnswers(answers, forms.steps, 'applicant', flow),
      answers,
      history: history.map((e) => ({ status: e.status, remark: e.remark, at: new Date(e.created_at).toISOString() })),
      engineer,
      can_renew: RENEWABLE.includes(row.status) && permit !== undefined && !permit.revoked_at,
      fee_estimate: (await this.fees?.forApplication(applicationId)) ?? null,
      stage_since: new Date(row.stage_since).toISOString(),
      expected_decision: expectedDecision,
      staff_views: looks.map((look) => ({ role: look.role, at: new Date(look.viewed_at).toISOString() })),
    };
  }

  /** The applicant's submitted applications: the same ID number and phone as the signed-in one. */
  async applications(applicationId: number): Promise<ApplicationSummary[]> {
    const current = await applicantIdentity(this.db, applicationId);
    const rows = await submittedApplicationsOf(this.db, applicationId, current);
    return rows.map((r) => ({
      reference_number: formatReferenceNumber(r.reference_number),
      application_type: r.application_type,
      status: r.status,
      submitted_at: iso(r.submitted_at),
      current: r.id === applicationId,
    }));
  }

  async attachments(applicationId: number): Promise<DashboardAttachment[]> {
    const rows = await currentAttachments(this.db, applicationId);
    const rules = (await this.forms.get()).forms.documents;
    return rows.map((r) => attachmentView(r, rules));
  }

  /** One of the applicant's own files (403 for any other id). */
  async attachmentFile(applicationId: number, attachmentId: string) {
    const row = await findOwnAttachment(this.db, applicationId, attachmentId);
    if (!row) throw new ApiError(403, 'access_denied');
    return row;
  }

  /** With each invoice's current control number, what is paid, and its receipts (payments module). */
  async invoices(applicationId: number): Promise<ApplicantInvoice[]> {
    return applicantInvoices(this.db, applicationId);
  }

  /** Portal notices in the reader's language; staff notes in staff's words. Newest first. */
  async notifications(applicationId: number, language: Language): Promise<Notification[]> {
    const [rows, referenceNumber] = await Promise.all([
      notificationsOf(this.db, applicationId),
      referenceNumberOf(this.db, applicationId),
    ]);
    return rows.map((r) => {
      const text = r.kind
        ? noticeText(language, r.kind, r.params, referenceNumber)
        : { title: r.title ?? '', message: r.message ?? '', remark: r.remark };
      return {
        notification_id: r.id,
        title: text.title,
        message: text.message,
        remark: text.remark || null,
        read: r.read_at !== null,
        created_at: new Date(r.created_at).toISOString(),
      };
    });
  }

  async readNotifications(applicationId: number): Promise<ReadNotificationsAnswer> {
    return { updated: await markNotificationsRead(this.db, applicationId, new Date()) };
  }

  async permits(applicationId: number): Promise<Permit[]> {
    const today = todayIso();
    return (await permitsOf(this.db, applicationId)).map((r) => permitView(r, today));
  }

  /** Renewal of the application's own permit, only while it holds an issued (or renewed) permit. */
  async renew(applicationId: number, input: RenewPermitRequest): Promise<RenewalRequest> {
    return this.db.transaction().execute(async (trx) => {
      const application = await lockExistingApplication(trx, applicationId);
      const permit = await findOwnPermit(trx, applicationId, input.permit_number);
      if (!permit) throw new ApiError(403, 'access_denied');
      // A revoked permit is not renewed: the unit revoked it for a reason (issue 19).
      if (!RENEWABLE.includes(application.status) || permit.revoked_at) throw new ApiError(409, 'not_renewable');
      const id = randomUUID();
      const createdAt = await insertRenewalRequest(trx, {
        id,
        application_id: applicationId,
        permit_id: permit.id,
        type_of_work: input.type_of_work,
        reason: input.reason,
      });
      await moveStatus(trx, application, { to: 'renewal_requested', remark: null });
      return {
        renewal_id: id,
        reference_number: formatReferenceNumber(application.reference_number),
        permit_number: permit.permit_number,
        type_of_work: input.type_of_work,
        reason: input.reason,
        created_at: new Date(createdAt).toISOString(),
      };
    });
  }

  async sendMessage(applicationId: number, input: SendMessageRequest): Promise<ApplicantMessage> {
    const id = randomUUID();
    const createdAt = await insertApplicantMessage(this.db, {
      id,
      application_id: applicationId,
      subject: input.subject ?? null,
      message: input.message,
    });
    const referenceNumber = await referenceNumberOf(this.db, applicationId);
    return {
      message_id: id,
      reference_number: formatReferenceNumber(referenceNumber),
      subject: input.subject ?? null,
      message: input.message,
      created_at: new Date(createdAt).toISOString(),
    };
  }

  /** The messages both ways, oldest first, newest last. */
  async conversation(applicationId: number): Promise<Conversation> {
    return conversationOf(this.db, applicationId);
  }

  private async engineer(engineerId: unknown) {
    if (typeof engineerId !== 'string') return null;
    const row = await findEngineerWithRole(this.db, engineerId);
    if (!row) return null;
    return {
      name: row.name,
      experience_years: row.experience_years,
      email: row.email,
      mobile: row.mobile,
      role: row.name_en !== null && row.name_sw !== null ? { en: row.name_en, sw: row.name_sw } : null,
    };
  }
}
