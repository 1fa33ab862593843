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

export const PAYMENT_NOTICE_PATH = '/api/payments/notice';
export const CONTROL_NUMBER_CALLBACK_PATH = '/api/payments/control_number';
export const DOWNLOAD_RECEIPT_PATH = '/api/dashboard/download_receipt';

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

/** POST /api/payments/notice: one payment, as the gateway reports it. */
export const paymentNoticeBody = {
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
} as const;

export interface PaymentNotice {
  transaction_id: string;
  bill_id: string;
  control_number: string;
  amount_tzs: number;
  channel: PaymentChannel;
  payer_phone?: string;
  paid_at: string;
}

/**
 * The acknowledgement: the same notice twice answers the same acknowledgement. `accepted` (applied to
 * an invoice) or `unmatched` (no bill of ours has that control number: kept for staff, applied to nothing).
 */
export interface PaymentAcknowledgement {
  transaction_id: string;
  status: 'accepted' | 'unmatched';
  receipt_number: string | null;
}

/** POST /api/payments/control_number: the control number of a bill raised earlier, when it comes later. */
export const controlNumberCallbackBody = {
  type: 'object',
  additionalProperties: false,
  required: ['bill_id', 'control_number'],
  properties: { bill_id: billId, control_number: controlNumber },
} as const;

export interface ControlNumberCallback {
  bill_id: string;
  control_number: string;
}

export interface ControlNumberAcknowledgement {
  bill_id: string;
  control_number: string;
}

/** POST /api/dashboard/download_receipt: one of the signed-in application's receipts, as a PDF. */
export const downloadReceiptBody = {
  type: 'object',
  additionalProperties: false,
  required: ['receipt_number'],
  properties: { receipt_number: { type: 'string', minLength: 1, maxLength: 40, pattern: '^[A-Z0-9-]+$' } },
} as const;

export interface DownloadReceiptRequest {
  receipt_number: string;
}

/** One payment of an invoice, as the applicant sees it (no payer phone). */
export interface InvoiceReceipt {
  receipt_number: string;
  amount_tzs: number;
  channel: PaymentChannel;
  paid_at: string;
}

/** An invoice's state: `partly_paid` once some is paid; `expired` when its bill expired unpaid and none replaces it yet. */
export type InvoiceStatus = 'unpaid' | 'partly_paid' | 'paid' | 'expired';

/** POST /api/dev/pay_simulated (development tools with the simulator only): the simulator pays a bill. */
export const paySimulatedBody = {
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
} as const;

export interface PaySimulatedRequest {
  control_number: string;
  amount_tzs?: number;
  channel?: PaymentChannel;
  payer_phone?: string;
  duplicate?: boolean;
  lose_notice?: boolean;
}

export interface PaySimulatedAnswer {
  transaction_id: string;
  amount_tzs: number;
  /** The portal's acknowledgements of each delivery (none when the notice was lost). */
  acknowledgements: PaymentAcknowledgement[];
}

/** POST /api/dev/payment_gateway: the simulated gateway's behaviour from now on. */
export const simulatorSettingsBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    /** The gateway is down: raising a bill fails (the invoice is kept; a job raises it later). */
    failing: { type: 'boolean' },
    /** Control numbers come by callback instead of at once. */
    control_number_by_callback: { type: 'boolean' },
  },
} as const;

export interface SimulatorSettings {
  failing?: boolean;
  control_number_by_callback?: boolean;
}

/**
 * POST /api/dashboard/get_invoices: each invoice with what it takes to pay it (the control number of
 * its current bill and when that expires), how much is paid, and its receipts.
 */
export interface ApplicantInvoice {
  invoice_id: string;
  description: string | null;
  amount_tzs: number;
  paid_tzs: number;
  balance_tzs: number;
  control_number: string | null;
  /** When the current control number stops being payable (a new one follows by SMS). */
  expires_at: string | null;
  due_date: string;
  status: InvoiceStatus;
  paid_at: string | null;
  created_at: string;
  receipts: InvoiceReceipt[];
}
