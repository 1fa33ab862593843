import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { formatReferenceNumber } from '../applications/reference-number';
import type { Engineer } from '../../shared/reference-data';
import type { EngineerProofs } from '../applications/applications-service';
import { CODE_TTL_S, RESEND_AFTER_S, type OneTimeCodes } from '../codes/one-time-codes';
import type { Database } from '../db/schema';
import { ApiError } from '../http/envelope';
import { message } from '../i18n/messages';
import type { Language } from '../../shared/reference-data';
import { maskPhone, type QueuedSms } from '../sms/sms-sender';
import type { FormsService } from '../forms/forms-service';
import { moduleAnswers } from '../../shared/step-modules';
import type { StepForm } from '../../shared/forms';
import { secretHash } from '../sessions/secret-hash';
import { findActiveEngineer, findEngineerRole } from '../reference/reference-access';
import { insertConfirmation, useConfirmation } from './engineers-repository';

const PURPOSE = 'engineer';
/** How long a confirmation may wait before the draft's engineer step first carries it. */
const PROOF_TTL_MS = 24 * 60 * 60 * 1000;

/** The draft an engineer is asked to confirm. */
export interface DraftToConfirm {
  id: number;
  reference_number: string;
  answers: Record<string, unknown>;
}

/** The applicant's name as the applicant step (whatever it is called) gives it, for the engineer's SMS. */
function applicantName(answers: Record<string, unknown>, steps: Record<string, StepForm>): string {
  const personal = moduleAnswers(answers, steps, 'applicant');
  const parts = [personal.first_name, personal.middle_name, personal.last_name];
  return parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '').join(' ');
}

/**
 * The engineer confirms an application by a code sent to the phone the engineer registry holds
 * (never to a number the applicant types), in an SMS that names the applicant and the application;
 * validation gives a proof that confirms that one draft alone, which its engineer step carries.
 */
export class EngineerConfirmation implements EngineerProofs {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly codes: OneTimeCodes,
    private readonly sms: QueuedSms,
    private readonly forms: Pick<FormsService, 'get'>,
  ) {}

  async sendCode(registrationNumber: string, language: Language, draft: DraftToConfirm) {
    const engineer = await this.find(registrationNumber);
    const steps = (await this.forms.get()).forms.steps;
    await this.codes.issueAndSend(PURPOSE, engineer.registration_number, this.sms, {
      phone: engineer.mobile,
      withChallenge: false,
      text: (code) =>
        message(language, 'sms_engineer_code', {
          code,
          applicant: applicantName(draft.answers, steps) || '-',
          reference_number: formatReferenceNumber(draft.reference_number),
        }),
    });
    return { sent_to: maskPhone(engineer.mobile), expires_in_s: CODE_TTL_S, resend_after_s: RESEND_AFTER_S };
  }

  async validateCode(registrationNumber: string, code: string, draft: DraftToConfirm) {
    const engineer = await this.find(registrationNumber);
    if (!(await this.codes.verify(PURPOSE, engineer.registration_number, code))) throw new ApiError(422, 'wrong_code');
    const token = randomBytes(24).toString('base64url');
    await insertConfirmation(this.db, {
      token_hash: secretHash(token),
      registration_number: engineer.registration_number,
      application_id: draft.id,
      expires_at: new Date(Date.now() + PROOF_TTL_MS),
    });
    const role = await findEngineerRole(this.db, engineer.role_id);
    return {
      engineer: {
        registration_number: engineer.registration_number,
        name: engineer.name,
        experience_years: engineer.experience_years,
        email: engineer.email,
        mobile: engineer.mobile,
        role: role ? { code: role.code, name: { en: role.name_en, sw: role.name_sw } } : null,
      },
      validation_token: token,
    };
  }

  /**
   * Whether the token confirms this engineer for this draft: bound to the draft it was asked for, it
   * proves nothing for any other. Its first use by the draft's engineer step must come within a day;
   * after that it stays good for that draft (a Submit checks it again).
   */
  async isValid(token: unknown, engineerId: unknown, applicationId: number | undefined): Promise<boolean> {
    if (typeof token !== 'string' || typeof engineerId !== 'string' || token.length > 200) return false;
    if (applicationId === undefined) return false;
    return useConfirmation(this.db, secretHash(token), engineerId, applicationId, new Date());
  }

  private async find(registrationNumber: string): Promise<Engineer> {
    const engineer = await findActiveEngineer(this.db, registrationNumber.trim().toUpperCase());
    if (!engineer) throw new ApiError(404, 'engineer_not_found');
    return engineer;
  }
}
