import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** The payment simulator's own ledger (development and demonstrations only): its payments and cancelled bills. */

type Db = Kysely<Database> | Transaction<Database>;

export async function insertSimulatedPayment(
  db: Db,
  row: {
    transaction_id: string;
    bill_id: string;
    control_number: string;
    amount_tzs: number;
    channel: string;
    payer_phone: string | null;
    paid_at: Date;
  },
) {
  await db.insertInto('simulated_payment').values(row).execute();
}

export async function simulatedPayments(db: Db, billId: string) {
  return db
    .selectFrom('simulated_payment')
    .selectAll()
    .where('bill_id', '=', billId)
    .orderBy('paid_at')
    .limit(100)
    .execute();
}

/** The simulator's side: a bill cancelled at the gateway (again: nothing new). */
export async function insertSimulatedCancel(db: Db, billId: string) {
  await db
    .insertInto('simulated_bill_cancel')
    .values({ bill_id: billId })
    .onConflict((oc) => oc.column('bill_id').doNothing())
    .execute();
}

export async function simulatedCancelled(db: Db, billId: string): Promise<boolean> {
  const row = await db
    .selectFrom('simulated_bill_cancel')
    .select('bill_id')
    .where('bill_id', '=', billId)
    .executeTakeFirst();
  return row !== undefined;
}
