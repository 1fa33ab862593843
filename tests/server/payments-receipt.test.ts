import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicantInvoice, PaySimulatedAnswer } from '../../src/shared/api/payments';
import { loadConfig, servingProblems, demoModeWarning } from '../../src/server/config';
import { SIMULATOR_PUBLIC_KEY_PEM } from '../../src/server/payments/payment-signature';
import { createTestApp, databaseKinds, post, type Envelope, type TestApp } from './helpers';
import { TOKEN, billsOf, day, simulatorOf, staff } from './payments-fixtures';
import { applicationIn, dashboardCall, newPerson, signIn } from './signed-in-fixtures';

// Control-number payment, as the applicant and staff see it: the Invoices tab's answer, the receipt
// PDF (parsed back), the simulator's development routes, and the configuration that refuses the
// simulator in production.

const SETUP_MS = 120_000;

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe.each(databaseKinds)('payments on the dashboard and receipts (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ STAFF_API_TOKEN: TOKEN, DEV_TOOLS: true }, { kind });
  }, SETUP_MS);
  afterAll(() => t?.close());

  async function paidPartly() {
    const person = newPerson('63');
    const application = await applicationIn(t, person, 'submitted');
    const added = await staff(t, 'add_invoice', {
      reference_number: application.reference,
      amount_tzs: 1_500_000,
      amount_reason: 'Set by the unit for this test.',
      due_date: day(20),
      description: 'Building permit fee',
    });
    expect(added.status).toBe(200);
    const controlNumber = added.data.control_number as string;
    // Through the development route, as the browser journey does.
    const paid = await post<Envelope<PaySimulatedAnswer>>(t.app, '/api/dev/pay_simulated', {
      control_number: controlNumber,
      amount_tzs: 500_000,
      channel: 'halopesa',
      payer_phone: '255777123456',
    });
    expect(paid.status).toBe(200);
    const receipt = paid.body!.response.data.acknowledgements[0]!.receipt_number!;
    const cookie = await signIn(t, application.reference, person.phone);
    return { person, application, controlNumber, receipt, cookie, invoiceId: added.data.invoice_id as string };
  }

  it('the Invoices tab answers the control number, what is paid, the status and the receipts (no payer phone)', async () => {
    const { cookie, controlNumber, receipt, invoiceId } = await paidPartly();
    const answer = await dashboardCall<ApplicantInvoice[]>(t, 'get_invoices', cookie);
    expect(answer.status).toBe(200);
    const [invoice] = answer.body!.response.data;
    expect(invoice).toMatchObject({
      invoice_id: invoiceId,
      amount_tzs: 1_500_000,
      paid_tzs: 500_000,
      balance_tzs: 1_000_000,
      control_number: controlNumber,
      status: 'partly_paid',
      expires_at: expect.any(String),
      receipts: [{ receipt_number: receipt, amount_tzs: 500_000, channel: 'halopesa', paid_at: expect.any(String) }],
    });
    expect(JSON.stringify(answer.body)).not.toContain('255777123456');
  });

  it('an expired bill shows as expired until its new control number comes', async () => {
    const { cookie, invoiceId } = await paidPartly();
    simulatorOf(t).configure({ failing: true });
    try {
      const [bill] = await billsOf(t, invoiceId);
      await t.app.payments.reissueExpired(new Date(new Date(bill!.expires_at).getTime() + 1000));
    } finally {
      simulatorOf(t).configure({ failing: false });
    }
    // The new bill waits for the gateway: no number can be paid, the old one is not offered.
    let [invoice] = (await dashboardCall<ApplicantInvoice[]>(t, 'get_invoices', cookie)).body!.response.data;
    expect(invoice).toMatchObject({
      status: 'expired',
      control_number: null,
      expires_at: null,
      balance_tzs: 1_000_000,
    });
    const [, fresh] = await billsOf(t, invoiceId);
    await t.app.payments.raise(fresh!.id);
    [invoice] = (await dashboardCall<ApplicantInvoice[]>(t, 'get_invoices', cookie)).body!.response.data;
    expect(invoice).toMatchObject({
      status: 'partly_paid',
      control_number: (await billsOf(t, invoiceId))[1]!.control_number,
    });
  });

  it('the receipt downloads as a bilingual PDF with the payment’s facts, for its applicant only', async () => {
    const { cookie, controlNumber, receipt, application } = await paidPartly();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/download_receipt',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ receipt_number: receipt }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`receipt-${receipt}.pdf`);
    // Personal data: kept by no cache on the way (tests/security/headers.test.ts checks the other answers).
    expect(res.headers['cache-control']).toContain('no-store');
    const text = await pdfText(res.rawPayload);
    for (const fact of [
      'Payment receipt / Stakabadhi ya malipo',
      receipt,
      application.reference,
      'Asha Juma',
      'TZS 500,000',
      controlNumber,
      'HaloPesa',
      'Amount paid / Kiasi kilicholipwa',
      'Control number / Namba ya malipo',
    ])
      expect(text).toContain(fact);
    expect(text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} EAT/);

    // Another applicant, signed in to their own application, asks for this receipt: it does not exist for them.
    const other = await paidPartly();
    const theirs = await dashboardCall(t, 'download_receipt', other.cookie, { receipt_number: receipt });
    expect(theirs.status).toBe(404);
    // Without a session: 401, before the body is read.
    expect((await dashboardCall(t, 'download_receipt', undefined, { receipt_number: receipt })).status).toBe(401);

    // Staff get any receipt, as base64 in the envelope.
    const byStaff = await staff(t, 'get_receipt', { receipt_number: receipt });
    expect(byStaff.status).toBe(200);
    expect(byStaff.data).toMatchObject({ mime_type: 'application/pdf', file_name: `receipt-${receipt}.pdf` });
    expect(await pdfText(Buffer.from(byStaff.data.content_base64 as string, 'base64'))).toContain(receipt);
    expect((await staff(t, 'get_receipt', { receipt_number: 'RC-2026-999999' })).status).toBe(404);
  });

  it('the simulator’s development routes: the gateway down, then control numbers by callback', async () => {
    const down = await post<Envelope>(t.app, '/api/dev/payment_gateway', { failing: true });
    expect(down.body!.response.data).toEqual({ failing: true, control_number_by_callback: false });
    const application = await applicationIn(t, newPerson('64'), 'submitted');
    const added = await staff(t, 'add_invoice', {
      reference_number: application.reference,
      amount_tzs: 10_000,
      amount_reason: 'Set by the unit for this test.',
      due_date: day(3),
    });
    expect(added).toMatchObject({ status: 200, data: { control_number: null } });
    await post(t.app, '/api/dev/payment_gateway', { failing: false, control_number_by_callback: true });
    // The raise job's work (the runner is not started in this test).
    await t.app.payments.raise(added.data.bill_id as string, { rethrow: true });
    await post(t.app, '/api/dev/payments_run', {});
    const [bill] = await billsOf(t, added.data.invoice_id as string);
    expect(bill!.control_number).toMatch(/^99/);
    await post(t.app, '/api/dev/payment_gateway', { control_number_by_callback: false });
  });
});

describe('the simulator in production', () => {
  const real = {
    NODE_ENV: 'production',
    SMS_GATEWAY_URL: 'https://sms.example.tz/send',
    IDENTITY_REGISTRY_URL: 'https://zanid.example.tz',
    ALTCHA_HMAC_KEY: randomBytes(36).toString('base64'),
    PERMIT_SIGNING_KEY: randomBytes(36).toString('base64'),
    PUBLIC_URL: 'https://kibali.example.tz',
  };
  const gatewayKey = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();

  it('is refused unless DEMO_MODE=1, which warns that payments are simulated', () => {
    expect(servingProblems(loadConfig(real))).toEqual([
      expect.stringMatching(/^PAYMENT_PROVIDER=gepg is required when NODE_ENV=production/),
    ]);
    const demo = loadConfig({ ...real, DEMO_MODE: '1' });
    expect(servingProblems(demo)).toEqual([]);
    expect(demoModeWarning(demo)).toContain('payments are SIMULATED');
    const gepg = { ...real, PAYMENT_PROVIDER: 'gepg', PAYMENT_GATEWAY_URL: 'https://gepg.example.tz/api' };
    expect(servingProblems(loadConfig({ ...gepg, PAYMENT_GATEWAY_PUBLIC_KEY: gatewayKey }))).toEqual([]);
    // The simulator's key with GePG: anyone could sign a payment notice (its private key is in the source).
    expect(servingProblems(loadConfig({ ...gepg, PAYMENT_GATEWAY_PUBLIC_KEY: SIMULATOR_PUBLIC_KEY_PEM }))).toEqual([
      expect.stringMatching(/^PAYMENT_GATEWAY_PUBLIC_KEY is the payment simulator's key/),
    ]);
  });

  it('GePG needs its URL and the public key that signs its notices; a key that is no key is refused', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'gepg' })).toThrow(
      /PAYMENT_GATEWAY_URL is required[\s\S]*PAYMENT_GATEWAY_PUBLIC_KEY is required/,
    );
    expect(() =>
      loadConfig({
        PAYMENT_PROVIDER: 'gepg',
        PAYMENT_GATEWAY_URL: 'https://g.example.tz',
        PAYMENT_GATEWAY_PUBLIC_KEY: 'secret-ish',
      }),
    ).toThrow(/^(?![\s\S]*secret-ish)[\s\S]*PAYMENT_GATEWAY_PUBLIC_KEY must be an Ed25519 or RSA public key/);
    // A key written on one line with \n for its line breaks, as .env files do.
    const oneLine = SIMULATOR_PUBLIC_KEY_PEM.trim().replaceAll('\n', '\\n');
    expect(loadConfig({ PAYMENT_GATEWAY_PUBLIC_KEY: oneLine }).PAYMENT_GATEWAY_PUBLIC_KEY).toBe(
      SIMULATOR_PUBLIC_KEY_PEM.trim(),
    );
  });
});
