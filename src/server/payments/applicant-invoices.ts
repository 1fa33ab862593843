import type { Kysely } from 'kysely';
import type { ApplicantInvoice, InvoiceStatus, PaymentChannel } from '../../shared/api/payments';
import type { Database } from '../db/schema';
import { invoicesWithBills } from './payments-repository';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** An invoice's state from its sums and its current bill. */
export function invoiceStatus(
  amount: number,
  paid: number,
  currentBill: { status: string } | undefined,
): InvoiceStatus {
  if (paid >= amount) return 'paid';
  if (currentBill?.status === 'expired') return 'expired';
  return paid > 0 ? 'partly_paid' : 'unpaid';
}

/** The signed-in application's invoices as its Invoices tab shows them (no payer phone, no transaction ids). */
export async function applicantInvoices(db: Kysely<Database>, applicationId: number): Promise<ApplicantInvoice[]> {
  const { invoices, bills, payments } = await invoicesWithBills(db, applicationId);
  return invoices.map((invoice) => {
    const amount = Number(invoice.amount_tzs);
    const paid = Number(invoice.paid_tzs);
    // Bills are newest first: the first one of the invoice is its current one.
    const current = bills.find((b) => b.invoice_id === invoice.id);
    const receipts = payments
      .filter((p) => p.invoice_id === invoice.id && p.receipt_number !== null)
      .map((p) => ({
        receipt_number: p.receipt_number!,
        amount_tzs: Number(p.amount_tzs),
        channel: p.channel as PaymentChannel,
        paid_at: iso(p.paid_at)!,
      }));
    return {
      invoice_id: invoice.id,
      description: invoice.description,
      amount_tzs: amount,
      paid_tzs: paid,
      balance_tzs: Math.max(0, amount - paid),
      control_number: invoice.control_number,
      expires_at: current && current.status !== 'paid' && paid < amount ? iso(current.expires_at) : null,
      due_date: invoice.due_date,
      status: invoiceStatus(amount, paid, current),
      paid_at: iso(invoice.paid_at),
      created_at: iso(invoice.created_at)!,
      receipts,
    };
  });
}
