import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

// The applicants' renewal requests (renewal_request): recorded by the dashboard's renew_permit, listed to staff.
type Db = Kysely<Database> | Transaction<Database>;

/** Records the renewal request; answers when. */
export async function insertRenewalRequest(
  trx: Transaction<Database>,
  request: { id: string; application_id: number; permit_id: string; type_of_work: string; reason: string },
): Promise<Date> {
  const created = await trx
    .insertInto('renewal_request')
    .values(request)
    .returning('created_at')
    .executeTakeFirstOrThrow();
  return created.created_at;
}

export async function findRenewals(db: Db, applicationId: number | undefined, limit: number, offset: number) {
  let query = db
    .selectFrom('renewal_request')
    .innerJoin('application', 'application.id', 'renewal_request.application_id')
    .innerJoin('permit', 'permit.id', 'renewal_request.permit_id');
  if (applicationId !== undefined) query = query.where('renewal_request.application_id', '=', applicationId);
  const [rows, count] = await Promise.all([
    query
      .select([
        'renewal_request.id',
        'application.reference_number',
        'permit.permit_number',
        'renewal_request.type_of_work',
        'renewal_request.reason',
        'renewal_request.created_at',
      ])
      .orderBy('renewal_request.created_at', 'desc')
      .orderBy('renewal_request.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
