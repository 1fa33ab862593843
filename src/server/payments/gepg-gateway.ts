import type { PaymentNotice } from '../../shared/api/payments';
import {
  GatewayUnavailable,
  type BillReport,
  type BillRequest,
  type PaymentGateway,
  type RaisedBill,
} from './payment-gateway';

/**
 * A thin skeleton of the GePG / ZanMalipo adapter. The real wire format (GePG's signed XML messages,
 * the institution's service provider codes and its signing certificate) is not available to this
 * project, so this speaks a plain JSON form of the same three calls: POST <url>/bills, GET
 * <url>/bills/<id> and DELETE <url>/bills/<id> (GePG's bill cancellation). Replace the bodies of
 * raiseBill, queryBill and cancelBill with the real messages once the
 * integration's specification is at hand; the rest of the portal (notices, callbacks, jobs) does not change.
 */
export class GepgGateway implements PaymentGateway {
  readonly name = 'gepg';

  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly timeoutMs = 10_000,
  ) {}

  async raiseBill(bill: BillRequest): Promise<RaisedBill> {
    const answer = (await this.call('POST', '/bills', {
      bill_id: bill.bill_id,
      amount: bill.amount_tzs,
      currency: 'TZS',
      payer_name: bill.payer_name,
      payer_phone: bill.payer_phone,
      expires_at: bill.expires_at.toISOString(),
      description: bill.description,
    })) as { control_number?: unknown };
    return typeof answer.control_number === 'string' ? { control_number: answer.control_number } : { pending: true };
  }

  async queryBill(billId: string): Promise<BillReport> {
    const answer = (await this.call('GET', `/bills/${encodeURIComponent(billId)}`)) as {
      control_number?: unknown;
      payments?: unknown;
    };
    return {
      control_number: typeof answer.control_number === 'string' ? answer.control_number : null,
      payments: Array.isArray(answer.payments) ? (answer.payments as PaymentNotice[]) : [],
    };
  }

  async cancelBill(billId: string): Promise<void> {
    await this.call('DELETE', `/bills/${encodeURIComponent(billId)}`, undefined, [404]);
  }

  /** `done`: statuses that mean the work is already done (a bill it never had is no bill to cancel). */
  private async call(method: string, path: string, body?: object, done: number[] = []): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.url.replace(/\/$/, '')}${path}`, {
        method,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new GatewayUnavailable(`the payment gateway could not be reached: ${(error as Error).name}`);
    }
    if (done.includes(response.status)) return {};
    if (!response.ok) throw new GatewayUnavailable(`the payment gateway answered ${response.status}`);
    return response.json();
  }
}
