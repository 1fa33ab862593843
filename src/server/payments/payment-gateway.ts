import type { PaymentNotice } from '../../shared/api/payments';

/**
 * The payment gateway (GePG / ZanMalipo in production, the simulator in development and tests), as
 * the portal needs it: raise a bill for a control number, ask about a bill (reconciliation), and
 * cancel a bill (its invoice cancelled, or its application withdrawn).
 * Payments themselves come the other way: the gateway posts signed notices (payments-routes.ts).
 */
export interface PaymentGateway {
  /** The provider's name, kept with each bill. */
  readonly name: string;
  /**
   * Registers the bill. Raising the same bill id again must answer the same control number (a retry
   * after a timeout must not make two bills). Throws when the gateway cannot be reached.
   */
  raiseBill(bill: BillRequest): Promise<RaisedBill>;
  /** What the gateway knows of a bill: its control number and the payments it took. */
  queryBill(billId: string): Promise<BillReport>;
  /**
   * Cancels the bill: its control number takes no more money. Cancelling it again, or a bill the
   * gateway never registered, succeeds. Throws when the gateway cannot be reached (a job retries).
   */
  cancelBill(billId: string): Promise<void>;
}

export interface BillRequest {
  bill_id: string;
  amount_tzs: number;
  payer_name: string;
  payer_phone: string | null;
  expires_at: Date;
  description: string;
}

/** The control number at once, or later by the gateway's callback (/api/payments/control_number). */
export type RaisedBill = { control_number: string } | { pending: true };

export interface BillReport {
  control_number: string | null;
  payments: PaymentNotice[];
}

/** The gateway could not be reached or refused the call: the bill is kept and raised again by a job. */
export class GatewayUnavailable extends Error {
  override readonly name = 'GatewayUnavailable';
}
