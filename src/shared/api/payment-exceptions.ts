import { validationFailed, applicationNotFound } from './errors';
import {
  staffErrors,
  invoiceNotFound,
  invoiceAlreadyCancelled,
  invoiceCancelPaid,
  exceptionNotFound,
  exceptionSettled,
  applyToCancelled,
  applyOverBalance,
} from './staff-errors';
import type { FromSchema } from 'json-schema-to-ts';
import { apiCall, type AnswerOf, type RequestOf } from './call';
import { nullableString } from './common-schemas';
import { referenceNumberProperty } from './reference-number';

/**
 * The money no invoice takes (issue 31, item 6), as staff work it: POST /api/staff/<name>, as every
 * back-office call. `cancel_invoice` cancels an invoice raised by mistake; `list_payment_exceptions`
 * lists the unmatched payments, the over-payments and the money to refund (paid on a cancelled invoice
 * or a withdrawn application) with the unit's totals to the shilling; `settle_payment_exception`
 * records how one was settled, and by whom.
 */

const text = (maxLength: number, minLength = 0) => ({ type: 'string', minLength, maxLength }) as const;

export const PAYMENT_EXCEPTION_KINDS = ['unmatched', 'over_payment', 'refund_due'] as const;
export type PaymentExceptionKind = (typeof PAYMENT_EXCEPTION_KINDS)[number];
/** How staff settle one: refunded to the payer, applied to another invoice, or otherwise (a remark says how). */
export const SETTLE_HOWS = ['refunded', 'applied', 'other'] as const;
export type SettleHow = (typeof SETTLE_HOWS)[number];

/** Cancel an invoice (raised by mistake) with a reason: its bill is cancelled at the gateway, the applicant told. */
export const cancelInvoice = apiCall({
  path: '/api/staff/cancel_invoice',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['invoice_id', 'reason'],
    properties: { invoice_id: text(64, 1), reason: text(1000) },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['invoice_id', 'status', 'cancelled_at', 'cancel_reason', 'cancelled_bills'],
    properties: {
      invoice_id: { type: 'string' },
      status: { type: 'string', const: 'cancelled' },
      cancelled_at: { type: 'string' },
      cancel_reason: { type: 'string' },
      /** The bills closed with it (cancelled at the gateway now, or by a job once it answers). */
      cancelled_bills: { type: 'array', items: { type: 'string' } },
      sms_failed: { type: 'boolean', const: true },
    },
  },
  errors: [...staffErrors, validationFailed, invoiceNotFound, invoiceAlreadyCancelled, invoiceCancelPaid],
} as const);
export type CancelInvoiceRequest = RequestOf<typeof cancelInvoice>;
export type CancelInvoiceAnswer = AnswerOf<typeof cancelInvoice>;

export const paymentExceptionSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'exception_id',
    'kind',
    'amount_tzs',
    'reference_number',
    'invoice_id',
    'transaction_id',
    'control_number',
    'payment_amount_tzs',
    'channel',
    'payer_phone',
    'paid_at',
    'receipt_number',
    'created_at',
    'settled',
  ],
  properties: {
    exception_id: { type: 'integer' },
    kind: { type: 'string', enum: PAYMENT_EXCEPTION_KINDS },
    /** What is held: the excess of an over-payment, the whole payment otherwise. */
    amount_tzs: { type: 'integer' },
    /** The application the money is of (null for an unmatched payment). */
    reference_number: nullableString,
    invoice_id: nullableString,
    transaction_id: { type: 'string' },
    control_number: nullableString,
    payment_amount_tzs: { type: 'integer' },
    channel: { type: 'string' },
    /** The payer's phone as the gateway reported it: whom to refund. */
    payer_phone: nullableString,
    paid_at: { type: 'string' },
    receipt_number: nullableString,
    created_at: { type: 'string' },
    /** How it was settled (null while open). */
    settled: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['how', 'remark', 'invoice_id', 'at', 'by'],
      properties: {
        how: { type: 'string', enum: [...SETTLE_HOWS, 'matched'] },
        remark: nullableString,
        invoice_id: nullableString,
        at: { type: 'string' },
        by: {
          type: 'object',
          additionalProperties: false,
          required: ['kind', 'name'],
          properties: { kind: { type: 'string' }, name: { type: 'string' } },
        },
      },
    },
  },
} as const;
export type PaymentException = FromSchema<typeof paymentExceptionSchema>;

/** The unit's money to the shilling: payments = applied + unmatched + over_payments + refunds. */
export const moneyTotalsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['payments_tzs', 'applied_tzs', 'unmatched_tzs', 'over_payments_tzs', 'refunds_tzs', 'open_tzs'],
  properties: {
    /** Every payment received. */
    payments_tzs: { type: 'integer' },
    /** What invoices (not cancelled) took, each up to its amount. */
    applied_tzs: { type: 'integer' },
    /** Unmatched, over-paid and refundable money (open, refunded or settled otherwise; not applied). */
    unmatched_tzs: { type: 'integer' },
    over_payments_tzs: { type: 'integer' },
    refunds_tzs: { type: 'integer' },
    /** Of those, still to settle. */
    open_tzs: { type: 'integer' },
  },
} as const;
export type MoneyTotals = FromSchema<typeof moneyTotalsSchema>;

/** The payment exceptions, open ones unless `settled`, oldest first, with the unit's totals. */
export const listPaymentExceptions = apiCall({
  path: '/api/staff/list_payment_exceptions',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: [],
    properties: {
      kind: { type: 'string', enum: PAYMENT_EXCEPTION_KINDS },
      /** The settled ones instead of the open ones. */
      settled: { type: 'boolean', default: false },
      reference_number: referenceNumberProperty,
      page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
      page_size: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['items', 'total', 'page', 'page_size', 'totals'],
    properties: {
      items: { type: 'array', items: paymentExceptionSchema },
      total: { type: 'integer', minimum: 0 },
      page: { type: 'integer', minimum: 1 },
      page_size: { type: 'integer', minimum: 1 },
      totals: moneyTotalsSchema,
    },
  },
  errors: [...staffErrors, applicationNotFound],
} as const);
export type ListPaymentExceptionsRequest = RequestOf<typeof listPaymentExceptions>;
export type PaymentExceptionsPage = AnswerOf<typeof listPaymentExceptions>;

/** How one exception was settled: refunded, applied to another invoice (`invoice_id`), or other (a remark). */
export const settlePaymentException = apiCall({
  path: '/api/staff/settle_payment_exception',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['exception_id', 'how'],
    properties: {
      exception_id: { type: 'integer', minimum: 1 },
      how: { type: 'string', enum: SETTLE_HOWS },
      /** With `applied`: the invoice that takes the money (its balance at least the amount). */
      invoice_id: text(64, 1),
      /** Required with `other`; kept with the settlement. */
      remark: text(1000),
    },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['exception', 'totals'],
    properties: {
      exception: paymentExceptionSchema,
      totals: moneyTotalsSchema,
      sms_failed: { type: 'boolean', const: true },
    },
  },
  errors: [
    ...staffErrors,
    validationFailed,
    exceptionNotFound,
    exceptionSettled,
    applyToCancelled,
    applyOverBalance,
    invoiceNotFound,
    invoiceAlreadyCancelled,
  ],
} as const);
export type SettlePaymentExceptionRequest = RequestOf<typeof settlePaymentException>;
export type SettlePaymentExceptionAnswer = AnswerOf<typeof settlePaymentException>;
