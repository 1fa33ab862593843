import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  PAYMENT_SIGNATURE_HEADER,
  controlNumberCallback,
  paymentNotice,
  type PaymentAcknowledgement,
  type PaymentNotice,
  type PaySimulatedAnswer,
  type PaySimulatedRequest,
  type SimulatorSettings,
  type SimulatorState,
} from '../../shared/api/payments';
import type { Database } from '../db/schema';
import { ApiError } from '../http/envelope';
import {
  GatewayUnavailable,
  type BillReport,
  type BillRequest,
  type PaymentGateway,
  type RaisedBill,
} from './payment-gateway';
import { SIMULATOR_PRIVATE_KEY, signBody } from './payment-signature';
import * as repo from './payments-repository';
import * as simulated from './simulated-gateway-repository';

/** How the simulator reaches the portal: a POST of the exact body with its signature header. */
export type Delivery = (
  path: string,
  body: string,
  headers: Record<string, string>,
) => Promise<{ status: number; body: unknown }>;

/**
 * The payment gateway's stand-in for development and tests: control numbers at once or by a delayed,
 * signed callback; payments as signed notices posted to the portal's own endpoint (so the real
 * verification runs), whole, partial, over, twice, or lost (reconciliation finds them); and a gateway
 * that is down. It signs with the fixed simulator key (payment-signature.ts). Its ledger is a table
 * (simulated_payment) so every server process and the command line see the same payments; the bills
 * it "registered" are the portal's own bill rows.
 */
export class SimulatedGateway implements PaymentGateway {
  readonly name = 'simulator';
  private settings: SimulatorState = { failing: false, control_number_by_callback: false };
  private deliver: Delivery | undefined;
  private readonly underway = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Kysely<Database>,
    /** How long a control number by callback takes (ms). */
    private readonly callbackDelayMs = 200,
  ) {}

  /** Where notices and callbacks go (the app connects itself; without it they are kept undelivered). */
  connect(deliver: Delivery): void {
    this.deliver = deliver;
  }

  configure(settings: SimulatorSettings): SimulatorState {
    this.settings = { ...this.settings, ...settings };
    return { ...this.settings };
  }

  async raiseBill(bill: BillRequest): Promise<RaisedBill> {
    if (this.settings.failing) throw new GatewayUnavailable('the simulated gateway is down');
    const controlNumber = SimulatedGateway.controlNumberOf(bill.bill_id);
    if (!this.settings.control_number_by_callback) return { control_number: controlNumber };
    this.later(this.callbackDelayMs, () =>
      this.post(controlNumberCallback.path, { bill_id: bill.bill_id, control_number: controlNumber }),
    );
    return { pending: true };
  }

  async queryBill(billId: string): Promise<BillReport> {
    if (this.settings.failing) throw new GatewayUnavailable('the simulated gateway is down');
    const bill = await repo.findBill(this.db, billId);
    if (!bill) return { control_number: null, payments: [] };
    const payments = await simulated.simulatedPayments(this.db, billId);
    return {
      control_number: SimulatedGateway.controlNumberOf(billId),
      payments: payments.map((p) => ({
        transaction_id: p.transaction_id,
        bill_id: p.bill_id,
        control_number: p.control_number,
        amount_tzs: Number(p.amount_tzs),
        channel: p.channel as PaymentNotice['channel'],
        ...(p.payer_phone ? { payer_phone: p.payer_phone } : {}),
        paid_at: new Date(p.paid_at).toISOString(),
      })),
    };
  }

  async cancelBill(billId: string): Promise<void> {
    if (this.settings.failing) throw new GatewayUnavailable('the simulated gateway is down');
    await simulated.insertSimulatedCancel(this.db, billId);
  }

  /** A citizen pays `control_number`: the whole bill unless an amount is given; a bill cancelled here takes nothing. */
  async pay(request: PaySimulatedRequest, now = new Date()): Promise<PaySimulatedAnswer> {
    const bill = await repo.findBillByControlNumber(this.db, request.control_number);
    if (!bill) throw new ApiError(404, 'payments.unknown_control_number');
    if (await simulated.simulatedCancelled(this.db, bill.id)) throw new ApiError(409, 'payments.bill_cancelled');
    const amount = request.amount_tzs ?? Number(bill.amount_tzs);
    const notice: PaymentNotice = {
      transaction_id: `SIM${randomUUID().replaceAll('-', '').slice(0, 16).toUpperCase()}`,
      bill_id: bill.id,
      control_number: request.control_number,
      amount_tzs: amount,
      channel: request.channel ?? 'mpesa',
      ...(request.payer_phone ? { payer_phone: request.payer_phone } : {}),
      paid_at: now.toISOString(),
    };
    await simulated.insertSimulatedPayment(this.db, {
      ...notice,
      payer_phone: notice.payer_phone ?? null,
      paid_at: now,
    });
    const acknowledgements: PaymentAcknowledgement[] = [];
    if (!request.lose_notice) {
      for (let i = 0; i < (request.duplicate ? 2 : 1); i += 1) {
        const answer = await this.post(paymentNotice.path, notice);
        const data = (answer?.body as { response?: { data?: PaymentAcknowledgement } } | undefined)?.response?.data;
        if (data) acknowledgements.push(data);
      }
    }
    return { transaction_id: notice.transaction_id, amount_tzs: amount, acknowledgements };
  }

  /** Waits for the callbacks under way (tests; a dev call that wants the number before it answers). */
  async settled(): Promise<void> {
    while (this.underway.size > 0) await Promise.allSettled([...this.underway]);
  }

  /** A bill's control number: fixed by its id, so raising it again gives the same one ("99" as GePG's). */
  static controlNumberOf(billId: string): string {
    const digits = BigInt(`0x${createHash('sha256').update(billId).digest('hex').slice(0, 15)}`) % 10_000_000_000n;
    return `99${digits.toString().padStart(10, '0')}`;
  }

  private later(delayMs: number, work: () => Promise<unknown>): void {
    const done: Promise<unknown> = new Promise((resolve) => setTimeout(resolve, delayMs))
      .then(work)
      .catch(() => {})
      .finally(() => this.underway.delete(done));
    this.underway.add(done);
  }

  private async post(path: string, payload: object) {
    if (!this.deliver) return undefined;
    const body = JSON.stringify(payload);
    return this.deliver(path, body, {
      'content-type': 'application/json',
      [PAYMENT_SIGNATURE_HEADER]: signBody(body, SIMULATOR_PRIVATE_KEY),
    });
  }
}
