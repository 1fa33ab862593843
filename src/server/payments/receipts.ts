import type { Kysely } from 'kysely';
import type { ReceiptFileAnswer } from '../../shared/api/back-office';
import type { Database } from '../db/schema';
import { formatReferenceNumber } from '../applications/reference-number';
import { ApiError } from '../http/envelope';
import { invoicePayer, receiptOf } from './payments-repository';
import { receiptPdf } from './receipt-pdf';

const RECEIPT_NUMBER = /^RC-[0-9]{4}-[0-9]{6,}$/;

/**
 * A payment's receipt as a PDF: for the signed-in applicant (`applicationId`: their own receipts only)
 * or for staff (any). Another application's receipt answers as a receipt that does not exist.
 */
export async function receiptFile(
  db: Kysely<Database>,
  receiptNumber: string,
  applicationId?: number,
): Promise<{ file_name: string; bytes: Uint8Array }> {
  if (!RECEIPT_NUMBER.test(receiptNumber)) throw new ApiError(404, 'payments.receipt_not_found');
  const row = await receiptOf(db, receiptNumber, applicationId);
  if (!row) throw new ApiError(404, 'payments.receipt_not_found');
  const payer = (await invoicePayer(db, row.invoice_id))?.payer_name ?? '-';
  const bytes = await receiptPdf({
    receipt_number: row.receipt_number!,
    reference_number: formatReferenceNumber(row.reference_number),
    payer,
    amount_tzs: Number(row.amount_tzs),
    control_number: row.control_number,
    channel: row.channel,
    paid_at: new Date(row.paid_at),
    description: row.description,
    transaction_id: row.transaction_id,
  });
  return { file_name: `receipt-${row.receipt_number}.pdf`, bytes };
}

/** A receipt's PDF for staff (any application's), as the back office answers it: base64. */
export async function staffReceipt(db: Kysely<Database>, receiptNumber: string): Promise<ReceiptFileAnswer> {
  const file = await receiptFile(db, receiptNumber);
  return {
    file_name: file.file_name,
    mime_type: 'application/pdf',
    content_base64: Buffer.from(file.bytes).toString('base64'),
  };
}
