import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type {
  ControlNumberAcknowledgement,
  ControlNumberCallback,
  PaymentAcknowledgement,
  PaymentNotice,
} from '../../shared/api/payments';
import type { Database } from '../db/schema';
import { ApiError } from '../http/envelope';
import type { Executor, JobRunner } from '../jobs/job-runner';
import type { Notifier } from '../notifications/notifier';
import { BillCancellation } from './bill-cancellation';
import { record } from './payment-apply';
import { applyNotice } from './payment-notice';
import { matchUnmatched } from './unmatched-payments';
import type { PaymentGateway } from './payment-gateway';
import { billExpiry, PAYMENT_TIMING, type PaymentTiming } from './payment-timing';
import * as invoices from './invoices-repository';
import * as repo from './payments-repository';
import { recordStaffPayment, type StaffPaidInvoice } from './staff-payment';

/** The job that raises a bill (again) until the gateway gives it a control number (its queue: migration 20261128T060200). */
export const RAISE_BILL_QUEUE = 'payments-raise-bill';

export interface Payer {
  name: string;
  phone: string | null;
}

type Log = (level: 'info' | 'warn', details: Record<string, unknown>, text: string) => void;

/**
 * Control-number payment: raises each invoice's bill with the gateway, takes the control number
 * (at once or by callback), applies the gateway's payment notices (idempotent by transaction id;
 * partial, whole and over-payments; late ones on an expired bill), re-issues expired bills for the
 * balance, and asks the gateway about bills whose notice never came (reconciliation).
 */
export class PaymentsService {
  /** Cancelling bills at the gateway (an invoice cancelled, an application withdrawn). */
  readonly cancellation: BillCancellation;

  constructor(
    private readonly db: Kysely<Database>,
    readonly gateway: PaymentGateway,
    private readonly jobs: JobRunner,
    private readonly notifier: Notifier,
    private readonly log: Log = () => {},
    private readonly timing: PaymentTiming = PAYMENT_TIMING,
  ) {
    this.cancellation = new BillCancellation(db, gateway, jobs, log, timing.firstRetrySeconds);
    jobs.handle<{ bill_id: string }>(RAISE_BILL_QUEUE, async ({ bill_id }) => {
      // Throws while the gateway is down: pg-boss retries with back-off.
      await this.raise(bill_id, { rethrow: true });
    });
  }

  /**
   * A bill for an invoice, written in the transaction that saves the invoice, with the job that raises
   * it: if the attempt right after commit fails (the gateway down), the job raises it later.
   */
  async createBill(
    trx: Transaction<Database>,
    invoice: { id: string; amount_tzs: number; due_date: string; description: string | null },
    payer: Payer,
    expiresAt: Date = billExpiry(invoice.due_date),
  ): Promise<string> {
    const id = randomUUID();
    await repo.insertBill(trx, {
      id,
      invoice_id: invoice.id,
      provider: this.gateway.name,
      amount_tzs: invoice.amount_tzs,
      payer_name: payer.name || '-',
      payer_phone: payer.phone,
      description: invoice.description ?? 'Building permit fees',
      expires_at: expiresAt,
    });
    await this.enqueueRaise(trx, id);
    return id;
  }

  /**
   * Asks the gateway for the bill's control number. Answers it when the gateway gave it at once;
   * undefined when it comes by callback or the gateway failed (then the job tries again).
   */
  async raise(billId: string, options: { rethrow?: boolean } = {}): Promise<string | undefined> {
    const bill = await repo.findBill(this.db, billId);
    if (!bill || bill.status !== 'raising') return bill?.control_number ?? undefined;
    let raised;
    try {
      raised = await this.gateway.raiseBill({
        bill_id: bill.id,
        amount_tzs: Number(bill.amount_tzs),
        payer_name: bill.payer_name,
        payer_phone: bill.payer_phone,
        expires_at: new Date(bill.expires_at),
        description: bill.description,
      });
    } catch (error) {
      await repo.billRaiseFailed(this.db, billId, (error as Error).message);
      this.log(
        'warn',
        { bill_id: billId, err: (error as Error).message },
        'a bill could not be raised; retried by a job',
      );
      if (options.rethrow) throw error;
      return undefined;
    }
    if ('pending' in raised) {
      await repo.billRaisePending(this.db, billId);
      return undefined;
    }
    await this.controlNumberArrived({ bill_id: billId, control_number: raised.control_number });
    return raised.control_number;
  }

  /** The bill's control number (from the gateway's answer or its callback): kept, and the applicant told once. */
  async controlNumberArrived(callback: ControlNumberCallback, now = new Date()): Promise<ControlNumberAcknowledgement> {
    const issued = await this.db.transaction().execute(async (trx) => {
      // Its invoice locked first, then the bill: the order of every path that locks both (no deadlock).
      const unlocked = await repo.findBill(trx, callback.bill_id);
      if (!unlocked) throw new ApiError(404, 'payments.unknown_bill');
      const invoice = await invoices.lockInvoice(trx, unlocked.invoice_id);
      const bill = (await repo.lockBill(trx, callback.bill_id))!;
      if (bill.control_number !== null) {
        if (bill.control_number !== callback.control_number)
          throw new ApiError(409, 'payments.control_number_conflict');
        return undefined; // said before: nothing new
      }
      const taken = await repo.findBillByControlNumber(trx, callback.control_number);
      if (taken) throw new ApiError(409, 'payments.control_number_conflict');
      await repo.setBillIssued(trx, bill.id, callback.control_number, now);
      if (bill.status === 'cancelled') {
        // Cancelled while it was being raised: its cancellation may have reached the gateway before the
        // bill did ("no such bill", taken as done). The number just issued is cancelled there again; the
        // applicant is not told it.
        await this.cancellation.cancelAgain(trx, bill.id);
        return { cancelAgain: true as const, billId: bill.id };
      }
      // A bill whose invoice was paid meanwhile (by hand) keeps its number but is not the invoice's.
      if (bill.status !== 'raising' || !invoice || invoice.paid_at !== null) return undefined;
      await invoices.setInvoiceControlNumber(trx, invoice.id, callback.control_number);
      const reissued = (await repo.countBills(trx, invoice.id)) > 1;
      return { cancelAgain: false as const, applicationId: invoice.application_id, bill, reissued };
    });
    if (issued?.cancelAgain) await this.cancellation.now([issued.billId]);
    else if (issued) {
      const { bill } = issued;
      await this.notifier.notice(issued.applicationId, issued.reissued ? 'bill_reissued' : 'bill_issued', {
        amount: Number(bill.amount_tzs),
        control_number: callback.control_number,
        expires: zanzibarDate(new Date(bill.expires_at)),
      });
    }
    // Notices that came before the number: matched to the bill now.
    await matchUnmatched(this.db, this.notifier, callback.bill_id, now);
    return { bill_id: callback.bill_id, control_number: callback.control_number };
  }

  /**
   * One payment the gateway reports (its notice, or reconciliation): see payment-notice.ts. The same
   * transaction id twice pays once and answers the same acknowledgement.
   */
  applyNotice(
    notice: PaymentNotice,
    source: 'notice' | 'reconciliation' = 'notice',
    now = new Date(),
  ): Promise<PaymentAcknowledgement> {
    return applyNotice({ db: this.db, notifier: this.notifier, log: this.log }, notice, source, now);
  }

  /** Staff marked an invoice paid by hand: see staff-payment.ts. */
  recordStaffPayment(trx: Transaction<Database>, invoice: StaffPaidInvoice, now = new Date()): Promise<string | null> {
    return recordStaffPayment(trx, invoice, now);
  }

  /**
   * Bills past their expiry, unpaid or partly paid: each is closed and a new bill for the balance is
   * raised (its control number reaches the applicant by SMS as it comes). Bounded per run.
   */
  async reissueExpired(now = new Date()): Promise<number> {
    const due = await repo.expiredBills(this.db, now, this.timing.batch);
    const raised: string[] = [];
    for (const { id } of due) {
      const newBill = await this.db.transaction().execute(async (trx) => {
        // Its invoice locked first, then the bill (the order of every path that locks both); the bill's
        // state checked again under its lock.
        const unlocked = await repo.findBill(trx, id);
        if (!unlocked) return undefined;
        const invoice = await invoices.lockInvoice(trx, unlocked.invoice_id);
        const bill = await repo.lockBill(trx, id);
        if (!bill || (bill.status !== 'issued' && bill.status !== 'raising')) return undefined;
        await repo.setBillStatus(trx, bill.id, 'expired');
        if (!invoice || invoice.paid_at !== null) return undefined;
        const balance = Number(invoice.amount_tzs) - Number(invoice.paid_tzs);
        if (balance <= 0) return undefined;
        const expires = new Date(now.getTime() + this.timing.reissueDays * 24 * 3600 * 1000);
        const billId = await this.createBill(
          trx,
          { id: invoice.id, amount_tzs: balance, due_date: '', description: bill.description },
          { name: bill.payer_name, phone: bill.payer_phone },
          expires,
        );
        await record(trx, invoice.application_id, 'bill_reissued', {
          invoice_id: invoice.id,
          expired_control_number: bill.control_number,
          balance_tzs: balance,
        });
        return billId;
      });
      if (newBill) raised.push(newBill);
    }
    for (const billId of raised) await this.raise(billId);
    return raised.length;
  }

  /**
   * Asks the gateway about bills with no notice for a while and applies what it reports exactly like a
   * notice (the same idempotency). A gateway that fails is asked again on the next run.
   */
  async reconcile(now = new Date()): Promise<{ checked: number; applied: number }> {
    const olderThan = new Date(now.getTime() - this.timing.reconcileAfterMinutes * 60_000);
    const checkedBefore = new Date(now.getTime() - this.timing.recheckMinutes * 60_000);
    const bills = await repo.billsToReconcile(this.db, olderThan, checkedBefore, this.timing.batch);
    let applied = 0;
    for (const bill of bills) {
      let report;
      try {
        report = await this.gateway.queryBill(bill.id);
      } catch (error) {
        this.log(
          'warn',
          { bill_id: bill.id, err: (error as Error).message },
          'reconciliation: the gateway did not answer',
        );
        break; // the gateway is down: the next run asks again
      }
      await repo.markChecked(this.db, bill.id, now);
      if (bill.status === 'raising' && report.control_number)
        await this.controlNumberArrived({ bill_id: bill.id, control_number: report.control_number }, now);
      for (const payment of report.payments.slice(0, 100)) {
        const known = await repo.findPayment(this.db, payment.transaction_id);
        // Known and matched: nothing new. Known but unmatched: its bill is known now, so it is matched.
        if (known && known.invoice_id !== null) continue;
        try {
          await this.applyNotice(payment, 'reconciliation', now);
          applied += 1;
        } catch (error) {
          this.log(
            'warn',
            { bill_id: bill.id, err: (error as Error).message },
            'reconciliation: a payment was not applied',
          );
        }
      }
    }
    return { checked: bills.length, applied };
  }

  private enqueueRaise(executor: Executor, billId: string) {
    return this.jobs.send(
      executor,
      RAISE_BILL_QUEUE,
      { bill_id: billId },
      {
        // The attempt right after commit goes first; the job is the retry.
        startAfter: this.timing.firstRetrySeconds,
        retryLimit: 10,
        retryDelay: 60,
        retryBackoff: true,
        expireInSeconds: 120,
      },
    );
  }
}

/** The calendar date in Zanzibar (UTC+3, no daylight saving) of a moment. */
export function zanzibarDate(moment: Date): string {
  return new Date(moment.getTime() + 3 * 3600 * 1000).toISOString().slice(0, 10);
}
