import type { Migration } from 'kysely';
import * as referenceData from './migrations/20261121T120000-reference-data';
import * as applications from './migrations/20261121T180000-applications';
import * as smsAndCodes from './migrations/20261121T190000-sms-and-codes';
import * as codeChallenges from './migrations/20261121T200000-code-challenges';
import * as attachments from './migrations/20261121T210000-attachments';
import * as attachmentScale from './migrations/20261121T215000-attachment-scale';
import * as dashboard from './migrations/20261121T230000-dashboard';
import * as captcha from './migrations/20261121T230500-captcha';
import * as applicationRevision from './migrations/20261122T050000-application-revision';
import * as draftKeys from './migrations/20261125T130000-draft-keys';
import * as captchaSpent from './migrations/20261125T131000-captcha-spent';
import * as codeLockout from './migrations/20261125T133000-code-lockout';
import * as jobsAndSms from './migrations/20261125T134000-jobs-and-sms';
import * as formsVersions from './migrations/20261125T160000-forms-versions';
import * as documentsAsRules from './migrations/20261125T161000-documents-as-rules';
import * as saveReceipts from './migrations/20261126T110000-save-receipts';
import * as unfinishedSteps from './migrations/20261126T110000-unfinished-steps';
import * as unitMessages from './migrations/20261126T110000-unit-messages';
import * as staffAccounts from './migrations/20261126T150000-staff-accounts';
import * as attachmentNames from './migrations/20261126T150500-attachment-names';
import * as uploadQuotas from './migrations/20261202T050000-upload-quotas';
import * as formStudio from './migrations/20261126T190000-form-studio';
import * as changeRequests from './migrations/20261128T060000-change-requests';
import * as payments from './migrations/20261128T060200-payments';
import * as permitDocuments from './migrations/20261128T060300-permit-documents';
import * as inboundSmsAndReminders from './migrations/20261128T060400-inbound-sms-and-reminders';
import * as staffSignInUnderLock from './migrations/20261202T040000-staff-sign-in-under-lock';
import * as permitUseNotApplicantText from './migrations/20261202T040100-permit-use-not-applicant-text';
import * as paymentExceptions from './migrations/20261202T060000-payment-exceptions';
import * as assignment from './migrations/20261203T150000-assignment';
import * as stageSince from './migrations/20261203T160000-stage-since';
import * as staffViews from './migrations/20261203T170000-staff-views';

/**
 * Every migration, by name, in order: the migration files of ./migrations, imported here so that the
 * built server (one bundled file) has them too. Add a new file's line at the end; the order is the
 * names' sorted order (the migrator's, and upToDate's in migrate.ts); a test checks that this list and
 * the folder agree.
 */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '20261121T120000-reference-data': referenceData,
  '20261121T180000-applications': applications,
  '20261121T190000-sms-and-codes': smsAndCodes,
  '20261121T200000-code-challenges': codeChallenges,
  '20261121T210000-attachments': attachments,
  '20261121T215000-attachment-scale': attachmentScale,
  '20261121T230000-dashboard': dashboard,
  '20261121T230500-captcha': captcha,
  '20261122T050000-application-revision': applicationRevision,
  '20261125T130000-draft-keys': draftKeys,
  '20261125T131000-captcha-spent': captchaSpent,
  '20261125T133000-code-lockout': codeLockout,
  '20261125T134000-jobs-and-sms': jobsAndSms,
  '20261125T160000-forms-versions': formsVersions,
  '20261125T161000-documents-as-rules': documentsAsRules,
  '20261126T110000-save-receipts': saveReceipts,
  '20261126T110000-unfinished-steps': unfinishedSteps,
  '20261126T110000-unit-messages': unitMessages,
  '20261126T150000-staff-accounts': staffAccounts,
  '20261126T150500-attachment-names': attachmentNames,
  '20261126T190000-form-studio': formStudio,
  '20261128T060000-change-requests': changeRequests,
  '20261128T060200-payments': payments,
  '20261128T060300-permit-documents': permitDocuments,
  '20261128T060400-inbound-sms-and-reminders': inboundSmsAndReminders,
  '20261202T040000-staff-sign-in-under-lock': staffSignInUnderLock,
  '20261202T040100-permit-use-not-applicant-text': permitUseNotApplicantText,
  '20261202T050000-upload-quotas': uploadQuotas,
  '20261202T060000-payment-exceptions': paymentExceptions,
  '20261203T150000-assignment': assignment,
  '20261203T160000-stage-since': stageSince,
  '20261203T170000-staff-views': staffViews,
};
