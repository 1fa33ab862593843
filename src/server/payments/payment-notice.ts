import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PaymentAcknowledgement, PaymentNotice } from '../../shared/api/payments';
import type { Database } from '../db/schema';
import { ApiError } from '../http/envelope';
import type { Notifier } from '../notifications/notifier';
import { applyToBill, tellApplicant, type AppliedPayment } from './payment-apply';
import { insertException } from './payment-exceptions-repository';
import * as repo from './payments-repository';
import { matchUnmatched } from './unmatched-payments';

type Log = (level: 'info' | 'warn', details: Record<string, unknown>, text: string) => void;

/** What applying a notice needs: the database, the applicant's notifier, the log. */
export interface NoticeParts {
  db: Kysely<Database>;
  notifier: Notifier;
  log: Log;
}

/**
 * One payment the gateway reports (its notice, or reconciliation). The same transaction id twice
 * pays once and answers the same acknowledgement; the same id saying something else is refused.
 */
export async function applyNotice(
  parts: NoticeParts,
  notice: PaymentNotice,
  source: 'notice' | 'reconciliation' = 'notice',
  now = new Date(),
): Promise<PaymentAcknowledgement> {
  const fingerprint = fingerprintOf(notice);
  const applied = await parts.db.transaction().execute(async (trx): Promise<Applied> => {
    const existing = await repo.findPayment(trx, notice.transaction_id);
    if (existing) return { ack: acknowledge(parts, existing, fingerprint), retry: true };
    const bill = await repo.findBillByControlNumber(trx, notice.control_number);
    if (!bill || bill.id !== notice.bill_id) {
      // Money was taken for a number that is no bill of ours (yet): kept for staff, applied to nothing
      // until its bill's control number is known (unmatched-payments.ts).
      const row = paymentRow(notice, null, source, fingerprint);
      const { id } = await repo.insertPayment(trx, { ...row, notice_bill_id: notice.bill_id }, now.getUTCFullYear());
      await insertException(trx, {
        payment_id: id,
        kind: 'unmatched',
        amount_tzs: notice.amount_tzs,
        application_id: null,
        invoice_id: null,
      });
      parts.log('warn', { transaction_id: notice.transaction_id }, 'a payment notice names no bill of ours');
      return { ack: { transaction_id: notice.transaction_id, status: 'unmatched', receipt_number: null } as const };
    }
    const { id, receipt_number } = await repo.insertPayment(
      trx,
      paymentRow(notice, bill, source, fingerprint),
      now.getUTCFullYear(),
    );
    const payment = await applyToBill(
      trx,
      bill,
      { ...notice, id, receipt_number, control_number: notice.control_number },
      source,
      now,
    );
    return { ack: { transaction_id: notice.transaction_id, status: 'accepted', receipt_number } as const, payment };
  });
  if (applied.payment) await tellApplicant(parts.notifier, applied.payment);
  if (applied.ack.status === 'unmatched' && applied.retry) {
    // Said again once its bill's number is known: matched now, and acknowledged as such.
    const bill = await repo.findBillByControlNumber(parts.db, notice.control_number);
    if (bill?.id === notice.bill_id) {
      await matchUnmatched(parts.db, parts.notifier, bill.id, now);
      const payment = await repo.findPayment(parts.db, notice.transaction_id);
      return acknowledge(parts, payment!, fingerprint);
    }
  }
  return applied.ack;
}

function acknowledge(
  parts: NoticeParts,
  existing: { transaction_id: string; fingerprint: string; invoice_id: string | null; receipt_number: string | null },
  fingerprint: string,
): PaymentAcknowledgement {
  if (existing.fingerprint !== fingerprint) {
    parts.log(
      'warn',
      { transaction_id: existing.transaction_id },
      'a payment notice reuses a transaction id with other content',
    );
    throw new ApiError(409, 'payments.transaction_conflict');
  }
  return {
    transaction_id: existing.transaction_id,
    status: existing.invoice_id === null ? 'unmatched' : 'accepted',
    receipt_number: existing.receipt_number,
  };
}

function paymentRow(
  notice: PaymentNotice,
  bill: { id: string; invoice_id: string } | null,
  source: 'notice' | 'reconciliation',
  fingerprint: string,
): repo.NewPayment {
  return {
    transaction_id: notice.transaction_id,
    invoice_id: bill?.invoice_id ?? null,
    bill_id: bill?.id ?? null,
    control_number: notice.control_number,
    amount_tzs: notice.amount_tzs,
    channel: notice.channel,
    payer_phone: notice.payer_phone ?? null,
    paid_at: new Date(notice.paid_at),
    source,
    fingerprint,
  };
}

/** A notice applied: its acknowledgement, and (a new payment of ours) what the applicant is told. */
interface Applied {
  ack: PaymentAcknowledgement;
  payment?: AppliedPayment;
  /** The same notice said again. */
  retry?: boolean;
}

/** What a notice says, as one hash: the same transaction id must always say the same. */
function fingerprintOf(notice: PaymentNotice): string {
  const fields = [
    notice.transaction_id,
    notice.bill_id,
    notice.control_number,
    String(notice.amount_tzs),
    notice.channel,
    notice.payer_phone ?? '',
    new Date(notice.paid_at).toISOString(),
  ];
  return createHash('sha256').update(fields.join('\n')).digest('hex');
}
