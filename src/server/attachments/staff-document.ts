import type { Kysely } from 'kysely';
import { insertStaffView, statusOf } from '../applications/application-access';
import { UUID } from '../back-office/back-office-rules';
import type { Database } from '../db/schema';
import { ApiError } from '../http/envelope';
import type { StaffActor } from '../staff-accounts/staff-actor';
import { findAttachment } from './attachments-repository';

/**
 * A document of a submitted application, opened by the unit's staff (issue 33, item 3): the file's
 * row, and the look recorded (item 9: the applicant sees which role looked, and when). 404 for no such
 * file, 409 for a draft's (the unit sees an application once it is submitted).
 */
export async function staffDocument(db: Kysely<Database>, actor: StaffActor, attachmentId: string) {
  const file = UUID.test(attachmentId) ? await findAttachment(db, attachmentId) : undefined;
  if (!file) throw new ApiError(404, 'back_office.attachment_not_found');
  if ((await statusOf(db, file.application_id)) === 'draft') throw new ApiError(409, 'back_office.not_submitted');
  await insertStaffView(db, file.application_id, actor);
  return file;
}
