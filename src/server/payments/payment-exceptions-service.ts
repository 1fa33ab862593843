import type { Kysely, Transaction } from 'kysely';
import type {
  CancelInvoiceAnswer,
  ListPaymentExceptionsRequest,
  PaymentException,
  PaymentExceptionsPage,
  SettlePaymentExceptionAnswer,
  SettlePaymentExceptionRequest,
} from '../../shared/api/payment-exceptions';
import type { Language } from '../../shared/reference-data';
import { formatReferenceNumber, normalizeReferenceNumber } from '../applications/reference-number';
import { applicationIdOf, statusOf } from '../applications/application-access';
import { recordAction, touchApplication } from '../applications/status-move';
import { Problems, UUID, cleanText, iso } from '../back-office/back-office-rules';
import type { Database } from '../db/schema';
import { ApiError } from '../http/envelope';
import type { Notifier } from '../notifications/notifier';
import type { StaffActor } from '../staff-accounts/staff-actor';
import type { BillCancellation } from './bill-cancellation';
import { cancelInvoiceRow } from './invoice-cancellation';
import * as exceptions from './payment-exceptions-repository';
import * as invoices from './invoices-repository';
import * as repo from './payments-repository';

/**
 * The staff's side of the money no invoice takes: cancel an invoice raised by mistake, list the
 * unmatched payments, over-payments and refunds still to settle (with the unit's totals, to the
 * shilling), and record how each was settled and by whom. The applicant is told in their language.
 */
/** What applying an exception's money to another invoice records: who, why, when, how much, from which exception. */
interface AppliedMoney {
  actor: StaffActor;
  remark: string | null;
  now: Date;
  amount: number;
  exception: { id: number; invoice_id: string | null };
}

export class PaymentExceptionsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly notifier: Notifier,
    /** Cancels bills at the gateway; without it (no gateway configured) the bills are only closed here. */
    private readonly cancellation?: BillCancellation,
  ) {}

  /** An invoice cancelled with a reason; one with money paid on it is refused (refund it first, then settle). */
  async cancelInvoice(
    actor: StaffActor,
    invoiceId: string,
    reasonInput: string,
    language: Language,
  ): Promise<CancelInvoiceAnswer> {
    if (!UUID.test(invoiceId)) throw new ApiError(404, 'back_office.invoice_not_found');
    const reason = cleanText(reasonInput);
    if (!reason) {
      const problems = new Problems(language);
      problems.add('/reason', 'required');
      problems.check();
    }
    const now = new Date();
    const done = await this.db.transaction().execute(async (trx) => {
      const invoice = await invoices.lockInvoice(trx, invoiceId);
      if (!invoice) throw new ApiError(404, 'back_office.invoice_not_found');
      if (invoice.cancelled_at !== null)
        throw new ApiError(409, 'back_office.invoice_already_cancelled', { cancelled_at: iso(invoice.cancelled_at) });
      const paid = Number(invoice.paid_tzs);
      if (paid > 0 || invoice.paid_at !== null)
        throw new ApiError(
          409,
          'back_office.invoice_cancel_paid',
          { paid_tzs: paid },
          { paid: paid.toLocaleString('en-US') },
        );
      let bills: string[];
      if (this.cancellation) {
        bills = await cancelInvoiceRow(
          trx,
          this.cancellation,
          invoice,
          { reason, actor, action: 'cancel_invoice' },
          now,
        );
      } else {
        await invoices.setInvoiceCancelled(trx, invoice.id, now, reason);
        await repo.closeOpenBills(trx, invoice.id);
        await recordAction(trx, invoice.application_id, reason, {
          actor,
          action: 'cancel_invoice',
          details: { invoice_id: invoice.id, amount_tzs: Number(invoice.amount_tzs) },
        });
        bills = [];
      }
      await touchApplication(trx, invoice.application_id);
      return { invoice, bills };
    });
    await this.cancellation?.now(done.bills);
    const delivery = await this.notifier.notice(done.invoice.application_id, 'invoice_cancelled', {
      amount: Number(done.invoice.amount_tzs),
      remark: reason,
    });
    return {
      invoice_id: invoiceId,
      status: 'cancelled',
      cancelled_at: now.toISOString(),
      cancel_reason: reason!,
      cancelled_bills: done.bills,
      ...(delivery === 'failed' ? { sms_failed: true as const } : {}),
    };
  }

  async list(input: Partial<ListPaymentExceptionsRequest>): Promise<PaymentExceptionsPage> {
    const page = input.page ?? 1;
    const pageSize = input.page_size ?? 20;
    const filter: exceptions.ExceptionFilter = {
      open: !input.settled,
      ...(input.kind ? { kind: input.kind } : {}),
    };
    if (input.reference_number !== undefined) {
      const reference = normalizeReferenceNumber(input.reference_number);
      const applicationId = reference ? await applicationIdOf(this.db, reference) : undefined;
      if (applicationId === undefined) throw new ApiError(404, 'application_not_found');
      filter.applicationId = applicationId;
    }
    const [rows, total, totals] = await Promise.all([
      exceptions.listExceptions(this.db, filter, pageSize, (page - 1) * pageSize),
      exceptions.countExceptions(this.db, filter),
      exceptions.moneyTotals(this.db),
    ]);
    return { items: rows.map(toException), total, page, page_size: pageSize, totals };
  }

  /** Records how an exception was settled; `applied` adds the money to another invoice (up to its balance). */
  async settle(
    actor: StaffActor,
    input: SettlePaymentExceptionRequest,
    language: Language,
  ): Promise<SettlePaymentExceptionAnswer> {
    const remark = cleanText(input.remark);
    const problems = new Problems(language);
    if (input.how === 'other' && !remark) problems.add('/remark', 'required');
    if (input.how === 'applied' && !input.invoice_id) problems.add('/invoice_id', 'required');
    problems.check();
    const now = new Date();
    const settled = await this.db.transaction().execute(async (trx) => {
      const row = await exceptions.lockException(trx, input.exception_id);
      if (!row) throw new ApiError(404, 'payments.exception_not_found');
      if (row.settled_at !== null)
        throw new ApiError(409, 'payments.exception_settled', { settled_how: row.settled_how });
      const amount = Number(row.amount_tzs);
      const { target, bills } =
        input.how === 'applied'
          ? await this.applyToInvoice(trx, { actor, remark, now, amount, exception: row }, input.invoice_id!)
          : { target: undefined, bills: [] as string[] };
      await exceptions.settleException(trx, row.id, {
        how: input.how,
        remark,
        invoice_id: target?.id ?? null,
        actor,
        at: now,
      });
      if (row.application_id !== null)
        await recordAction(trx, row.application_id, remark, {
          actor,
          action: 'settle_payment_exception',
          details: { exception_id: row.id, kind: row.kind, amount_tzs: amount, how: input.how, invoice_id: target?.id },
        });
      return { row, amount, bills, tell: row.application_id ?? target?.application_id ?? null };
    });
    await this.cancellation?.now(settled.bills);
    const delivery =
      settled.tell === null
        ? undefined
        : await this.notifier.notice(
            settled.tell,
            // What the applicant is told, by how it was settled: a literal each, for the message checker.
            input.how === 'refunded'
              ? 'excess_refunded'
              : input.how === 'applied'
                ? 'excess_applied'
                : 'excess_settled',
            {
              amount: settled.amount,
              ...(remark ? { remark } : {}),
            },
          );
    const [row] = await this.one(settled.row.id);
    return {
      exception: row!,
      totals: await exceptions.moneyTotals(this.db),
      ...(delivery === 'failed' ? { sms_failed: true as const } : {}),
    };
  }

  /**
   * The exception's money added to another invoice of the applicant's, up to its balance (never to a
   * cancelled invoice or a withdrawn application); an invoice paid so its open bills cancelled.
   */
  private async applyToInvoice(
    trx: Transaction<Database>,
    { actor, remark, now, amount, exception }: AppliedMoney,
    invoiceId: string,
  ): Promise<{ target: { id: string; application_id: number }; bills: string[] }> {
    if (!UUID.test(invoiceId)) throw new ApiError(404, 'back_office.invoice_not_found');
    const invoice = await invoices.lockInvoice(trx, invoiceId);
    if (!invoice) throw new ApiError(404, 'back_office.invoice_not_found');
    const applicationStatus = await statusOf(trx, invoice.application_id);
    if (invoice.cancelled_at !== null || applicationStatus === 'withdrawn')
      throw new ApiError(409, 'payments.apply_to_cancelled');
    const balance = Number(invoice.amount_tzs) - Number(invoice.paid_tzs);
    if (amount > balance)
      throw new ApiError(
        409,
        'payments.apply_over_balance',
        { balance_tzs: Math.max(0, balance), amount_tzs: amount },
        { balance: Math.max(0, balance).toLocaleString('en-US'), amount: amount.toLocaleString('en-US') },
      );
    const after = await invoices.addToInvoice(trx, invoice.id, amount, now);
    let bills: string[] = [];
    if (after.paid_at !== null && invoice.paid_at === null)
      bills = this.cancellation
        ? await this.cancellation.cancelOpenBills(trx, invoice.id)
        : (await repo.closeOpenBills(trx, invoice.id), []);
    await recordAction(trx, invoice.application_id, remark, {
      actor,
      action: 'payment_applied',
      details: {
        invoice_id: invoice.id,
        exception_id: exception.id,
        amount_tzs: amount,
        from_invoice_id: exception.invoice_id,
      },
    });
    return { target: invoice, bills };
  }

  private async one(id: number): Promise<PaymentException[]> {
    const rows = await exceptions.exceptionById(this.db, id);
    return rows.map(toException);
  }
}

function toException(row: exceptions.ExceptionRow): PaymentException {
  return {
    exception_id: row.id,
    kind: row.kind as PaymentException['kind'],
    amount_tzs: Number(row.amount_tzs),
    reference_number: row.reference_number ? formatReferenceNumber(row.reference_number) : null,
    invoice_id: row.invoice_id,
    transaction_id: row.transaction_id,
    control_number: row.control_number,
    payment_amount_tzs: Number(row.payment_amount_tzs),
    channel: row.channel,
    payer_phone: row.payer_phone,
    paid_at: iso(row.paid_at)!,
    receipt_number: row.receipt_number,
    created_at: iso(row.created_at)!,
    settled:
      row.settled_at === null
        ? null
        : {
            how: row.settled_how as NonNullable<PaymentException['settled']>['how'],
            remark: row.settled_remark,
            invoice_id: row.settled_invoice_id,
            at: iso(row.settled_at)!,
            by: { kind: row.settled_by_kind ?? 'system', name: row.settled_by_name ?? '' },
          },
  };
}
