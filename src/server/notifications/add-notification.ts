import type { Kysely } from 'kysely';
import type { AddNotificationAnswer } from '../../shared/api/back-office';
import type { Language } from '../../shared/reference-data';
import { findApplication } from '../applications/application-access';
import { recordAction } from '../applications/status-move';
import { Problems, cleanText, staffReference } from '../back-office/back-office-rules';
import type { NoteInput } from '../back-office/back-office-types';
import type { Database } from '../db/schema';
import { ApiError } from '../http/envelope';
import type { StaffActor } from '../staff-accounts/staff-actor';
import type { Notifier } from './notifier';

/** What add_notification runs on (the back office's StaffServices has it all). */
export interface AddNotificationDeps {
  db: Kysely<Database>;
  notifier: Notifier;
}

/** Staff's own words to the applicant: a dashboard notification and an SMS. */
export async function addNotification(
  deps: AddNotificationDeps,
  actor: StaffActor,
  referenceInput: string,
  input: NoteInput,
  language: Language = 'en',
): Promise<AddNotificationAnswer> {
  const problems = new Problems(language);
  const title = cleanText(input.title);
  const body = cleanText(input.message);
  if (!title) problems.add('/title', 'required');
  if (!body) problems.add('/message', 'required');
  problems.check();
  const row = await findApplication(deps.db, staffReference(referenceInput));
  if (!row) throw new ApiError(404, 'application_not_found');
  if (row.status === 'draft') throw new ApiError(409, 'back_office.not_submitted');
  const note = { title: title!, message: body!, remark: cleanText(input.remark) };
  const { id, sms } = await deps.notifier.staffNote(row.id, note);
  await recordAction(deps.db, row.id, note.remark, {
    actor,
    action: 'add_notification',
    details: { notification_id: id, title: note.title },
  });
  return { notification_id: id, ...(sms === 'failed' ? { sms_failed: true as const } : {}) };
}
