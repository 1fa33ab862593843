import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { recordAction } from '../applications/status-move';
import type { StaffActor } from '../staff-accounts/staff-actor';
import type { BillCancellation } from './bill-cancellation';
import { appliedToInvoice, insertException } from './payment-exceptions-repository';
import * as invoiceRows from './invoices-repository';
import { paymentsOfInvoice } from './payments-repository';

/** A withdrawal, as recorded in the history of the invoices it cancels (the applicant's own move). */
const WITHDRAWAL: StaffActor = { kind: 'system', name: 'withdrawal' };

/**
 * An invoice cancelled in the caller's transaction: nothing is due on it any more (the Invoices tab and
 * the status SMS say so), its open bills are cancelled at the gateway (bill-cancellation.ts), and what
 * was already paid on it is the applicant's money to refund (a payment exception each). Answers the
 * bills to cancel at the gateway right after commit.
 */
export async function cancelInvoiceRow(
  trx: Transaction<Database>,
  cancellation: BillCancellation,
  invoice: { id: string; application_id: number; amount_tzs: string | number; paid_tzs: string | number },
  how: { reason: string | null; actor: StaffActor; action: string; details?: Record<string, unknown> },
  now = new Date(),
): Promise<string[]> {
  await invoiceRows.setInvoiceCancelled(trx, invoice.id, now, how.reason);
  const paid = Number(invoice.paid_tzs);
  if (paid > 0) {
    // What the invoice took is the applicant's to refund, to the shilling: its own payments, and the
    // money staff applied to it from another invoice's excess (no payment row of this invoice).
    const sources = [
      ...(await paymentsOfInvoice(trx, invoice.id)).map((p) => ({ payment_id: p.id, amount: Number(p.amount_tzs) })),
      ...(await appliedToInvoice(trx, invoice.id)).map((e) => ({
        payment_id: e.payment_id,
        amount: Number(e.amount_tzs),
      })),
    ];
    let left = paid;
    for (const source of sources) {
      const amount = Math.min(source.amount, left);
      if (amount <= 0) break;
      left -= amount;
      await insertException(trx, {
        payment_id: source.payment_id,
        kind: 'refund_due',
        amount_tzs: amount,
        application_id: invoice.application_id,
        invoice_id: invoice.id,
      });
    }
  }
  const bills = await cancellation.cancelOpenBills(trx, invoice.id);
  await recordAction(trx, invoice.application_id, how.reason, {
    actor: how.actor,
    action: how.action,
    details: {
      invoice_id: invoice.id,
      amount_tzs: Number(invoice.amount_tzs),
      paid_tzs: Number(invoice.paid_tzs),
      cancelled_bills: bills,
      ...how.details,
    },
  });
  return bills;
}

/**
 * The application is being withdrawn (in its transaction): each invoice not paid in full is cancelled,
 * its bills with it; a part payment already made is money to refund. Answers the bills to cancel at
 * the gateway right after commit.
 */
export async function cancelForWithdrawal(
  trx: Transaction<Database>,
  cancellation: BillCancellation,
  applicationId: number,
  now = new Date(),
): Promise<string[]> {
  const invoices = await invoiceRows.lockUnpaidInvoicesOf(trx, applicationId);
  const bills: string[] = [];
  for (const invoice of invoices) {
    bills.push(
      ...(await cancelInvoiceRow(
        trx,
        cancellation,
        invoice,
        { reason: null, actor: WITHDRAWAL, action: 'invoice_cancelled', details: { because: 'application_withdrawn' } },
        now,
      )),
    );
  }
  return bills;
}

/** What a withdrawal needs of payments: its invoices cancelled in its transaction, their bills at the gateway after. */
export interface WithdrawalPayments {
  inTransaction(trx: Transaction<Database>, applicationId: number): Promise<string[]>;
  afterCommit(billIds: string[]): Promise<void>;
}

export function withdrawalPayments(cancellation: BillCancellation): WithdrawalPayments {
  return {
    inTransaction: (trx, applicationId) => cancelForWithdrawal(trx, cancellation, applicationId),
    afterCommit: (billIds) => cancellation.now(billIds),
  };
}
