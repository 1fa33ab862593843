import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { expect } from 'vitest';
import {
  PAYMENT_SIGNATURE_HEADER,
  paymentNotice,
  type PaymentAcknowledgement,
  type PaymentNotice,
} from '../../src/shared/api/payments';
import { SIMULATOR_PRIVATE_KEY, signBody } from '../../src/server/payments/payment-signature';
import { SimulatedGateway } from '../../src/server/payments/simulated-gateway';
import { todayIso } from '../../src/shared/dashboard';
import { post, type Envelope, type TestApp } from './helpers';

/** The back office, payments and the simulator, as the payments tests drive them. */

export const TOKEN = 'payments-token-for-tests-0123456789abc';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const DAY = 86_400_000;
export const day = (days: number) => todayIso(new Date(Date.now() + days * DAY));

export type Data = Record<string, unknown>;

export async function staff(t: TestApp, action: string, body: unknown) {
  const res = await post<Envelope<Data>>(t.app, `/api/staff/${action}`, body, AUTH);
  return { status: res.status, message: res.body!.response.message, data: res.body!.response.data };
}

export function simulatorOf(t: TestApp): SimulatedGateway {
  const gateway = t.app.payments.gateway;
  expect(gateway).toBeInstanceOf(SimulatedGateway);
  return gateway as SimulatedGateway;
}

/** Posts `body` (exactly these bytes) to the notice endpoint, signed with `key` (the simulator's unless told). */
export async function postSigned(
  t: TestApp,
  body: string,
  options: { key?: KeyObject; signedBody?: string; path?: string; signature?: string | null } = {},
) {
  const signature =
    options.signature === null
      ? undefined
      : (options.signature ?? signBody(options.signedBody ?? body, options.key ?? SIMULATOR_PRIVATE_KEY));
  return post<Envelope<PaymentAcknowledgement>>(t.app, options.path ?? paymentNotice.path, body, {
    ...(signature ? { [PAYMENT_SIGNATURE_HEADER]: signature } : {}),
  });
}

/** Another party's Ed25519 key: a forger's. */
export const forgerKey = () => generateKeyPairSync('ed25519').privateKey;

let serial = 0;
export function notice(bill: { id: string; control_number: string }, overrides: Partial<PaymentNotice> = {}) {
  serial += 1;
  return {
    transaction_id: `TX${Date.now()}${serial}`,
    bill_id: bill.id,
    control_number: bill.control_number,
    amount_tzs: 1000,
    channel: 'mpesa',
    payer_phone: '255777000111',
    paid_at: new Date().toISOString(),
    ...overrides,
  } satisfies PaymentNotice;
}

export const billsOf = (t: TestApp, invoiceId: string) =>
  t.database.db.selectFrom('bill').selectAll().where('invoice_id', '=', invoiceId).orderBy('created_at').execute();

export const invoiceRow = (t: TestApp, invoiceId: string) =>
  t.database.db.selectFrom('invoice').selectAll().where('id', '=', invoiceId).executeTakeFirstOrThrow();

export const paymentsOf = (t: TestApp, invoiceId: string) =>
  t.database.db.selectFrom('payment').selectAll().where('invoice_id', '=', invoiceId).orderBy('id').execute();

export const smsTo = async (t: TestApp, phone: string) =>
  (
    await t.database.db.selectFrom('sms_outbox').select('message').where('phone', '=', phone).orderBy('id').execute()
  ).map((r) => r.message);

export const actionsOf = async (t: TestApp, applicationId: number) =>
  t.database.db
    .selectFrom('application_event')
    .select(['action', 'details', 'by_kind', 'by_name'])
    .where('application_id', '=', applicationId)
    .orderBy('id')
    .execute();
