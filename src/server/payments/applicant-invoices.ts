import type { Kysely } from 'kysely';
import type { ApplicantInvoice, InvoiceExcess, InvoiceStatus, PaymentChannel } from '../../shared/api/payments';
import type { Database } from '../db/schema';
import { exceptionsOfInvoices } from './payment-exceptions-repository';
import { invoicesWithBills } from './invoices-repository';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * An invoice's state from its sums and its bills (newest first): `expired` while no control number
 * can be paid because the last one expired (its replacement not yet given by the gateway).
 */
export function invoiceStatus(
  amount: number,
  paid: number,
  bills: { status: string }[],
  cancelled = false,
): InvoiceStatus {
  if (cancelled) return 'cancelled';
  if (paid >= amount) return 'paid';
  const [current, ...older] = bills;
  if (current?.status === 'expired') return 'expired';
  if (current?.status === 'raising' && older.some((b) => b.status === 'expired')) return 'expired';
  return paid > 0 ? 'partly_paid' : 'unpaid';
}

/** The signed-in application's invoices as its Invoices tab shows them (no payer phone, no transaction ids). */
export async function applicantInvoices(db: Kysely<Database>, applicationId: number): Promise<ApplicantInvoice[]> {
  const { invoices, bills, payments } = await invoicesWithBills(db, applicationId);
  const held = await exceptionsOfInvoices(
    db,
    invoices.map((i) => i.id),
  );
  return invoices.map((invoice) => {
    const amount = Number(invoice.amount_tzs);
    const paid = Number(invoice.paid_tzs);
    // Nothing is to pay on a cancelled invoice: no balance, no control number to pay.
    const cancelled = invoice.cancelled_at !== null;
    // Bills are newest first: the first one of the invoice is its current one.
    const own = bills.filter((b) => b.invoice_id === invoice.id);
    const current = own[0];
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
      balance_tzs: cancelled ? 0 : Math.max(0, amount - paid),
      // The current bill's number (none while the gateway has not given it); an invoice with no bill
      // of ours keeps the number the integration gave.
      control_number: cancelled ? null : current ? current.control_number : invoice.control_number,
      expires_at:
        !cancelled && current?.control_number && current.status === 'issued' && paid < amount
          ? iso(current.expires_at)
          : null,
      due_date: invoice.due_date,
      status: invoiceStatus(amount, paid, own, cancelled),
      paid_at: iso(invoice.paid_at),
      created_at: iso(invoice.created_at)!,
      receipts,
      cancel_reason: invoice.cancel_reason,
      excess: held
        .filter((e) => e.invoice_id === invoice.id)
        .map((e) => ({
          kind: e.kind as InvoiceExcess['kind'],
          amount_tzs: Number(e.amount_tzs),
          settled_how: (e.settled_how as InvoiceExcess['settled_how']) ?? null,
        })),
    };
  });
}
