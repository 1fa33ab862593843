import type { Kysely } from 'kysely';
import type { AnswerMessageAnswer, AnswerMessageRequest } from '../../shared/api/conversation';
import type { Language } from '../../shared/reference-data';
import { formatReferenceNumber } from '../applications/reference-number';
import { recordAction } from '../applications/status-move';
import { Problems, cleanText } from '../back-office/back-office-rules';
import type { Database } from '../db/schema';
import { ApiError } from '../http/envelope';
import { noticeAnswer } from '../notifications/notice-answer';
import type { Notifier } from '../notifications/notifier';
import type { StaffActor } from '../staff-accounts/staff-actor';
import { findApplicantMessage, insertUnitMessage } from './conversation-repository';

/** What answer_message runs on (the back office's StaffServices has it all). */
export interface AnswerMessageDeps {
  db: Kysely<Database>;
  notifier: Notifier;
}

/** The unit's answer to an applicant's message, with the staff member who wrote it: in the applicant's conversation. */
export async function answerMessage(
  deps: AnswerMessageDeps,
  actor: StaffActor,
  input: AnswerMessageRequest,
  language: Language = 'en',
): Promise<AnswerMessageAnswer> {
  const problems = new Problems(language);
  const text = cleanText(input.message);
  // A staff member's answer is signed with their account's name, whatever `by` says; the
  // integration speaks for a person of its own system and names them in `by`.
  const by =
    actor.kind === 'staff' ? actor.name : (cleanText(input.by) ?? (actor.kind === 'system' ? actor.name : null));
  if (!text) problems.add('/message', 'required');
  if (!by) problems.add('/by', 'required');
  problems.check();
  const asked = await findApplicantMessage(deps.db, input.message_id);
  if (!asked) throw new ApiError(404, 'back_office.message_not_found');
  const saved = await insertUnitMessage(deps.db, {
    application_id: asked.application_id,
    in_reply_to: asked.id,
    message: text!,
    staff_name: by!,
  });
  await recordAction(deps.db, asked.application_id, null, {
    actor,
    action: 'answer_message',
    details: { message_id: asked.id, answer_id: saved.id, signed: by },
  });
  // The applicant learns of it on the dashboard and by SMS, as of any other news from the unit.
  const notified = await noticeAnswer(deps.notifier, asked.application_id, 'message_answered', {});
  return {
    answer_id: saved.id,
    reference_number: formatReferenceNumber(asked.reference_number),
    created_at: saved.created_at,
    by: by!,
    ...notified,
  };
}
