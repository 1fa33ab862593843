import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAYMENT_TIMING } from '../../src/server/payments/payment-timing';
import { createTestApp, databaseKinds, type TestApp } from './helpers';
import { TOKEN, billsOf, day, simulatorOf, smsTo, staff } from './payments-fixtures';
import { applicationIn, newPerson } from './signed-in-fixtures';

// The bill raise job on the running job runner: the gateway is down when the invoice is added, the
// invoice is kept, and the job (not the test) raises the bill once the gateway is back.

describe.each(databaseKinds)('the bill raise job (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { STAFF_API_TOKEN: TOKEN },
      {
        kind,
        jobTiming: { pollingIntervalSeconds: 0.5 },
        paymentTiming: { ...PAYMENT_TIMING, firstRetrySeconds: 0, retryDelaySeconds: 1 },
      },
    );
    await t.app.jobs.start();
  }, 120_000);
  afterAll(() => t?.close());

  it('raises a bill the gateway refused, once the gateway answers, and the applicant gets the SMS', async () => {
    simulatorOf(t).configure({ failing: true });
    const person = newPerson('65');
    const application = await applicationIn(t, person, 'submitted');
    const added = await staff(t, 'add_invoice', {
      reference_number: application.reference,
      amount_tzs: 45_000,
      amount_reason: 'Set by the unit for this test.',
      due_date: day(7),
    });
    expect(added).toMatchObject({ status: 200, data: { control_number: null } });
    simulatorOf(t).configure({ failing: false });
    const invoiceId = added.data.invoice_id as string;
    // Waits on state: the job's next try (1 s back-off at most here) issues the bill, then its SMS goes.
    await vi.waitFor(
      async () => {
        const [bill] = await billsOf(t, invoiceId);
        expect(bill!.status).toBe('issued');
        expect((await smsTo(t, person.phone)).at(-1)).toContain(bill!.control_number!);
      },
      { timeout: 20_000, interval: 100 },
    );
  });
});
