import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { JobRunner } from '../jobs/job-runner';
import type { PaymentGateway } from './payment-gateway';
import * as repo from './payments-repository';

/** The job that cancels a bill at the gateway until it answers (its queue: migration 20261202T060000). */
export const CANCEL_BILL_QUEUE = 'payments-cancel-bill';

type Log = (level: 'info' | 'warn', details: Record<string, unknown>, text: string) => void;

/**
 * Cancelling an invoice's open bills: closed on our side in the caller's transaction, with a job each
 * (written in the same transaction) that cancels it at the gateway, so that its control number stops
 * taking money; the attempt right after commit goes first, the job retries with back-off while the
 * gateway is down. A payment that still comes for such a bill is money to refund (payment-apply.ts).
 */
export class BillCancellation {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly gateway: PaymentGateway,
    private readonly jobs: JobRunner,
    private readonly log: Log = () => {},
    private readonly firstRetrySeconds = 60,
  ) {
    jobs.handle<{ bill_id: string }>(CANCEL_BILL_QUEUE, async ({ bill_id }) => {
      // Throws while the gateway is down: pg-boss retries with back-off.
      await this.atGateway(bill_id, { rethrow: true });
    });
  }

  /** The invoice's open bills (raising or issued) cancelled, each with its gateway job; answers their ids. */
  async cancelOpenBills(trx: Transaction<Database>, invoiceId: string): Promise<string[]> {
    const bills = await repo.lockOpenBills(trx, invoiceId);
    for (const { id } of bills) {
      await repo.setBillStatus(trx, id, 'cancelled');
      await this.enqueue(trx, id);
    }
    return bills.map((b) => b.id);
  }

  /**
   * A cancelled bill whose control number the gateway issued after all (its cancellation reached the
   * gateway before the bill did, and was answered "no such bill"): cancelled at the gateway again, with
   * its job, so the number it just issued takes no money. Call `now` with it after commit.
   */
  async cancelAgain(trx: Transaction<Database>, billId: string): Promise<void> {
    await repo.clearBillCancelledAtGateway(trx, billId);
    await this.enqueue(trx, billId);
  }

  private enqueue(trx: Transaction<Database>, billId: string) {
    return this.jobs.send(
      trx,
      CANCEL_BILL_QUEUE,
      { bill_id: billId },
      { startAfter: this.firstRetrySeconds, retryLimit: 20, retryDelay: 60, retryBackoff: true, expireInSeconds: 120 },
    );
  }

  /** Right after commit: each bill cancelled at the gateway now (a failure is left to its job). */
  async now(billIds: string[]): Promise<void> {
    for (const id of billIds) await this.atGateway(id);
  }

  /** Cancels one bill at the gateway, once: true when the gateway confirmed it (now or before). */
  async atGateway(billId: string, options: { rethrow?: boolean } = {}): Promise<boolean> {
    const bill = await repo.billCancellationState(this.db, billId);
    if (!bill || bill.status !== 'cancelled') return false;
    if (bill.gateway_cancelled_at !== null) return true;
    try {
      await this.gateway.cancelBill(billId);
    } catch (error) {
      this.log(
        'warn',
        { bill_id: billId, err: (error as Error).message },
        'a bill could not be cancelled at the gateway; retried by a job',
      );
      if (options.rethrow) throw error;
      return false;
    }
    await repo.markBillCancelledAtGateway(this.db, billId, new Date());
    return true;
  }
}
