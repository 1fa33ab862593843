import type { Language } from '../../shared/reference-data';
import { CODE_TTL_S, RESEND_AFTER_S, type OneTimeCodes } from '../codes/one-time-codes';
import { phoneChangeCodeSent, phoneCodeWrong } from '../../shared/api/errors';
import { errorAnswer } from '../http/contract-error';
import { message, validationMessage } from '../i18n/messages';
import { maskPhone, type QueuedSms, type SmsSender } from '../sms/sms-sender';
import { formatReferenceNumber } from './reference-number';

const PURPOSE = 'phone_change';

/** The code sent to a draft's new phone, carried by the save that changes it. */
export interface PhoneCode {
  challenge_id: string;
  code: string;
}

/** A save would change the phone saved in a draft from one number to another. */
export interface PhoneChangeNeeded {
  from: string;
  to: string;
}

const digitsOf = (phone: string) => phone.replace(/\D/g, '');

/** The change of phone between the draft as stored and as it would be saved, if the number differs. */
export function phoneChangeOf(before: string | null, after: string | null): PhoneChangeNeeded | undefined {
  if (!before || !after || digitsOf(before) === digitsOf(after)) return undefined;
  return { from: before, to: after };
}

/**
 * The phone saved in a draft is where its codes go (Continue, View): changing it takes a code sent to
 * the new number, and the old number is told. Otherwise whoever got hold of a draft could move it to
 * their own phone and take it over from there.
 */
export class PhoneChange {
  constructor(
    private readonly codes: OneTimeCodes,
    private readonly sms: SmsSender & QueuedSms,
    private readonly supportPhone: string,
  ) {}

  /** The phone (digits) a code confirms for this draft; 422 wrong_code for a wrong or spent one. */
  async confirmed(
    reference: string,
    phoneCode: PhoneCode | undefined,
    language: Language,
  ): Promise<string | undefined> {
    if (!phoneCode) return undefined;
    const challenge = await this.codes.verifyChallenge(phoneCode.challenge_id, phoneCode.code);
    const prefix = `${reference}|`;
    if (!challenge || challenge.purpose !== PURPOSE || !challenge.subject.startsWith(prefix)) {
      throw errorAnswer(phoneCodeWrong, {
        errors: [{ path: '/phone_code/code', message: validationMessage(language, 'wrong_code') }],
      });
    }
    return challenge.subject.slice(prefix.length);
  }

  /** Whether the confirmed digits are those of the new phone. */
  static confirms(confirmedDigits: string | undefined, change: PhoneChangeNeeded): boolean {
    return confirmedDigits !== undefined && confirmedDigits === digitsOf(change.to);
  }

  /** Sends a code to the new phone: 409 phone_change_code_sent, saying where it went; nothing is saved. */
  async askForCode(reference: string, change: PhoneChangeNeeded, language: Language): Promise<never> {
    const { challengeId } = await this.codes.issueAndSend(PURPOSE, `${reference}|${digitsOf(change.to)}`, this.sms, {
      phone: change.to,
      text: (code) =>
        message(language, 'sms_phone_change_code', { code, reference_number: formatReferenceNumber(reference) }),
    });
    throw errorAnswer(phoneChangeCodeSent, {
      phone_confirmation: {
        // Issued with a challenge (issueAndSend's default), as sign-in's and find_reference's.
        challenge_id: challengeId!,
        sent_to: maskPhone(change.to),
        expires_in_s: CODE_TTL_S,
        resend_after_s: RESEND_AFTER_S,
      },
    });
  }

  /** Tells the old phone that the draft's number was changed (after the change is saved). */
  async tellOldPhone(reference: string, change: PhoneChangeNeeded, language: Language): Promise<void> {
    const text = message(language, 'sms_phone_changed', {
      reference_number: formatReferenceNumber(reference),
      phone: maskPhone(change.to),
      support_phone: this.supportPhone,
    });
    await this.sms.send(change.from, text, 'phone_changed');
  }
}

/** The old phone hears of the change; the change is saved whatever happens to that SMS. */
export async function tellOldPhoneQuietly(
  phones: PhoneChange,
  reference: string,
  change: PhoneChangeNeeded,
  language: Language,
): Promise<void> {
  try {
    await phones.tellOldPhone(reference, change, language);
  } catch {
    // the SMS layer reports its own failures
  }
}
