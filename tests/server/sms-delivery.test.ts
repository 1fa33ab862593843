import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jobsSchemaFor } from '../../src/server/jobs/job-runner';
import { SWEEP_CRON } from '../../src/server/retention/retention-policy';
import { SWEEP_QUEUE } from '../../src/server/retention/sweeper';
import { SMS_REQUEUE_QUEUE } from '../../src/server/sms/sms-queue';
import { CHANGE_DEADLINES_CRON, CHANGE_DEADLINES_QUEUE } from '../../src/server/changes/change-deadlines';
import { RECONCILE_CRON, RECONCILE_QUEUE, REISSUE_CRON, REISSUE_QUEUE } from '../../src/server/payments/payment-timing';
import { REMINDERS_CRON, REMINDERS_QUEUE } from '../../src/server/reminders/reminder-policy';
import { formatReferenceNumber, newReferenceNumber } from '../../src/server/applications/reference-number';
import type { Splash } from '../../src/shared/reference-data';
import { withSeededContacts } from '../fixtures/seeded-engineers';
import { createTestApp, databaseKinds, post, type TestApp, sendEngineerCode } from './helpers';

/**
 * A stand-in SMS gateway on loopback that can be down (nothing listening: connections refused),
 * refusing (503) or up (200), and records what each request was answered.
 */
class Gateway {
  answers: { to: string; status: number }[] = [];
  status = 503;
  private server: Server | undefined;
  private port = 0;

  get url() {
    return `http://127.0.0.1:${this.port}/sms`;
  }

  /** The port a gateway will listen on, nothing listening there yet. */
  async reserve(): Promise<void> {
    await this.listen();
    await this.close();
  }

  listen = () =>
    new Promise<void>((resolve) => {
      this.server = createServer((req, res) => {
        let body = '';
        req.setEncoding('utf8');
        req.on('data', (chunk: string) => (body += chunk));
        req.on('end', () => {
          this.answers.push({ to: (JSON.parse(body) as { to: string }).to, status: this.status });
          res.writeHead(this.status, { 'content-type': 'application/json' }).end('{}');
        });
      });
      this.server.listen(this.port, '127.0.0.1', () => {
        this.port = (this.server!.address() as AddressInfo).port;
        resolve();
      });
    });

  close = () =>
    new Promise<void>((resolve) => {
      if (!this.server) return resolve();
      this.server.closeAllConnections();
      this.server.close(() => resolve());
      this.server = undefined;
    });
}

const data = <T>(answer: { body?: unknown }) => (answer.body as { response: { data: T } }).response.data;

describe.each(databaseKinds)('SMS through a gateway outage (%s)', (kind) => {
  let t: TestApp | undefined;
  const gateway = new Gateway();
  afterEach(async () => {
    await t?.close();
    await gateway.close();
    gateway.answers = [];
    gateway.status = 503;
  });

  it('answers 200 while the gateway is down, keeps the SMS queued, and delivers it exactly once when the gateway returns', async () => {
    await gateway.reserve();
    t = await createTestApp(
      { SMS_GATEWAY_URL: gateway.url },
      {
        kind,
        // The job at once and retries a second or two apart, so that the test does not wait minutes.
        smsRetry: {
          firstJobAfterSeconds: 0,
          retryLimit: 6,
          retryDelaySeconds: 1,
          requeueAfterSeconds: 3600,
          sendingTimeoutSeconds: 600,
        },
        jobTiming: { pollingIntervalSeconds: 0.5 },
      },
    );
    await t.app.jobs.start();
    const db = t.database.db;
    // The engineer's code; the draft's first save also sent the applicant its reference number (reference-sms.ts).
    const sms = () =>
      db
        .selectFrom('sms_message')
        .select(['status', 'attempts', 'message'])
        .where('purpose', '!=', 'reference_first_save')
        .executeTakeFirst();
    const engineer = withSeededContacts(data<Splash>(await post(t.app, '/api/splash/get_splash', {})).engineers[2]!);
    const toEngineer = () => gateway.answers.filter((answer) => answer.to === engineer.mobile);

    // Down: nothing listens. The applicant's call is answered all the same; the SMS waits.
    const res = await sendEngineerCode(t.app, engineer.registration_number);
    expect(res.status).toBe(200);
    expect((await sms())?.status).not.toBe('sent');

    // Back, but refusing: the job's attempts reach it and fail; the SMS stays queued.
    await gateway.listen();
    await vi.waitFor(() => expect(toEngineer().length).toBeGreaterThan(0), { timeout: 20_000, interval: 50 });
    expect(gateway.answers.every((answer) => answer.status === 503)).toBe(true);
    expect(await sms()).toMatchObject({ message: expect.stringMatching(/\b\d{6}\b/) as unknown });

    // Up: the next retry delivers it, once, and the row keeps no text.
    gateway.status = 200;
    await vi.waitFor(async () => expect((await sms())?.status).toBe('sent'), { timeout: 20_000, interval: 50 });
    await vi.waitFor(async () => expect(await t!.app.jobs.idle('sms')).toBe(true), { timeout: 20_000, interval: 50 });
    const delivered = toEngineer().filter((answer) => answer.status === 200);
    expect(delivered).toEqual([{ to: engineer.mobile, status: 200 }]);
    expect(await sms()).toMatchObject({ status: 'sent', message: '' });
    // Every attempt counted: those the gateway answered, and at least the refused first try.
    expect((await sms())!.attempts).toBeGreaterThanOrEqual(toEngineer().length + 1);
  });

  it('a status change while the gateway is down is made, its notification written and its SMS queued (staff told it is not sent yet)', async () => {
    await gateway.reserve();
    const token = 'back-office-token-for-tests-0123456789';
    t = await createTestApp({ SMS_GATEWAY_URL: gateway.url, STAFF_API_TOKEN: token }, { kind });
    const db = t.database.db;
    const reference = newReferenceNumber();
    const { id } = await db
      .insertInto('application')
      .values({ reference_number: reference, application_type: 'repair', status: 'submitted', phone: '+255700000009' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await post(
      t.app,
      '/api/staff/set_status',
      { reference_number: formatReferenceNumber(reference), status: 'under_review', remark: 'Checked.' },
      { authorization: `Bearer ${token}` },
    );
    expect(res.status).toBe(200);
    expect(res.body?.response.data).toMatchObject({ status: 'under_review', sms_failed: true });
    expect(res.body?.response.message).toMatch(/not be sent yet/);
    const notices = await db.selectFrom('notification').select('kind').where('application_id', '=', id).execute();
    expect(notices).toEqual([{ kind: 'status_changed' }]);
    const queued = await db.selectFrom('sms_message').select(['phone', 'status', 'purpose']).execute();
    expect(queued).toEqual([{ phone: '+255700000009', status: 'queued', purpose: 'notice' }]);
  });

  it('schedules the SMS requeue, the sweep, reminders, deadlines and payments, and stops its workers when the app closes', async () => {
    t = await createTestApp({}, { kind, jobTiming: { pollingIntervalSeconds: 0.5 } });
    await t.app.jobs.start();
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.database.db);
    const schedules = await sql<{ name: string; cron: string }>`select name, cron from ${sql.table(
      `${jobsSchemaFor(rows[0]!.schema)}.schedule`,
    )} order by name`.execute(t.database.db);
    const expected = [
      { name: SMS_REQUEUE_QUEUE, cron: '*/15 * * * *' },
      { name: SWEEP_QUEUE, cron: SWEEP_CRON },
      { name: REMINDERS_QUEUE, cron: REMINDERS_CRON },
      { name: CHANGE_DEADLINES_QUEUE, cron: CHANGE_DEADLINES_CRON },
      { name: REISSUE_QUEUE, cron: REISSUE_CRON },
      { name: RECONCILE_QUEUE, cron: RECONCILE_CRON },
    ];
    expect(schedules.rows).toEqual(expected.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)));
    await expect(t.close()).resolves.toBeUndefined();
  });

  it('gives a new job to an SMS whose job gave up, and queues again one left sending by a process that died', async () => {
    await gateway.listen();
    gateway.status = 200;
    t = await createTestApp({ SMS_GATEWAY_URL: gateway.url }, { kind });
    const db = t.database.db;
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);
    await sql`insert into sms_message (phone, message, purpose, status, attempts, last_attempt_at) values
      ('+255700000001', 'gave up', 'p', 'queued', 9, ${hoursAgo(2)}),
      ('+255700000002', 'died sending', 'p', 'sending', 1, ${hoursAgo(0.5)}),
      ('+255700000003', 'its job still retries', 'p', 'queued', 2, ${hoursAgo(0.1)}),
      ('+255700000004', 'delivered', 'p', 'sent', 1, ${hoursAgo(2)})`.execute(db);
    const before = await t.app.jobs.idle('sms');

    expect(await t.app.sms.requeue()).toBe(1);
    expect(before).toBe(true);
    expect(await t.app.jobs.idle('sms')).toBe(false);
    const rows = await db.selectFrom('sms_message').select(['id', 'phone', 'status']).orderBy('id').execute();
    expect(rows.map((row) => row.status)).toEqual(['queued', 'queued', 'queued', 'sent']);

    // The new job's work delivers it; the next requeue also takes the one that was left sending.
    await t.app.sms.work({ id: rows[0]!.id });
    expect(gateway.answers).toEqual([{ to: '+255700000001', status: 200 }]);
    expect(await t.app.sms.requeue(new Date(Date.now() + 3600_000))).toBe(2);
  });
});
