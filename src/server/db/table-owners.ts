import type { Database } from './schema';

/**
 * Each table's one repository (issue 32, item 3): the only server file that selects from it, inserts
 * into it, updates it or deletes from it. Another module that needs a table's rows calls its owner's
 * module (an operation or a function it exports for others), never its own SQL on the table. Keyed by
 * `Database`, so a new table does not compile until it has an owner.
 *
 * A read whose main table a repository owns may join another table (or read it in a subquery) to filter
 * or to pick a column; each such join is listed, with its reason, in
 * tests/server/sql-in-repositories.test.ts (JOINED_READS). Writes never reach a foreign table.
 */
export const TABLE_OWNERS: Readonly<Record<keyof Database, string>> = {
  application: 'src/server/applications/applications-repository/',
  application_event: 'src/server/applications/history-repository.ts',
  staff_view: 'src/server/applications/staff-views-repository.ts',
  save_receipt: 'src/server/applications/save-receipts-repository.ts',
  draft_key: 'src/server/drafts/draft-keys-repository.ts',
  attachment: 'src/server/attachments/attachments-repository.ts',
  upload_tally: 'src/server/attachments/upload-tally-repository.ts',
  change_round: 'src/server/changes/changes-repository.ts',
  public_holiday: 'src/server/changes/holidays-repository.ts',
  renewal_request: 'src/server/permits/renewals-repository.ts',
  permit: 'src/server/permits/permits-repository.ts',
  engineer_confirmation: 'src/server/engineers/engineers-repository.ts',
  sms_outbox: 'src/server/sms/sms-repository.ts',
  sms_message: 'src/server/sms/sms-repository.ts',
  one_time_code: 'src/server/codes/codes-repository.ts',
  code_lockout: 'src/server/codes/codes-repository.ts',
  captcha_spent: 'src/server/captcha/captcha-repository.ts',
  inbound_sms: 'src/server/inbound-sms/inbound-sms-repository.ts',
  reminder_sent: 'src/server/reminders/reminders-repository.ts',
  notification: 'src/server/notifications/notifications-repository.ts',
  applicant_message: 'src/server/messages/conversation-repository.ts',
  unit_message: 'src/server/messages/conversation-repository.ts',
  applicant_session: 'src/server/sessions/sessions-repository.ts',
  invoice: 'src/server/payments/invoices-repository.ts',
  bill: 'src/server/payments/payments-repository.ts',
  payment: 'src/server/payments/payments-repository.ts',
  payment_exception: 'src/server/payments/payment-exceptions-repository.ts',
  simulated_payment: 'src/server/payments/simulated-gateway-repository.ts',
  simulated_bill_cancel: 'src/server/payments/simulated-gateway-repository.ts',
  material: 'src/server/reference/reference-repository.ts',
  room: 'src/server/reference/reference-repository.ts',
  faq: 'src/server/reference/reference-repository.ts',
  engineer_role: 'src/server/reference/reference-repository.ts',
  engineer: 'src/server/reference/reference-repository.ts',
  reference_version: 'src/server/reference/reference-repository.ts',
  forms_version: 'src/server/forms/forms-versions-repository.ts',
  staff_account: 'src/server/staff-accounts/staff-accounts-repository.ts',
  staff_sign_in: 'src/server/staff-accounts/staff-accounts-repository.ts',
  staff_session: 'src/server/staff-accounts/staff-accounts-repository.ts',
  studio_draft: 'src/server/studio/studio-repository.ts',
  studio_audit: 'src/server/studio/studio-repository.ts',
};
