import type { ColumnType, Generated } from 'kysely';

/** Invoices, bills, payments and their exceptions, the simulator, permits. */
export interface MoneyTables {
  invoice: InvoiceTable;
  bill: BillTable;
  payment: PaymentTable;
  payment_exception: PaymentExceptionTable;
  simulated_payment: SimulatedPaymentTable;
  simulated_bill_cancel: SimulatedBillCancelTable;
  permit: PermitTable;
}

export interface InvoiceTable {
  id: string;
  application_id: number;
  description: string | null;
  /** bigint: node-postgres answers it as a string. */
  amount_tzs: ColumnType<string | number, number, number>;
  /** The current bill's control number; null until the payment gateway gives one (20261128T060200). */
  control_number: ColumnType<string | null, string | null | undefined, string | null>;
  due_date: string;
  paid_at: ColumnType<Date | null, never, Date>;
  /** The sum of the invoice's payments (bigint). */
  paid_tzs: ColumnType<string | number, never, number>;
  created_at: ColumnType<Date, never, never>;
  /** Cancelled by staff (with a reason) or with its application's withdrawal (20261202T060000). */
  cancelled_at: ColumnType<Date | null, never, Date>;
  cancel_reason: ColumnType<string | null, never, string>;
  /** Why the amount is not the fee schedule's estimate (staff's words). */
  amount_reason: ColumnType<string | null, string | null | undefined, never>;
  /** The estimate's fee lines the amount was taken from (none when staff gave the amount). */
  lines: ColumnType<unknown[] | null, string | null | undefined, never>;
}
/** A bill raised with the payment gateway for an invoice (or its balance, once re-issued). */
export interface BillTable {
  id: string;
  invoice_id: string;
  provider: string;
  control_number: string | null;
  amount_tzs: ColumnType<string | number, number, number>;
  payer_name: string;
  payer_phone: string | null;
  description: string;
  expires_at: Date;
  status: ColumnType<string, string | undefined, string>;
  raise_attempts: ColumnType<number, never, number>;
  last_error: string | null;
  issued_at: Date | null;
  checked_at: Date | null;
  created_at: ColumnType<Date, never, never>;
  /** When the gateway confirmed the bill's cancellation (20261202T060000). */
  gateway_cancelled_at: ColumnType<Date | null, never, Date | null>;
}
export interface PaymentTable {
  id: Generated<number>;
  transaction_id: string;
  invoice_id: string | null;
  bill_id: string | null;
  control_number: string | null;
  amount_tzs: ColumnType<string | number, number, never>;
  channel: string;
  payer_phone: string | null;
  paid_at: Date;
  source: string;
  fingerprint: string;
  receipt_number: string | null;
  created_at: ColumnType<Date, never, never>;
  /** The bill id the notice named (kept to match it once that bill's control number is known). */
  notice_bill_id: ColumnType<string | null, string | null | undefined, never>;
}
/**
 * Money of a payment no invoice takes: `unmatched` (no bill had its control number), `over_payment`
 * (paid over the invoice's amount), `refund_due` (paid on a cancelled invoice or a withdrawn
 * application); open until staff record how it was settled (20261202T060000).
 */
export interface PaymentExceptionTable {
  id: Generated<number>;
  payment_id: number;
  kind: string;
  amount_tzs: ColumnType<string | number, number, never>;
  application_id: ColumnType<number | null, number | null | undefined, number | null>;
  invoice_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, never, never>;
  settled_at: ColumnType<Date | null, never, Date>;
  settled_how: ColumnType<string | null, never, string>;
  settled_remark: ColumnType<string | null, never, string | null>;
  settled_invoice_id: ColumnType<string | null, never, string | null>;
  settled_by_kind: ColumnType<string | null, never, string>;
  settled_by_account_id: ColumnType<number | null, never, number | null>;
  settled_by_name: ColumnType<string | null, never, string>;
}
/** The payment simulator's own ledger (development and tests). */
export interface SimulatedPaymentTable {
  transaction_id: string;
  bill_id: string;
  control_number: string;
  amount_tzs: ColumnType<string | number, number, never>;
  channel: string;
  payer_phone: string | null;
  paid_at: Date;
}
/** The simulator's cancelled bills (development and tests). */
export interface SimulatedBillCancelTable {
  bill_id: string;
  cancelled_at: ColumnType<Date, never, never>;
}
export interface PermitTable {
  id: string;
  application_id: number;
  permit_number: string;
  valid_from: string;
  valid_until: string;
  created_at: ColumnType<Date, never, never>;
  /** What the permit document says, written when issued (null for permits issued before: read from the answers). */
  owner_name: string | null;
  /** The answers that locate the building, by field (plot_number, shehia, ward, street_village). */
  plot: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  approved_use: string | null;
  /** Storeys above the ground floor (0: the ground floor only). */
  storeys: number | null;
  conditions: ColumnType<string[], string | undefined, string>;
  revoked_at: ColumnType<Date | null, never, Date>;
  revoke_reason: ColumnType<string | null, never, string>;
  revoked_by_kind: ColumnType<string | null, never, string>;
  revoked_by_account_id: ColumnType<number | null, never, number | null>;
  revoked_by_name: ColumnType<string | null, never, string>;
}
