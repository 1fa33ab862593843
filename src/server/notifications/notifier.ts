import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isLanguage, type Language } from '../../shared/reference-data';
import { formatReferenceNumber } from '../applications/reference-number';
import type { Database } from '../db/schema';
import { message } from '../i18n/messages';
import type { SmsSender } from '../sms/sms-sender';

/** What the portal itself tells an applicant; texts are `notices.<kind>.title|message` in locales/<lng>/api.json. */
export type NoticeKind = 'status_changed' | 'invoice_added' | 'invoice_paid' | 'permit_issued' | 'attachment_reviewed';

export interface NoticeText {
  title: string;
  message: string;
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
  out.remark = typeof params.remark === 'string' && params.remark !== '' ? params.remark : '-';
  return out;
}

export function noticeText(language: Language, kind: string, params: Record<string, unknown>): NoticeText {
  const values = localizedParams(language, kind, params);
  return {
    title: message(language, `notices.${kind}.title`, values),
    message: message(language, `notices.${kind}.message`, values),
  };
}

/**
 * Tells the applicant of a change: a dashboard notification and an SMS to the phone on file, in the
 * language the applicant last used. Staff notifications carry staff's own words.
 */
export class Notifier {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly sms: SmsSender,
  ) {}

  async notice(applicationId: number, kind: NoticeKind, params: Record<string, unknown>): Promise<void> {
    const application = await this.recipient(applicationId);
    await this.db
      .insertInto('notification')
      .values({ id: randomUUID(), application_id: applicationId, kind, params: JSON.stringify(params) })
      .execute();
    const text = noticeText(application.language, kind, {
      ...params,
      reference_number: application.reference_number,
    });
    await this.text(application, text);
  }

  async staffNote(applicationId: number, note: { title: string; message: string; remark?: string | null }) {
    const application = await this.recipient(applicationId);
    const id = randomUUID();
    await this.db
      .insertInto('notification')
      .values({
        id,
        application_id: applicationId,
        kind: null,
        title: note.title,
        message: note.message,
        remark: note.remark ?? null,
      })
      .execute();
    await this.text(application, { title: note.title, message: note.message });
    return id;
  }

  private async recipient(applicationId: number) {
    const row = await this.db
      .selectFrom('application')
      .select(['reference_number', 'phone', 'language'])
      .where('id', '=', applicationId)
      .executeTakeFirstOrThrow();
    return { ...row, language: isLanguage(row.language) ? row.language : 'en' };
  }

  private async text(
    application: { reference_number: string; phone: string | null; language: Language },
    text: NoticeText,
  ) {
    if (!application.phone) return;
    const sms = message(application.language, 'sms_notice', {
      reference_number: formatReferenceNumber(application.reference_number),
      title: text.title,
      message: text.message,
    });
    await this.sms.send(application.phone, sms, 'notice');
  }
}
