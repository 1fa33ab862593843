import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import * as invoices from './invoices-repository';
import * as repo from './payments-repository';

/** The invoice as staff mark it paid: what it asks, what came in, its control number. */
export interface StaffPaidInvoice {
  id: string;
  amount_tzs: string | number;
  paid_tzs: string | number;
  control_number: string | null;
}

/**
 * Staff marked an invoice paid by hand (cash at the unit, or an exception): the balance is recorded
 * as a payment of channel `cash`, source `staff`, in the caller's transaction, with a receipt.
 */
export async function recordStaffPayment(
  trx: Transaction<Database>,
  invoice: StaffPaidInvoice,
  now = new Date(),
): Promise<string | null> {
  const balance = Number(invoice.amount_tzs) - Number(invoice.paid_tzs);
  if (balance <= 0) return null;
  const row = {
    transaction_id: `STAFF-${randomUUID()}`,
    invoice_id: invoice.id,
    bill_id: null,
    control_number: invoice.control_number,
    amount_tzs: balance,
    channel: 'cash',
    payer_phone: null,
    paid_at: now,
    source: 'staff' as const,
    fingerprint: '-',
  };
  const { receipt_number } = await repo.insertPayment(trx, row, now.getUTCFullYear());
  await invoices.setInvoicePaid(trx, invoice.id, Number(invoice.amount_tzs));
  await repo.closeOpenBills(trx, invoice.id);
  return receipt_number;
}
