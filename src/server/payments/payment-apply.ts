import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../http/envelope';
import type { Notifier } from '../notifications/notifier';
import { recordAction } from '../applications/status-move';
import type { StaffActor } from '../staff-accounts/staff-actor';
import { insertException } from './payment-exceptions-repository';
import { statusOf } from '../applications/application-access';
import * as invoices from './invoices-repository';
import * as repo from './payments-repository';

/** The gateway, as recorded in an application's history (a machine, never a person). */
export const GATEWAY: StaffActor = { kind: 'system', name: 'payment gateway' };

/** A payment applied to its bill's invoice: what the applicant is told once it is committed. */
export interface AppliedPayment {
  applicationId: number;
  amount: number;
  controlNumber: string;
  fullyPaidNow: boolean;
  balance: number;
  /** Paid over the invoice's amount: held for the applicant until staff refund or apply it. */
  overTzs: number;
  /** Paid on a cancelled invoice or a withdrawn application: all of it is to refund. */
  refundTzs: number;
}

/**
 * A payment (already recorded, with its invoice and receipt) taken by its bill's invoice: added to the
 * invoice's sum, the bill and the invoice's other bills closed once paid, the excess kept as an
 * over-payment for staff. On a cancelled invoice (or a withdrawn application's) nothing is due: the
 * whole payment is money to refund. Every outcome is a history line. In the caller's transaction.
 */
export async function applyToBill(
  trx: Transaction<Database>,
  bill: { id: string; invoice_id: string; amount_tzs: string | number; status: string },
  payment: {
    id: number;
    transaction_id: string;
    receipt_number: string | null;
    control_number: string;
    amount_tzs: number;
    channel: string;
  },
  source: 'notice' | 'reconciliation',
  now: Date,
): Promise<AppliedPayment> {
  const before = await invoices.lockInvoice(trx, bill.invoice_id);
  if (!before) throw new ApiError(404, 'payments.unknown_bill');
  const applicationStatus = await statusOf(trx, before.application_id);
  const base = {
    invoice_id: before.id,
    transaction_id: payment.transaction_id,
    receipt_number: payment.receipt_number,
    control_number: payment.control_number,
    amount_tzs: payment.amount_tzs,
    channel: payment.channel,
    source,
  };
  const told = {
    applicationId: before.application_id,
    amount: payment.amount_tzs,
    controlNumber: payment.control_number,
  };
  const unpaid = before.paid_at === null;
  if (before.cancelled_at !== null || (applicationStatus === 'withdrawn' && unpaid)) {
    // Nothing is due on it: the money is the applicant's, to refund.
    await insertException(trx, {
      payment_id: payment.id,
      kind: 'refund_due',
      amount_tzs: payment.amount_tzs,
      application_id: before.application_id,
      invoice_id: before.id,
    });
    await record(trx, before.application_id, 'payment_refund_due', {
      ...base,
      reason: before.cancelled_at !== null ? 'invoice_cancelled' : 'application_withdrawn',
    });
    return { ...told, fullyPaidNow: false, balance: 0, overTzs: 0, refundTzs: payment.amount_tzs };
  }
  const invoice = await invoices.addToInvoice(trx, bill.invoice_id, payment.amount_tzs, now);
  const paid = Number(invoice.paid_tzs);
  const amount = Number(invoice.amount_tzs);
  if ((await repo.paidOnBill(trx, bill.id)) >= Number(bill.amount_tzs) && bill.status === 'issued')
    await repo.setBillStatus(trx, bill.id, 'paid');
  if (paid >= amount) await repo.closeOpenBills(trx, invoice.id);
  const late = bill.status === 'expired' || bill.status === 'cancelled';
  const over = paid > amount ? paid - Math.max(amount, Number(before.paid_tzs)) : 0;
  await record(trx, invoice.application_id, 'payment_received', {
    ...base,
    paid_tzs: paid,
    ...(late ? { late: true, bill_status: bill.status } : {}),
  });
  if (over > 0) {
    // Kept for staff to refund or apply (list_payment_exceptions); the applicant is told.
    await insertException(trx, {
      payment_id: payment.id,
      kind: 'over_payment',
      amount_tzs: over,
      application_id: invoice.application_id,
      invoice_id: invoice.id,
    });
    await record(trx, invoice.application_id, 'payment_over', { invoice_id: invoice.id, over_tzs: over });
  }
  return {
    ...told,
    fullyPaidNow: before.paid_at === null && invoice.paid_at !== null,
    balance: Math.max(0, amount - paid),
    overTzs: over,
    refundTzs: 0,
  };
}

/** What the applicant is told of a payment applied: paid, part paid, paid over, or nothing due (to refund). */
export async function tellApplicant(notifier: Notifier, applied: AppliedPayment): Promise<void> {
  const params = { amount: applied.amount, control_number: applied.controlNumber };
  if (applied.refundTzs > 0) {
    await notifier.notice(applied.applicationId, 'payment_refund_due', params);
    return;
  }
  if (applied.fullyPaidNow) await notifier.notice(applied.applicationId, 'invoice_paid', params);
  else if (applied.balance)
    await notifier.notice(applied.applicationId, 'payment_received', {
      ...params,
      balance: applied.balance.toLocaleString('en-US'),
    });
  if (applied.overTzs > 0)
    await notifier.notice(applied.applicationId, 'payment_over', {
      amount: applied.overTzs,
      control_number: applied.controlNumber,
    });
}

export function record(
  trx: Transaction<Database>,
  applicationId: number,
  action: string,
  details: Record<string, unknown>,
) {
  return recordAction(trx, applicationId, null, { actor: GATEWAY, action, details });
}
