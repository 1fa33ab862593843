import type { Kysely } from 'kysely';
import { nationalPhoneDigits } from '../../shared/api/find-reference';
import type { InboundSmsAnswer, InboundSmsRequest } from '../../shared/api/inbound-sms';
import { shownStatus, todayIso } from '../../shared/dashboard';
import { isLanguage, type Language } from '../../shared/reference-data';
import { formatReferenceNumber } from '../applications/reference-number';
import type { Database } from '../db/schema';
import { message } from '../i18n/messages';
import type { QueuedSms } from '../sms/sms-sender';
import { applicationForPhone } from '../applications/application-access';
import { recordInbound, repliesSince, setOutcome } from './inbound-sms-repository';
import { pendingItems } from './pending-items';
import { parseStatusCommand } from './status-command';
import { gsmSafe, statusReply } from './status-reply';

/**
 * Answers sent to one phone: at most 5 an hour and 20 a day, whatever it asks (a status, an unknown
 * number, help). A phone trying many reference numbers learns nothing (see `unknown`) and soon gets
 * nothing; a gateway's flood costs at most this many SMS per number.
 */
export const MAX_REPLIES_PER_PHONE = [
  { per: 'hour', ms: 60 * 60_000, max: 5 },
  { per: 'day', ms: 24 * 60 * 60_000, max: 20 },
] as const;

type Outcome = 'status' | 'unknown' | 'help' | 'limited' | 'ignored';

interface Reply {
  phone: string;
  text: string;
  purpose: string;
}

/**
 * A text to the portal's number (issue 19, item 5): "HALI <reference>" or "STATUS <reference>" from the
 * phone saved in the application gets its status and what is pending, in the keyword's language (a
 * bare reference number: the application's). Any other phone, or an unknown reference number, gets one
 * neutral SMS that is the same in both cases, so nobody learns whether a reference number exists or
 * whose it is; it still helps an applicant who mistyped, and it is bounded like every answer here. A
 * text that is no command gets a short help SMS in both languages. Numbers that are not Tanzanian
 * mobiles (the only numbers an application saves) get nothing.
 */
export class InboundSmsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly sms: QueuedSms,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async receive(body: InboundSmsRequest): Promise<InboundSmsAnswer> {
    const now = this.now();
    const digits = nationalPhoneDigits(body.from);
    const done = await this.db.transaction().execute(async (trx) => {
      // First, so that a repeat of this id (even at the same moment) is answered once.
      if (!(await recordInbound(trx, body.message_id, digits ?? '', now))) return { duplicate: true };
      const { outcome, reply } = await this.decide(trx, digits, body.text, now);
      await setOutcome(trx, body.message_id, outcome, reply !== undefined);
      const smsId = reply ? await this.sms.queue(trx, reply.phone, reply.text, reply.purpose) : undefined;
      return { duplicate: false, smsId };
    });
    if (done.smsId === undefined) return { duplicate: done.duplicate, replied: false };
    // Tried at once; a failure waits for its job (the gateway is not kept waiting for a retry).
    await Promise.resolve(this.sms.deliver(done.smsId)).catch(() => undefined);
    return { duplicate: false, replied: true };
  }

  private async decide(
    trx: Kysely<Database>,
    digits: string | undefined,
    text: string,
    now: Date,
  ): Promise<{ outcome: Outcome; reply?: Reply }> {
    if (!digits) return { outcome: 'ignored' };
    for (const limit of MAX_REPLIES_PER_PHONE) {
      if ((await repliesSince(trx, digits, new Date(now.getTime() - limit.ms))) >= limit.max) {
        return { outcome: 'limited' };
      }
    }
    const sender = `+255${digits}`;
    const command = parseStatusCommand(text);
    if (command.kind === 'help') {
      return {
        outcome: 'help',
        reply: { phone: sender, text: gsmSafe(bilingual('inbound_sms.help')), purpose: 'status_help' },
      };
    }
    const application = await applicationForPhone(trx, command.reference, digits);
    if (!application) {
      const params = { reference_number: formatReferenceNumber(command.reference) };
      const unknown = command.language
        ? message(command.language, 'inbound_sms.unknown', params)
        : bilingual('inbound_sms.unknown', params);
      return { outcome: 'unknown', reply: { phone: sender, text: gsmSafe(unknown), purpose: 'status_unknown' } };
    }
    const language: Language = command.language ?? (isLanguage(application.language) ? application.language : 'en');
    const status = shownStatus(application.status, application.permit_valid_until, todayIso(now));
    const items = await pendingItems(trx, { id: application.id, status: application.status });
    return {
      outcome: 'status',
      // To the phone as saved in the application (the same number the text came from).
      reply: {
        phone: application.phone,
        text: statusReply(language, application.reference_number, status, items),
        purpose: 'status_reply',
      },
    };
  }
}

/** Swahili first, then English: for a sender whose language we do not know. */
function bilingual(key: string, params?: Record<string, unknown>): string {
  return `${message('sw', key, params)} / ${message('en', key, params)}`;
}
