import type { Kysely } from 'kysely';
import type { Language } from '../../shared/reference-data';
import type { Database } from '../db/schema';
import { message } from '../i18n/messages';
import type { QueuedSms } from '../sms/sms-sender';
import { smsSentLastHour } from '../sms/sms-access';
import { formatReferenceNumber } from './reference-number';

/** The moments an applicant is sent their reference number: one SMS each, never one per step saved. */
export type ReferenceEvent = 'first_save' | 'saved_later' | 'submitted';

const TEXT_KEYS = {
  first_save: 'sms_reference_saved',
  saved_later: 'sms_reference_saved_later',
  submitted: 'sms_reference_submitted',
} as const satisfies Record<ReferenceEvent, string>;

/** The SMS's purpose (sms_message.purpose): counted together for the limit per phone. */
const PURPOSE_PREFIX = 'reference_';

/**
 * Whoever types someone else's phone into a draft would otherwise send them an SMS with each new
 * draft: at most this many reference SMS go to one phone an hour (the others are simply not sent;
 * the save itself is never refused for it).
 */
export const MAX_REFERENCE_SMS_PER_PHONE_HOUR = 6;

export interface ReferenceSmsInput {
  reference: string;
  phone: string | null;
  language: Language;
}

/**
 * The SMS that keeps the reference number within the applicant's reach: after the first save, after
 * Save & Complete Later and after Submit, in the applicant's language, saying the number and where to
 * continue (Continue) or follow it (View). It carries nothing else of the applicant. Queued in the
 * transaction of the change (`queue`), tried once that commits (`deliver`), beside the answer.
 */
export class ReferenceSms {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly sms: QueuedSms) {}

  /** Queues the event's SMS through `trx`; answers the SMS's id for deliver(), none when nothing is sent. */
  async queue(trx: Kysely<Database>, event: ReferenceEvent, input: ReferenceSmsInput): Promise<number | undefined> {
    if (!input.phone) return undefined;
    const sent = await smsSentLastHour(trx, input.phone, PURPOSE_PREFIX);
    if (sent >= MAX_REFERENCE_SMS_PER_PHONE_HOUR) return undefined;
    const text = message(input.language, TEXT_KEYS[event], {
      reference_number: formatReferenceNumber(input.reference),
    });
    return this.sms.queue(trx, input.phone, text, `${PURPOSE_PREFIX}${event}`);
  }

  /**
   * The first attempt, after the change committed, without keeping the applicant's answer waiting on the
   * gateway; a failure waits for the SMS's job (its row and job are stored), never fails the save.
   */
  deliver(id: number | undefined): void {
    if (id === undefined) return;
    const attempt: Promise<void> = Promise.resolve()
      .then(() => this.sms.deliver(id))
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => this.inFlight.delete(attempt));
    this.inFlight.add(attempt);
  }

  /** Resolves once the attempts started so far have ended (before the database closes). */
  async settled(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }
}
