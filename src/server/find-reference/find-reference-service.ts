import type { Kysely } from 'kysely';
import {
  nationalPhoneDigits,
  normalizeIdNumber,
  type FindReferenceAnswer,
  type FindReferenceBody,
  type VerifyFindCodeAnswer,
  type VerifyFindCodeBody,
} from '../../shared/api/find-reference';
import type { Language } from '../../shared/reference-data';
import { CODE_TTL_S, type OneTimeCodes } from '../codes/one-time-codes';
import type { Database } from '../db/schema';
import { ApiError } from '../http/envelope';
import { tooManyTries } from '../http/rate-limits';
import { message, validationMessage } from '../i18n/messages';
import type { QueuedSms } from '../sms/sms-sender';
import { applicationsOf, phoneOnFile } from '../applications/application-access';
import { findCodesThisHour, purposeOfChallenge } from '../codes/codes-access';
import { validationFailed } from '../../shared/api/errors';
import { errorAnswer } from '../http/contract-error';

const PURPOSE = 'find_reference';
/**
 * Codes asked for one ID number an hour, whatever phone is typed with it: each (ID number, phone)
 * has the codes' own limits (one a minute, five an hour, locked after 20 wrong tries), and this stops
 * one ID number being tried with many phones.
 */
export const MAX_FIND_CODES_PER_ID_HOUR = 10;

/**
 * "Forgot your reference number?": the applications with a ZanID or passport number whose saved phone
 * is the one typed, after a code sent to that phone. Every request gets the same answer and the same
 * work (a challenge is stored even when nothing matched, so every limit counts alike): it tells
 * nobody whether the ID number or the phone are known. Only the applications with both are listed:
 * someone who typed another person's ID number into a draft with their own phone finds that draft alone.
 */
export class FindReferenceService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly codes: OneTimeCodes,
    private readonly sms: QueuedSms,
  ) {}

  async start(body: FindReferenceBody, language: Language): Promise<FindReferenceAnswer> {
    const idNumber = normalizeIdNumber(body.id_number);
    const digits = nationalPhoneDigits(body.phone);
    const errors = [
      ...(idNumber ? [] : [{ path: '/id_number', message: validationMessage(language, 'invalid') }]),
      ...(digits ? [] : [{ path: '/phone', message: validationMessage(language, 'invalid') }]),
    ];
    if (!idNumber || !digits) throw errorAnswer(validationFailed, { errors });
    if ((await findCodesThisHour(this.db, PURPOSE, idNumber)) >= MAX_FIND_CODES_PER_ID_HOUR) {
      throw tooManyTries(3600_000);
    }
    const phone = await phoneOnFile(this.db, idNumber, digits);
    const { challengeId, smsId } = await this.db.transaction().execute(async (trx) => {
      const issued = await this.codes.issueChallenge(PURPOSE, `${idNumber}|${digits}`, true, trx);
      const text = message(language, 'sms_find_reference_code', { code: issued.code });
      return {
        challengeId: issued.challengeId!,
        smsId: phone ? await this.sms.queue(trx, phone, text, PURPOSE) : undefined,
      };
    });
    // Not awaited: the answer takes as long whether or not an SMS went (its job retries a failure).
    if (smsId !== undefined) void Promise.resolve(this.sms.deliver(smsId)).catch(() => undefined);
    return { challenge_id: challengeId, expires_in_s: CODE_TTL_S };
  }

  async verify(body: VerifyFindCodeBody): Promise<VerifyFindCodeAnswer> {
    // A challenge of another kind (Continue, View) is not touched: its code stays good for its own page.
    if ((await purposeOfChallenge(this.db, body.challenge_id)) !== PURPOSE) throw new ApiError(422, 'wrong_code');
    const challenge = await this.codes.verifyChallenge(body.challenge_id, body.code);
    if (!challenge || challenge.purpose !== PURPOSE) throw new ApiError(422, 'wrong_code');
    const [idNumber = '', digits = ''] = challenge.subject.split('|');
    return { applications: await applicationsOf(this.db, idNumber, digits) };
  }

  static readonly PURPOSE = PURPOSE;
}
