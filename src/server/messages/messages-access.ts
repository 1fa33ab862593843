/**
 * What other modules read and write of an application's conversation (the `applicant_message` and
 * `unit_message` tables' owner is ./conversation-repository.ts, src/server/db/table-owners.ts).
 */
export { conversationOf, insertApplicantMessage } from './conversation-repository';
