import { apiCall, fileAnswer, type AnswerOf, type RequestOf } from './call';
import { emptyBodySchema } from './empty-body';
import { plainError, dashboardErrors, receiptNotFound } from './errors';

/** The gateway's calls' refusals: a signature that is not the gateway's, a bill or control number it does not know, a conflict. */
export const badSignature = /* @__PURE__ */ plainError(401, 'payments.bad_signature');
export const unknownBill = /* @__PURE__ */ plainError(404, 'payments.unknown_bill');
export const transactionConflict = /* @__PURE__ */ plainError(409, 'payments.transaction_conflict');
export const controlNumberConflict = /* @__PURE__ */ plainError(409, 'payments.control_number_conflict');
export const unknownControlNumber = /* @__PURE__ */ plainError(404, 'payments.unknown_control_number');
export const billCancelled = /* @__PURE__ */ plainError(409, 'payments.bill_cancelled');

/**
 * Control-number payment (issue 19, item 3): the wire contract of the payment gateway's calls to the
 * portal (the payment notice and the control-number callback, each signed over its exact body), of
 * the applicant's receipt download, and of the simulator's development calls. Defined once: the
 * routes validate with these schemas, the services take these types, the client's endpoints use them.
 */

/** The header carrying the gateway's signature (base64) over the request's exact body bytes. */
export const PAYMENT_SIGNATURE_HEADER = 'x-payment-signature';
/** A gateway call is small: anything larger is refused before it is read. */
export const PAYMENT_BODY_LIMIT = 4096;

/** How the money came: mobile money, bank, USSD, or cash at the unit (staff marked it paid). */
export const PAYMENT_CHANNELS = [
  'mpesa',
  'mixx',
  'airtel_money',
  'halopesa',
  'ezypesa',
  'bank',
  'ussd',
  'card',
  'cash',
] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

const controlNumber = { type: 'string', minLength: 6, maxLength: 20, pattern: '^[0-9]+$' } as const;
const billId = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9-]+$' } as const;
const amount = { type: 'integer', minimum: 1, maximum: 1_000_000_000_000 } as const;

/**
 * The acknowledgement: the same notice twice answers the same acknowledgement. `accepted` (applied to
 * an invoice) or `unmatched` (no bill of ours has that control number: kept for staff, applied to nothing).
 */
const paymentAcknowledgementSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['transaction_id', 'status', 'receipt_number'],
  properties: {
    transaction_id: { type: 'string' },
    status: { type: 'string', enum: ['accepted', 'unmatched'] },
    receipt_number: { type: ['string', 'null'] },
  },
} as const;

/** POST /api/payments/notice: one payment, as the gateway reports it (signed over the exact body). */
export const paymentNotice = apiCall({
  path: '/api/payments/notice',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['transaction_id', 'bill_id', 'control_number', 'amount_tzs', 'channel', 'paid_at'],
    properties: {
      transaction_id: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._-]+$' },
      bill_id: billId,
      control_number: controlNumber,
      amount_tzs: amount,
      channel: { type: 'string', enum: [...PAYMENT_CHANNELS] },
      payer_phone: { type: 'string', minLength: 7, maxLength: 20, pattern: '^\\+?[0-9]+$' },
      paid_at: { type: 'string', minLength: 20, maxLength: 40, format: 'date-time' },
    },
  },
  answer: paymentAcknowledgementSchema,
  errors: [badSignature, transactionConflict, unknownBill],
} as const);
export type PaymentNotice = RequestOf<typeof paymentNotice>;
export type PaymentAcknowledgement = AnswerOf<typeof paymentNotice>;

/** POST /api/payments/control_number: the control number of a bill raised earlier, when it comes later. */
export const controlNumberCallback = apiCall({
  path: '/api/payments/control_number',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['bill_id', 'control_number'],
    properties: { bill_id: billId, control_number: controlNumber },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['bill_id', 'control_number'],
    properties: { bill_id: { type: 'string' }, control_number: { type: 'string' } },
  },
  errors: [badSignature, unknownBill, controlNumberConflict],
} as const);
export type ControlNumberCallback = RequestOf<typeof controlNumberCallback>;
export type ControlNumberAcknowledgement = AnswerOf<typeof controlNumberCallback>;

/** POST /api/dashboard/download_receipt: one of the signed-in application's receipts, as a PDF (not an envelope). */
export const downloadReceipt = apiCall({
  path: '/api/dashboard/download_receipt',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['receipt_number'],
    properties: { receipt_number: { type: 'string', minLength: 1, maxLength: 40, pattern: '^[A-Z0-9-]+$' } },
  },
  answer: fileAnswer,
  download: ['application/pdf'],
  errors: [...dashboardErrors, receiptNotFound],
} as const);
export type DownloadReceiptRequest = RequestOf<typeof downloadReceipt>;

/**
 * An invoice's state: `partly_paid` once some is paid; `expired` when its bill expired unpaid and none
 * replaces it yet; `cancelled` by staff or with the application's withdrawal (nothing is to pay on it).
 */
export const INVOICE_STATUSES = ['unpaid', 'partly_paid', 'paid', 'expired', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** POST /api/dev/pay_simulated (development tools with the simulator only): the simulator pays a bill. */
export const paySimulated = apiCall({
  path: '/api/dev/pay_simulated',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['control_number'],
    properties: {
      control_number: controlNumber,
      /** Unset: the bill's whole amount. */
      amount_tzs: amount,
      channel: { type: 'string', enum: [...PAYMENT_CHANNELS] },
      payer_phone: { type: 'string', minLength: 7, maxLength: 20, pattern: '^\\+?[0-9]+$' },
      /** Deliver the same notice twice. */
      duplicate: { type: 'boolean' },
      /** Take the money but never deliver the notice (reconciliation finds it). */
      lose_notice: { type: 'boolean' },
    },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['transaction_id', 'amount_tzs', 'acknowledgements'],
    properties: {
      transaction_id: { type: 'string' },
      amount_tzs: { type: 'integer' },
      /** The portal's acknowledgements of each delivery (none when the notice was lost). */
      acknowledgements: { type: 'array', items: paymentAcknowledgementSchema },
    },
  },
  errors: [unknownControlNumber, billCancelled],
} as const);
export type PaySimulatedRequest = RequestOf<typeof paySimulated>;
export type PaySimulatedAnswer = AnswerOf<typeof paySimulated>;

/** POST /api/dev/payment_gateway: the simulated gateway's behaviour from now on; answers the whole of it. */
export const simulatorSettings = apiCall({
  path: '/api/dev/payment_gateway',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    properties: {
      /** The gateway is down: raising a bill fails (the invoice is kept; a job raises it later). */
      failing: { type: 'boolean' },
      /** Control numbers come by callback instead of at once. */
      control_number_by_callback: { type: 'boolean' },
    },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['failing', 'control_number_by_callback'],
    properties: { failing: { type: 'boolean' }, control_number_by_callback: { type: 'boolean' } },
  },
} as const);
export type SimulatorSettings = RequestOf<typeof simulatorSettings>;
export type SimulatorState = AnswerOf<typeof simulatorSettings>;

/** POST /api/dev/payments_run: the re-issue and reconciliation jobs, now. */
export const paymentsRun = apiCall({
  path: '/api/dev/payments_run',
  method: 'POST',
  body: emptyBodySchema,
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['reissued', 'checked', 'applied'],
    properties: {
      /** Expired bills raised again for their balance. */
      reissued: { type: 'integer', minimum: 0 },
      /** Bills asked about, and payments found and applied. */
      checked: { type: 'integer', minimum: 0 },
      applied: { type: 'integer', minimum: 0 },
    },
  },
} as const);
export type PaymentsRunAnswer = AnswerOf<typeof paymentsRun>;

/** One payment of an invoice, as the applicant sees it (no payer phone). */
export const invoiceReceiptSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['receipt_number', 'amount_tzs', 'channel', 'paid_at'],
  properties: {
    receipt_number: { type: 'string' },
    amount_tzs: { type: 'integer' },
    channel: { type: 'string', enum: PAYMENT_CHANNELS },
    paid_at: { type: 'string' },
  },
} as const;

/**
 * POST /api/dashboard/get_invoices: each invoice with what it takes to pay it (the control number of
 * its current bill and when that expires), how much is paid, and its receipts; newest first.
 */
export const getInvoices = apiCall({
  path: '/api/dashboard/get_invoices',
  method: 'POST',
  body: emptyBodySchema,
  answer: {
    type: 'array',
    items: {
      type: 'object',
      additionalProperties: false,
      required: [
        'invoice_id',
        'description',
        'amount_tzs',
        'paid_tzs',
        'balance_tzs',
        'control_number',
        'expires_at',
        'due_date',
        'status',
        'paid_at',
        'created_at',
        'receipts',
      ],
      properties: {
        invoice_id: { type: 'string' },
        description: { type: ['string', 'null'] },
        amount_tzs: { type: 'integer' },
        paid_tzs: { type: 'integer' },
        balance_tzs: { type: 'integer', minimum: 0 },
        /** The current bill's control number; null while the payment gateway has not given it yet. */
        control_number: { type: ['string', 'null'] },
        /** When the current control number stops being payable (a new one follows by SMS). */
        expires_at: { type: ['string', 'null'] },
        due_date: { type: 'string' },
        status: { type: 'string', enum: INVOICE_STATUSES },
        paid_at: { type: ['string', 'null'] },
        created_at: { type: 'string' },
        receipts: { type: 'array', items: invoiceReceiptSchema },
        /** Why staff cancelled it (null with the application's withdrawal, or not cancelled). */
        cancel_reason: { type: ['string', 'null'] },
        /**
         * Money of the applicant's that the invoice did not take: paid over its amount, or paid on it
         * once cancelled (to refund); and what the unit did with it (null: not yet).
         */
        excess: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['kind', 'amount_tzs', 'settled_how'],
            properties: {
              kind: { type: 'string', enum: ['over_payment', 'refund_due'] },
              amount_tzs: { type: 'integer' },
              settled_how: { type: ['string', 'null'], enum: ['refunded', 'applied', 'other', null] },
            },
          },
        },
      },
    },
  },
  errors: [...dashboardErrors],
} as const);
export type InvoiceExcess = NonNullable<ApplicantInvoice['excess']>[number];
export type ApplicantInvoice = AnswerOf<typeof getInvoices>[number];
export type InvoiceReceipt = ApplicantInvoice['receipts'][number];
