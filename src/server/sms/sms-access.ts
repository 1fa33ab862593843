/** What other modules may ask of the SMS rows (the `sms_message` table's owner is ./sms-repository.ts). */
export { smsSentLastHour } from './sms-repository';
