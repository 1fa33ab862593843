import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { CONVERSATION_LIMIT, type ConversationMessage } from '../../shared/api/conversation';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;
const iso = (date: Date) => new Date(date).toISOString();

/** The application's messages both ways, oldest first (the newest CONVERSATION_LIMIT of each side). */
export async function conversationOf(db: Db, applicationId: number): Promise<ConversationMessage[]> {
  const [sent, answers] = await Promise.all([
    db
      .selectFrom('applicant_message')
      .select(['id', 'subject', 'message', 'created_at'])
      .where('application_id', '=', applicationId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(CONVERSATION_LIMIT)
      .execute(),
    db
      .selectFrom('unit_message')
      .select(['id', 'in_reply_to', 'message', 'staff_name', 'created_at'])
      .where('application_id', '=', applicationId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(CONVERSATION_LIMIT)
      .execute(),
  ]);
  const all: ConversationMessage[] = [
    ...sent.map((m) => ({
      message_id: m.id,
      from: 'applicant' as const,
      by: null,
      subject: m.subject,
      message: m.message,
      in_reply_to: null,
      created_at: iso(m.created_at),
    })),
    ...answers.map((m) => ({
      message_id: m.id,
      from: 'unit' as const,
      by: m.staff_name,
      subject: null,
      message: m.message,
      in_reply_to: m.in_reply_to,
      created_at: iso(m.created_at),
    })),
  ];
  return all.sort((a, b) => a.created_at.localeCompare(b.created_at)).slice(-CONVERSATION_LIMIT);
}

/** The applicant's message staff answer, with its application. */
export async function findApplicantMessage(db: Db, messageId: string) {
  return db
    .selectFrom('applicant_message')
    .innerJoin('application', 'application.id', 'applicant_message.application_id')
    .select(['applicant_message.id', 'applicant_message.application_id', 'application.reference_number'])
    .where('applicant_message.id', '=', messageId)
    .executeTakeFirst();
}

export async function insertUnitMessage(
  db: Db,
  answer: { application_id: number; in_reply_to: string; message: string; staff_name: string },
) {
  const id = randomUUID();
  const row = await db
    .insertInto('unit_message')
    .values({ id, ...answer })
    .returning('created_at')
    .executeTakeFirstOrThrow();
  return { id, created_at: iso(row.created_at) };
}

/**
 * What applicants sent, optionally of one application; with the total for paging. The unit's inbox
 * order: those nobody answered first, then by when they were sent, newest first; each with its first
 * answer's time and signature.
 */
export async function findMessages(db: Db, applicationId: number | undefined, limit: number, offset: number) {
  let query = db
    .selectFrom('applicant_message')
    .innerJoin('application', 'application.id', 'applicant_message.application_id');
  if (applicationId !== undefined) query = query.where('applicant_message.application_id', '=', applicationId);
  const [rows, count] = await Promise.all([
    query
      .select([
        'applicant_message.id',
        'application.reference_number',
        'applicant_message.subject',
        'applicant_message.message',
        'applicant_message.created_at',
      ])
      .select((eb) => {
        const firstAnswer = eb
          .selectFrom('unit_message')
          .whereRef('unit_message.in_reply_to', '=', 'applicant_message.id')
          .orderBy('unit_message.created_at')
          .limit(1);
        return [
          firstAnswer.select('unit_message.created_at').as('answered_at'),
          firstAnswer.select('unit_message.staff_name').as('answered_by'),
        ];
      })
      .orderBy(sql`not exists (select 1 from unit_message u where u.in_reply_to = applicant_message.id)`, 'desc')
      .orderBy('applicant_message.created_at', 'desc')
      .orderBy('applicant_message.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** The applicant's message to the unit; answers when it was written. */
export async function insertApplicantMessage(
  db: Db,
  message: { id: string; application_id: number; subject: string | null; message: string },
): Promise<Date> {
  const row = await db
    .insertInto('applicant_message')
    .values(message)
    .returning('created_at')
    .executeTakeFirstOrThrow();
  return row.created_at;
}
