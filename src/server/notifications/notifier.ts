import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isLanguage, type Language } from '../../shared/reference-data';
import { formatLongDate, formatNumber, isCalendarDate } from '../../shared/text-format';
import { formatReferenceNumber } from '../applications/reference-number';
import type { Database } from '../db/schema';
import { message } from '../i18n/messages';
import type { Delivery, SmsQueue } from '../sms/sms-queue';
import { recipientOf } from '../applications/application-access';
import { insertNotice, insertStaffNote } from './notifications-repository';

/** What the portal itself tells an applicant; texts are `notices.<kind>.title|message` in locales/<lng>/api.json. */
export type NoticeKind =
  | 'status_changed'
  | 'invoice_added'
  | 'invoice_paid'
  | 'permit_issued'
  | 'permit_revoked'
  | 'attachment_reviewed'
  | 'message_answered'
  // Requests for changes (src/server/changes).
  | 'changes_requested'
  | 'changes_reminder'
  | 'changes_extended'
  | 'changes_withdrawn'
  // Control-number payment (src/server/payments): the control number with how to pay, and part payments.
  | 'bill_issued'
  | 'bill_reissued'
  | 'payment_received'
  // The money no invoice takes (issue 31, item 6): an invoice cancelled, an excess or a refund, and how it was settled.
  | 'invoice_cancelled'
  | 'payment_over'
  | 'payment_refund_due'
  | 'excess_refunded'
  | 'excess_applied'
  | 'excess_settled';

export interface NoticeText {
  title: string;
  message: string;
  /** Staff's remark, told once: beside the message (the dashboard), or after it (the SMS). */
  remark?: string | null;
}

/** A notice's parameters made readable in `language` (statuses and document names are keys or bilingual). */
function localizedParams(language: Language, kind: string, params: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...params };
  // A document's status (accepted, rejected) has its own texts, not an application's.
  const statuses = kind === 'attachment_reviewed' ? 'attachment_statuses' : 'statuses';
  for (const key of ['status', 'from_status']) {
    if (typeof params[key] === 'string') out[key] = message(language, `${statuses}.${params[key]}`);
  }
  const document = params.document as Partial<Record<Language, string>> | undefined;
  if (document && typeof document === 'object') out.document = document[language] ?? document.en;
  if (typeof params.reference_number === 'string')
    out.reference_number = formatReferenceNumber(params.reference_number);
  // Dates in words and amounts grouped, as the reader's language writes them (stored as the API wrote them).
  for (const [key, value] of Object.entries(params)) {
    if (isCalendarDate(value)) out[key] = formatLongDate(value, language);
    else if (key === 'amount' && typeof value === 'number') out[key] = formatNumber(value, language);
  }
  return out;
}

/**
 * A portal notice in `language`, every placeholder filled: `params` as stored with the notice, and the
 * application's reference number (never stored with it).
 */
export function noticeText(
  language: Language,
  kind: string,
  params: Record<string, unknown>,
  referenceNumber: string,
): NoticeText {
  const values = localizedParams(language, kind, { ...params, reference_number: referenceNumber });
  const remark = typeof params.remark === 'string' && params.remark.trim() !== '' ? params.remark : null;
  // The permit's verify page (issue 19): notices stored before it was sent have no link.
  const link = typeof params.verify_url === 'string' ? ` ${message(language, 'notices.verify_link', values)}` : '';
  return {
    title: message(language, `notices.${kind}.title`, values),
    message: `${message(language, `notices.${kind}.message`, values)}${link}`,
    remark,
  };
}

/**
 * Tells the applicant of a change: a dashboard notification and an SMS to the phone on file, in the
 * language the applicant last used, written together (the SMS is queued in the notification's
 * transaction and tried at once after it). Staff notifications carry staff's own words.
 */
export class Notifier {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly sms: SmsQueue,
  ) {}

  /** Answers how the SMS's first attempt went ('failed': it waits and is retried), or undefined without a phone. */
  async notice(
    applicationId: number,
    kind: NoticeKind,
    params: Record<string, unknown>,
  ): Promise<Delivery | undefined> {
    const application = await this.recipient(applicationId);
    const text = noticeText(application.language, kind, params, application.reference_number);
    return this.written(async (trx) => {
      await insertNotice(trx, {
        id: randomUUID(),
        application_id: applicationId,
        kind,
        params: JSON.stringify(params),
      });
      return this.text(trx, application, text);
    });
  }

  async staffNote(applicationId: number, note: { title: string; message: string; remark?: string | null }) {
    const application = await this.recipient(applicationId);
    const id = randomUUID();
    const sms = await this.written(async (trx) => {
      await insertStaffNote(trx, {
        id,
        application_id: applicationId,
        kind: null,
        title: note.title,
        message: note.message,
        remark: note.remark ?? null,
      });
      return this.text(trx, application, { title: note.title, message: note.message });
    });
    return { id, sms };
  }

  /** The notification and its SMS in one transaction; the SMS tried at once after commit. */
  private async written(write: (trx: Kysely<Database>) => Promise<number | undefined>): Promise<Delivery | undefined> {
    const sms = await this.db.transaction().execute(write);
    return sms === undefined ? undefined : this.sms.deliver(sms);
  }

  private async recipient(applicationId: number) {
    const row = await recipientOf(this.db, applicationId);
    return { ...row, language: isLanguage(row.language) ? row.language : 'en' };
  }

  private async text(
    trx: Kysely<Database>,
    application: { reference_number: string; phone: string | null; language: Language },
    text: NoticeText,
  ): Promise<number | undefined> {
    if (!application.phone) return undefined;
    const remark = text.remark ? ` ${message(application.language, 'notice_remark', { remark: text.remark })}` : '';
    const sms = message(application.language, 'sms_notice', {
      reference_number: formatReferenceNumber(application.reference_number),
      title: text.title,
      message: `${text.message}${remark}`,
    });
    return this.sms.queue(trx, application.phone, sms, 'notice');
  }
}
