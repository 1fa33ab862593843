import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Notifier } from '../notifications/notifier';
import { applyToBill, GATEWAY, tellApplicant, type AppliedPayment } from './payment-apply';
import { lockOpenUnmatched, settleException } from './payment-exceptions-repository';
import * as invoices from './invoices-repository';
import * as repo from './payments-repository';

/**
 * A payment whose notice came before its bill's control number was known is kept `unmatched`; once the
 * number is known (the gateway's answer or callback, the raise job, a re-sent notice, reconciliation)
 * each such payment for it is matched to the bill and applied exactly as its notice would have been:
 * its receipt made, its invoice paid (or the excess kept), the applicant told. A payment whose notice
 * named another bill is left to staff. Answers how many were matched.
 */
export async function matchUnmatched(
  db: Kysely<Database>,
  notifier: Notifier,
  billId: string,
  now = new Date(),
): Promise<number> {
  const applied = await db.transaction().execute(async (trx) => {
    // Its invoice locked first, then the bill: the order of every path that locks both (no deadlock).
    const unlocked = await repo.findBill(trx, billId);
    if (!unlocked?.control_number) return [];
    await invoices.lockInvoice(trx, unlocked.invoice_id);
    const bill = await repo.lockBill(trx, billId);
    if (!bill?.control_number) return [];
    const out: AppliedPayment[] = [];
    for (const waiting of await lockOpenUnmatched(trx, bill.control_number)) {
      if (waiting.notice_bill_id !== null && waiting.notice_bill_id !== bill.id) continue;
      const receipt = await repo.matchPayment(trx, waiting.payment_id, bill, now.getUTCFullYear());
      await settleException(trx, waiting.exception_id, {
        how: 'matched',
        remark: null,
        invoice_id: bill.invoice_id,
        actor: GATEWAY,
        at: now,
      });
      // The bill as it is now: an earlier payment of this loop may have paid it.
      const current = (await repo.findBill(trx, bill.id))!;
      const payment = await repo.findPayment(trx, waiting.transaction_id);
      out.push(
        await applyToBill(
          trx,
          current,
          {
            id: waiting.payment_id,
            transaction_id: waiting.transaction_id,
            receipt_number: receipt,
            control_number: bill.control_number,
            amount_tzs: Number(waiting.amount_tzs),
            channel: payment!.channel,
          },
          payment!.source === 'reconciliation' ? 'reconciliation' : 'notice',
          now,
        ),
      );
    }
    return out;
  });
  for (const payment of applied) await tellApplicant(notifier, payment);
  return applied.length;
}
