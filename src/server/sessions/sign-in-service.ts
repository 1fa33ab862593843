import type { Kysely } from 'kysely';
import { draftUseContinue, wrongCaptcha, type SignInChallenge, type SignInRequest } from '../../shared/api/sign-in';
import { errorAnswer } from '../http/contract-error';
import type { SignedInUser } from '../../shared/dashboard';
import type { StepForm } from '../../shared/forms';
import type { Language } from '../../shared/reference-data';
import { moduleAnswers } from '../../shared/step-modules';
import { isApplicationType } from '../../shared/wizard-driver';
import type { FormsService } from '../forms/forms-service';
import { formatReferenceNumber, normalizeReferenceNumber } from '../applications/reference-number';
import { CODE_TTL_S, type OneTimeCodes } from '../codes/one-time-codes';
import type { Database } from '../db/schema';
import { ApiError } from '../http/envelope';
import { message, validationMessage } from '../i18n/messages';
import { maskPhone, type QueuedSms } from '../sms/sms-sender';
import type { SessionStore } from './session-store';
import {
  findForSignIn,
  findOtherForSignIn,
  setApplicationLanguage,
  signedInApplication,
} from '../applications/application-access';
import { applicantIdentity } from '../applications/application-access';

const PURPOSE = 'sign_in';

export interface CaptchaCheck {
  /** True for the solved proof-of-work payload of a live challenge, the first time only. */
  consume(payload: string): Promise<boolean>;
}

/**
 * View (sign-in): reference number and the captcha's proof of work, then a one-time code to the phone on file; the right
 * code opens a session. The same code path opens another of the applicant's applications.
 */
export class SignInService {
  static readonly PURPOSE = PURPOSE;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly codes: OneTimeCodes,
    private readonly sms: QueuedSms,
    private readonly captcha: CaptchaCheck,
    private readonly sessions: SessionStore,
    /** The forms: which step is the applicant's (src/shared/step-modules.ts). */
    private readonly forms: Pick<FormsService, 'get'>,
  ) {}

  async start(input: SignInRequest, language: Language): Promise<SignInChallenge> {
    // The captcha is spent first, whatever follows: a wrong reference number costs a new challenge.
    if (!(await this.captcha.consume(input.altcha))) {
      throw errorAnswer(wrongCaptcha, {
        errors: [{ path: '/altcha', message: validationMessage(language, 'wrong_captcha') }],
      });
    }
    const application = await this.find(input.reference_number);
    if (application.status === 'draft') throw errorAnswer(draftUseContinue, {});
    return this.sendCode(application, language);
  }

  /** A code for another application of the signed-in applicant (same ID number and phone). */
  async startOther(currentApplicationId: number, referenceInput: string, language: Language) {
    const current = await applicantIdentity(this.db, currentApplicationId);
    const reference = normalizeReferenceNumber(referenceInput);
    const other = reference ? await findOtherForSignIn(this.db, reference) : undefined;
    const same =
      other &&
      other.status !== 'draft' &&
      current.id_number !== null &&
      other.id_number === current.id_number &&
      other.phone === current.phone;
    if (!same) throw new ApiError(403, 'access_denied');
    return this.sendCode(other, language);
  }

  /** The right code of a sign-in challenge: a new session and the user the browser keeps. */
  async finish(referenceNumber: string, language: Language) {
    const application = await this.find(referenceNumber);
    await setApplicationLanguage(this.db, application.id, language);
    const session = await this.sessions.create(application.id);
    return {
      token: session.token,
      user: await userOf(this.db, application.id, (await this.forms.get()).forms),
      session: session.times,
    };
  }

  private async find(referenceInput: string) {
    const reference = normalizeReferenceNumber(referenceInput);
    const application = reference ? await findForSignIn(this.db, reference) : undefined;
    if (!application) throw new ApiError(404, 'application_not_found');
    return application;
  }

  private async sendCode(application: { reference_number: string; phone: string | null }, language: Language) {
    if (!application.phone) throw new ApiError(409, 'no_phone_on_file');
    const { challengeId } = await this.codes.issueAndSend(PURPOSE, application.reference_number, this.sms, {
      phone: application.phone,
      text: (code) =>
        message(language, 'sms_sign_in_code', {
          code,
          reference_number: formatReferenceNumber(application.reference_number),
        }),
    });
    // With a challenge (issueAndSend's default): its id is there.
    return { challenge_id: challengeId!, sent_to: maskPhone(application.phone), expires_in_s: CODE_TTL_S };
  }
}

const DAY_MS = 86_400_000;

/** The signed-in "user": the application record without secrets (no ID number, the phone masked). */
export async function userOf(
  db: Kysely<Database>,
  applicationId: number,
  forms: { steps: Record<string, StepForm>; flows: Record<string, readonly string[]> },
): Promise<SignedInUser> {
  const row = await signedInApplication(db, applicationId);
  // The applicant step, whatever it is called (src/shared/step-modules.ts).
  const flow = isApplicationType(row.application_type) ? forms.flows[row.application_type] : undefined;
  const personal = moduleAnswers(row.answers, forms.steps, 'applicant', flow);
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    reference_number: formatReferenceNumber(row.reference_number),
    application_type: row.application_type,
    status: row.status,
    step_number: row.step_number,
    days_applied: daysSince(row.submitted_at),
    mobile: row.phone ? maskPhone(row.phone) : '',
    email: text(personal.email) || null,
    first_name: text(personal.first_name),
    last_name: text(personal.last_name),
  };
}

export function daysSince(date: Date | null): number {
  return date ? Math.max(0, Math.floor((Date.now() - new Date(date).getTime()) / DAY_MS)) : 0;
}
