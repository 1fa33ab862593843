import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Engineer } from '../../shared/reference-data';
import type { EngineerProofs } from '../applications/applications-service';
import { CODE_TTL_S, RESEND_AFTER_S, type OneTimeCodes } from '../codes/one-time-codes';
import type { Database } from '../db/schema';
import { ApiError } from '../http/envelope';
import { message } from '../i18n/messages';
import type { Language } from '../../shared/reference-data';
import { maskPhone, type SmsSender } from '../sms/sms-sender';

const PURPOSE = 'engineer';
/** How long a confirmation stays good for the application that carries it. */
const PROOF_TTL_MS = 24 * 60 * 60 * 1000;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The engineer confirms an application by a code sent to the phone the engineer registry holds
 * (never to a number the applicant types); validation gives a proof the engineer step carries.
 */
export class EngineerConfirmation implements EngineerProofs {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly codes: OneTimeCodes,
    private readonly sms: SmsSender,
  ) {}

  async sendCode(registrationNumber: string, language: Language) {
    const engineer = await this.find(registrationNumber);
    const code = await this.codes.issue(PURPOSE, engineer.registration_number);
    await this.sms.send(engineer.mobile, message(language, 'sms_engineer_code', { code }), PURPOSE);
    return { sent_to: maskPhone(engineer.mobile), expires_in_s: CODE_TTL_S, resend_after_s: RESEND_AFTER_S };
  }

  async validateCode(registrationNumber: string, code: string) {
    const engineer = await this.find(registrationNumber);
    if (!(await this.codes.verify(PURPOSE, engineer.registration_number, code))) throw new ApiError(422, 'wrong_code');
    const token = randomBytes(24).toString('base64url');
    await this.db
      .insertInto('engineer_confirmation')
      .values({
        token_hash: tokenHash(token),
        registration_number: engineer.registration_number,
        expires_at: new Date(Date.now() + PROOF_TTL_MS),
      })
      .execute();
    const role = await this.db
      .selectFrom('engineer_role')
      .select(['code', 'name_en', 'name_sw'])
      .where('id', '=', engineer.role_id)
      .executeTakeFirst();
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

  async isValid(token: unknown, engineerId: unknown): Promise<boolean> {
    if (typeof token !== 'string' || typeof engineerId !== 'string' || token.length > 200) return false;
    const row = await this.db
      .selectFrom('engineer_confirmation')
      .select('registration_number')
      .where('token_hash', '=', tokenHash(token))
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    return row?.registration_number === engineerId;
  }

  private async find(registrationNumber: string): Promise<Engineer> {
    const engineer = await this.db
      .selectFrom('engineer')
      .select(['id', 'registration_number', 'name', 'role_id', 'experience_years', 'email', 'mobile'])
      .where('registration_number', '=', registrationNumber.trim().toUpperCase())
      .where('active', '=', true)
      .executeTakeFirst();
    if (!engineer) throw new ApiError(404, 'engineer_not_found');
    return engineer;
  }
}
