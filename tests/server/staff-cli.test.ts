import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatReferenceNumber, newReferenceNumber } from '../../src/server/applications/reference-number';
import { lockDataDir } from '../../src/server/db/data-dir-lock';
import { todayIso } from '../../src/shared/dashboard';
import { api } from './application-fixtures';
import { run, staffCli } from './cli-runner';
import { createTestApp, type TestApp } from './helpers';

// `npm run staff` and `npm run db:seed -- --demo` as an operator runs them on a PGlite data directory
// of their own, and the command line against a running server with --url. The seed, a second process
// on a held directory and the exit codes are child processes; the other calls run the command line
// in this process (cli-runner.ts).

const TOKEN = 'cli-test-token-0123456789-0123456789';
const SLOW = 180_000;
const backOffice = api.en.back_office as unknown as Record<string, string>;

/** The officer the data directory's changes are made as (`--as`). */
const OFFICER = { login: 'mwanaidi.hassan', name: 'Mwanaidi Hassan', password: 'a long password for the CLI' };

interface Listed {
  data: { items: { reference_number: string; status: string }[]; total: number };
}

describe('the staff command line on a data directory, and the demo seed', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kibali-staff-cli-'));
  const env = { DATA_DIR: dataDir };
  const staff = (...args: string[]) => staffCli(args, env);
  /** Reference number → status, as the demo seed printed them. */
  let demo = new Map<string, string>();

  const seed = async () => {
    const res = await run('db-seed', ['--demo'], env);
    expect(res.code, res.stderr).toBe(0);
    const printed = [...res.stdout.matchAll(/^ {2}([2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}) {2}(\w+)/gm)];
    return { output: res.stdout, applications: new Map(printed.map((m) => [m[1]!, m[2]!])) };
  };
  const byStatus = (status: string) => [...demo].find(([, s]) => s === status)![0];
  const AS = ['--as', OFFICER.login];

  beforeAll(async () => {
    const seeded = await seed();
    demo = seeded.applications;
    expect(seeded.output).toContain('/api/dev/outbox');
    expect(seeded.output).toContain('DEV_TOOLS=1');
    const added = await staffCli(
      ['users', 'add', OFFICER.login, '--name', OFFICER.name, '--role', 'officer'],
      env,
      `${OFFICER.password}\n`,
    );
    expect(added.code, added.stderr).toBe(0);
  }, SLOW);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it(
    'demo: its printed applications exist in the states it says, one of each',
    async () => {
      expect([...demo.values()].sort()).toEqual(
        ['approved', 'draft', 'expired', 'permit_issued', 'submitted', 'under_review'].sort(),
      );
      const listed = await staff('list', '--json', '--page-size', '100');
      expect(listed.code, listed.stderr).toBe(0);
      const drafts = await staff('list', '--status', 'draft', '--json');
      const found = new Map(
        [...(JSON.parse(listed.stdout) as Listed).data.items, ...(JSON.parse(drafts.stdout) as Listed).data.items].map(
          (i) => [i.reference_number, i.status],
        ),
      );
      for (const [reference, status] of demo) expect(found.get(reference), reference).toBe(status);

      const issued = JSON.parse((await staff('show', byStatus('permit_issued'), '--json')).stdout) as {
        data: {
          permits: unknown[];
          notifications: number;
          invoices: { status: string }[];
          attachments: { status: string }[];
        };
      };
      expect(issued.data.permits).toHaveLength(1);
      expect(issued.data.notifications).toBeGreaterThan(5);
      expect(issued.data.invoices.map((i) => i.status)).toEqual(['paid']);
      const reviews = issued.data.attachments.map((a) => a.status);
      expect(reviews).toContain('accepted');
      expect(reviews.filter((s) => s === 'rejected')).toHaveLength(1);
      const review = JSON.parse((await staff('show', byStatus('under_review'), '--json')).stdout) as {
        data: { invoices: { status: string }[] };
      };
      expect(review.data.invoices.map((i) => i.status)).toEqual(['unpaid']);
      const approved = JSON.parse((await staff('show', byStatus('approved'), '--json')).stdout) as {
        data: { invoices: { status: string }[] };
      };
      expect(approved.data.invoices.map((i) => i.status)).toEqual(['paid']);
    },
    SLOW,
  );

  it(
    'moves an application, refuses an illegal move (exit 1) and a wrong command line (exit 2)',
    async () => {
      const reference = byStatus('submitted');
      const moved = await staff('set-status', reference, 'under_review', '--remark', 'Checking the plot.', ...AS);
      expect(moved.code, moved.stderr).toBe(0);
      expect(moved.stdout).toContain(backOffice.status_set!.replace('{{status}}', 'Under review'));
      const shown = await staff('show', reference);
      expect(shown.code).toBe(0);
      expect(shown.stdout).toMatch(/Status: +under_review/);
      expect(shown.stdout).toContain('Checking the plot.');
      // The history says who: the --as account's name on the line of the move.
      expect(shown.stdout).toMatch(/under_review +set_status +Mwanaidi Hassan +Checking the plot\./);

      const illegal = await staff('set-status', reference, 'permit_issued', ...AS);
      expect(illegal.code).toBe(1);
      expect(illegal.stderr).toContain('Allowed from here: approved, rejected.');
      const swahili = await staff('set-status', reference, 'permit_issued', '--lang', 'sw', ...AS);
      expect(swahili.stderr).toContain('hayawezi kuhamishiwa');

      for (const args of [
        ['launch'],
        ['set-status', reference, ...AS],
        ['set-status', reference, 'returned', '--remark', 'who is this?'], // a change needs --as
        ['add-invoice', reference, '--amount', 'lots', '--control-number', '991', '--due', '2031-01-01', ...AS],
        ['list', '--colour', 'red'],
      ]) {
        const wrong = await staff(...args);
        expect(wrong.code, args.join(' ')).toBe(2);
        expect(wrong.stderr).toContain('npm run staff -- help');
      }
      const help = await staff('help', 'add-invoice');
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('--control-number');
    },
    SLOW,
  );

  it(
    'adds an invoice and marks it paid; a field problem is printed with its path',
    async () => {
      const reference = byStatus('approved');
      const bad = await staff(
        'add-invoice',
        reference,
        '--amount',
        '5000',
        '--control-number',
        '12',
        '--due',
        '2031-02-30',
        ...AS,
      );
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('/control_number');
      expect(bad.stderr).toContain('/due_date');
      const added = await staff(
        'add-invoice',
        reference,
        '--amount',
        '25,000',
        '--amount-reason',
        'Set by the unit for this test.',
        '--control-number',
        '991100220033',
        '--due',
        todayIso(new Date(Date.now() + 30 * 86_400_000)), // within the year a due date may be ahead
        ...AS,
      );
      expect(added.code, added.stderr).toBe(0);
      const invoiceId = /invoice_id: (\S+)/.exec(added.stdout)?.[1];
      expect(invoiceId).toBeDefined();
      expect((await staff('mark-paid', invoiceId!, ...AS)).code).toBe(0);
      const again = await staff('mark-paid', invoiceId!, ...AS);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain(backOffice.invoice_already_paid);
    },
    SLOW,
  );

  it(
    'cancels an invoice with a reason, lists the payment exceptions with the totals, and refuses a wrong settlement',
    async () => {
      const reference = byStatus('approved');
      const noReason = await staff(
        'add-invoice',
        reference,
        '--amount',
        '9,999,999',
        '--control-number',
        '991100220077',
        '--due',
        todayIso(new Date(Date.now() + 30 * 86_400_000)),
        ...AS,
      );
      // 10× the estimate, or any amount but the estimate, needs a reason.
      expect(noReason.code).toBe(1);
      expect(noReason.stderr).toContain('/amount_reason');
      const added = await staff(
        'add-invoice',
        reference,
        '--amount',
        '40000',
        '--amount-reason',
        'Raised by mistake.',
        '--control-number',
        '991100220077',
        '--due',
        todayIso(new Date(Date.now() + 30 * 86_400_000)),
        ...AS,
      );
      expect(added.code, added.stderr).toBe(0);
      const invoiceId = /invoice_id: (\S+)/.exec(added.stdout)![1]!;
      expect((await staff('cancel-invoice', invoiceId, ...AS)).code).toBe(2); // --reason is required
      const cancelled = await staff('cancel-invoice', invoiceId, '--reason', 'Wrong application.', ...AS);
      expect(cancelled.code, cancelled.stderr).toBe(0);
      expect(cancelled.stdout).toContain(backOffice.invoice_cancelled);
      const again = await staff('cancel-invoice', invoiceId, '--reason', 'Again.', ...AS);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain(backOffice.invoice_already_cancelled);
      const shown = await staff('show', reference);
      expect(shown.stdout).toMatch(/cancelled .*Wrong application\./);
      const listed = await staff('payment-exceptions');
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout).toMatch(/Payments TZS [0-9,]+ = applied TZS [0-9,]+ \+ unmatched TZS/);
      const settled = await staff('payment-exceptions', '--settled', '--kind', 'over_payment', '--json');
      expect(JSON.parse(settled.stdout)).toMatchObject({ code: 200, data: { totals: expect.any(Object) } });
      const unknown = await staff('settle-payment', '999999', 'refunded', ...AS);
      expect(unknown.code).toBe(1);
      expect((await staff('settle-payment', '1', 'given-away', ...AS)).code).toBe(2); // not a way to settle
      expect((await staff('help', 'settle-payment')).stdout).toContain('refunded|applied|other');
    },
    SLOW,
  );

  it(
    'says so when a running server holds the data directory',
    async () => {
      const unlock = await lockDataDir(dataDir);
      try {
        // Another process, as a second operator's would be.
        const res = await run('staff', ['list'], env);
        expect(res.code).toBe(1);
        expect(res.stderr).toContain('in use by another Kibali server');
        expect(res.stderr).toContain('--url');
      } finally {
        await unlock();
      }
    },
    SLOW,
  );

  it(
    'demo: a second run adds another set',
    async () => {
      const before = (JSON.parse((await staff('list', '--json')).stdout) as Listed).data.total;
      const again = await seed();
      expect(again.applications.size).toBe(6);
      for (const reference of again.applications.keys()) expect(demo.has(reference)).toBe(false);
      const after = (JSON.parse((await staff('list', '--json')).stdout) as Listed).data.total;
      expect(after).toBe(before + 5);
    },
    SLOW,
  );
});

// The command line's HTTP mode: what it prints and exits with. The server's side of each call runs on
// both databases in the staff API's own tests; here one database is enough.
describe('the staff command line with --url', () => {
  let t: TestApp;
  let base = '';
  let reference = '';

  beforeAll(async () => {
    t = await createTestApp({ STAFF_API_TOKEN: TOKEN });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stored = newReferenceNumber();
    reference = formatReferenceNumber(stored);
    await t.database.db
      .insertInto('application')
      .values({
        reference_number: stored,
        application_type: 'repair',
        status: 'submitted',
        answers: JSON.stringify({ personal: { first_name: 'Ramadhani', last_name: 'Urlcase' } }),
        phone: '+255700099950',
        id_number: null,
        submitted_at: new Date(),
      })
      .execute();
  });
  afterAll(() => t?.close());

  const staff = (token: string | undefined, ...args: string[]) =>
    staffCli(['--url', base, ...args], token ? { STAFF_API_TOKEN: token } : {});
  /** The same as a child process: the exit code the script sets. */
  const staffProcess = (token: string | undefined, ...args: string[]) =>
    run('staff', ['--url', base, ...args], token ? { STAFF_API_TOKEN: token } : {});

  it(
    'calls the server’s back office with the token',
    async () => {
      const listed = await staff(TOKEN, 'list', '--name', 'urlcase');
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout).toContain(reference);
      expect(listed.stdout).toContain('Ramadhani Urlcase');
      const moved = await staff(TOKEN, 'set-status', reference, 'under_review', '--json');
      expect(moved.code).toBe(0);
      expect(JSON.parse(moved.stdout)).toMatchObject({ code: 200, data: { status: 'under_review' } });
      const row = await t.database.db
        .selectFrom('application')
        .select('status')
        .where('reference_number', '=', reference.replace('-', ''))
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('under_review');
      const illegal = await staff(TOKEN, 'set-status', reference, 'submitted');
      expect(illegal.code).toBe(1);
      // Recorded as the integration (the token's name), never as a person.
      const shown = JSON.parse((await staff(TOKEN, 'show', reference, '--json')).stdout) as {
        data: { history: { action: string; by: unknown }[] };
      };
      expect(shown.data.history[0]).toMatchObject({
        action: 'set_status',
        by: { kind: 'integration', account_id: null, name: 'integration' },
      });
      // --as names an account of the database: with --url the token speaks.
      const as = await staff(TOKEN, 'set-status', reference, 'returned', '--remark', 'x', '--as', 'someone');
      expect(as.code).toBe(2);
      expect(as.stderr).toContain('--as is for the database');
    },
    SLOW,
  );

  it(
    'refuses without the token (exit 2), with a wrong one (exit 1), and when nothing answers (exit 1)',
    async () => {
      expect((await staffProcess(undefined, 'list')).code).toBe(2);
      const wrong = await staffProcess('x'.repeat(40), 'list');
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toContain(api.en.staff_unauthorized);
      const nobody = await run('staff', ['--url', 'http://127.0.0.1:9', 'list'], { STAFF_API_TOKEN: TOKEN });
      expect(nobody.code).toBe(1);
      expect(nobody.stderr).toContain('Cannot reach');
    },
    SLOW,
  );
});
