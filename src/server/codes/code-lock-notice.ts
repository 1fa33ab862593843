import type { Kysely } from 'kysely';
import { isLanguage, type Language } from '../../shared/reference-data';
import { formatReferenceNumber } from '../applications/reference-number';
import type { Database } from '../db/schema';
import { message } from '../i18n/messages';
import type { SmsSender } from '../sms/sms-sender';
import { applicationPhone } from '../applications/application-access';
import { engineerPhone } from '../reference/reference-access';

const PURPOSE = 'code_lock';

/**
 * Tells the phone owner, once per lock, that many wrong codes were tried and nobody got in: the
 * application's phone in the application's language; the engineer's registry phone in both languages
 * (the engineer's own language is not known). Other purposes (no phone of their own here) send nothing.
 */
export class CodeLockNotice {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly sms: SmsSender,
  ) {}

  async notify(purpose: string, subject: string): Promise<void> {
    if (purpose === 'continue' || purpose === 'sign_in') {
      const application = await applicationPhone(this.db, subject);
      if (!application?.phone) return;
      const language: Language = isLanguage(application.language) ? application.language : 'en';
      const text = message(language, 'sms_code_lock_application', { reference_number: formatReferenceNumber(subject) });
      await this.sms.send(application.phone, text, PURPOSE);
    } else if (purpose === 'engineer') {
      const engineer = await engineerPhone(this.db, subject);
      if (!engineer) return;
      const params = { registration_number: subject };
      const text = `${message('sw', 'sms_code_lock_engineer', params)}\n${message('en', 'sms_code_lock_engineer', params)}`;
      await this.sms.send(engineer.mobile, text, PURPOSE);
    }
  }
}
