import type { Kysely } from 'kysely';
import type { MarkInvoicePaidAnswer } from '../../shared/api/back-office';
import { lockExistingApplication, recordAction, touchApplication } from '../applications/status-move';
import { UUID, invoiceParams, iso, toInvoice } from '../back-office/back-office-rules';
import type { Database } from '../db/schema';
import { ApiError } from '../http/envelope';
import { noticeAnswer } from '../notifications/notice-answer';
import type { Notifier } from '../notifications/notifier';
import type { StaffActor } from '../staff-accounts/staff-actor';
import { lockInvoice, markPaid } from './invoices-repository';
import type { PaymentsService } from './payments-service';

/** What mark_invoice_paid runs on (the back office's StaffServices has it all). */
export interface MarkInvoicePaidDeps {
  db: Kysely<Database>;
  notifier: Notifier;
  /** Records the cash payment and its receipt; without it the invoice is only marked paid. */
  payments?: PaymentsService | undefined;
}

/**
 * Staff record an invoice as paid by hand: cash at the unit or an exception. Kept as such: the
 * balance becomes a payment of channel `cash`, source `staff`, with a receipt, and the history says so.
 */
export async function markInvoicePaid(
  deps: MarkInvoicePaidDeps,
  actor: StaffActor,
  invoiceId: string,
): Promise<MarkInvoicePaidAnswer> {
  if (!UUID.test(invoiceId)) throw new ApiError(404, 'back_office.invoice_not_found');
  const invoice = await deps.db.transaction().execute(async (trx) => {
    const row = await lockInvoice(trx, invoiceId);
    if (!row) throw new ApiError(404, 'back_office.invoice_not_found');
    const application = await lockExistingApplication(trx, row.application_id);
    if (application?.status === 'withdrawn') throw new ApiError(409, 'application_withdrawn');
    if (row.paid_at !== null)
      throw new ApiError(409, 'back_office.invoice_already_paid', { paid_at: iso(row.paid_at) });
    // Nothing is due on a cancelled invoice: cash for it would be money to refund.
    if (row.cancelled_at !== null)
      throw new ApiError(409, 'back_office.invoice_already_cancelled', { cancelled_at: iso(row.cancelled_at) });
    const receipt = deps.payments ? await deps.payments.recordStaffPayment(trx, row) : null;
    const paid = await markPaid(trx, invoiceId);
    await touchApplication(trx, row.application_id);
    await recordAction(trx, row.application_id, null, {
      actor,
      action: 'mark_invoice_paid',
      details: {
        invoice_id: invoiceId,
        control_number: row.control_number,
        recorded_as: 'cash_or_exception',
        ...(receipt ? { receipt_number: receipt } : {}),
      },
    });
    return paid;
  });
  const notified = await noticeAnswer(deps.notifier, invoice.application_id, 'invoice_paid', invoiceParams(invoice));
  return { ...toInvoice(invoice), ...notified };
}
