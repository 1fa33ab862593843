import type { Kysely } from 'kysely';
import { todayIso } from '../../shared/dashboard';
import { isLanguage, type Language } from '../../shared/reference-data';
import { formatLongDate, formatNumber } from '../../shared/text-format';
import { idleDrafts } from '../applications/application-access';
import { formatReferenceNumber } from '../applications/reference-number';
import type { Database } from '../db/schema';
import { message } from '../i18n/messages';
import { gsmSafe } from '../inbound-sms/status-reply';
import { dueInvoices } from '../payments/invoices-access';
import { expiringPermits } from '../permits/permits-access';
import { RETENTION } from '../retention/retention-policy';
import type { QueuedSms } from '../sms/sms-sender';
import { REMINDERS, type ReminderKind } from './reminder-policy';
import { claimReminder } from './reminders-repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Reminders looked up per query: a run's batches stay short, and it goes on until none is left. */
const BATCH = 200;

export type ReminderCounts = Record<ReminderKind, number>;

/** One reminder to send: what it is about (its claim) and its text. */
interface Due {
  kind: ReminderKind;
  subject: string;
  application_id: number;
  phone: string;
  text: string;
}

/** A calendar date `days` after `date` ('2026-12-01' + 3 → '2026-12-04'). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);
const languageOf = (value: string): Language => (isLanguage(value) ? value : 'en');
const ref = formatReferenceNumber;

/**
 * The daily reminders (issue 19, item 6), each sent once: a permit's last 30 days (how to renew), an
 * unpaid invoice's last 3 days before it is due (its control number), a draft untouched for 30 days
 * (how to finish it, and when it will be deleted). Each SMS is queued in the transaction that records
 * it in reminder_sent, so a re-run, a job retried after a crash or a second server never sends it
 * twice; a day missed (the server down) is caught up on the next run, within the same window.
 */
export class Reminders {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly sms: QueuedSms,
  ) {}

  async run(now = new Date()): Promise<ReminderCounts> {
    const today = todayIso(now);
    return {
      permit_expiry: await this.each(
        async () =>
          (await expiringPermits(this.db, today, addDays(today, REMINDERS.permitExpiryDays), BATCH)).map((p) => {
            const language = languageOf(p.language);
            return {
              kind: 'permit_expiry' as const,
              subject: `${p.permit_id}:${p.valid_until}`,
              application_id: p.application_id,
              phone: p.phone,
              text: message(language, 'reminders.permit_expiry', {
                permit_number: p.permit_number,
                reference_number: ref(p.reference_number),
                date: formatLongDate(p.valid_until, language),
              }),
            };
          }),
        now,
      ),
      invoice_due: await this.each(
        async () =>
          (await dueInvoices(this.db, today, addDays(today, REMINDERS.invoiceDueDays), BATCH)).map((i) => {
            const language = languageOf(i.language);
            return {
              kind: 'invoice_due' as const,
              subject: `${i.invoice_id}:${i.due_date}`,
              application_id: i.application_id,
              phone: i.phone,
              text: message(language, 'reminders.invoice_due', {
                reference_number: ref(i.reference_number),
                amount: formatNumber(i.balance_tzs, language),
                control_number: i.control_number,
                date: formatLongDate(i.due_date, language),
              }),
            };
          }),
        now,
      ),
      draft_idle: await this.each(
        async () =>
          (
            await idleDrafts(
              this.db,
              daysBefore(now, REMINDERS.draftIdleDays),
              daysBefore(now, RETENTION.abandonedDraftDays),
              BATCH,
            )
          ).map((d) => {
            const language = languageOf(d.language);
            const deletedOn = new Date(d.updated_at.getTime() + RETENTION.abandonedDraftDays * DAY_MS);
            return {
              kind: 'draft_idle' as const,
              subject: `${d.application_id}@${d.updated_at.toISOString()}`,
              application_id: d.application_id,
              phone: d.phone,
              text: message(language, 'reminders.draft_idle', {
                reference_number: ref(d.reference_number),
                date: formatLongDate(todayIso(deletedOn), language),
              }),
            };
          }),
        now,
      ),
    };
  }

  /** Sends each due reminder of one kind, batch after batch; answers how many went. */
  private async each(next: () => Promise<Due[]>, now: Date): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await next();
      if (batch.length === 0) return sent;
      for (const due of batch) {
        const smsId = await this.db.transaction().execute(async (trx) => {
          const claimed = await claimReminder(trx, {
            kind: due.kind,
            subject: due.subject,
            application_id: due.application_id,
            sent_at: now,
          });
          return claimed ? this.sms.queue(trx, due.phone, gsmSafe(due.text), `reminder_${due.kind}`) : undefined;
        });
        if (smsId === undefined) continue;
        sent++;
        // Tried at once; a failure waits for its job.
        await Promise.resolve(this.sms.deliver(smsId)).catch(() => undefined);
      }
      if (batch.length < BATCH) return sent;
    }
  }
}
