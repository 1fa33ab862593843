import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatReferenceNumber, newReferenceNumber } from '../../src/server/applications/reference-number';
import { yearsAfter } from '../../src/server/back-office/back-office-rules';
import { STAFF_ACTION_LIST } from '../../src/server/back-office/staff-actions';
import { DEVELOPMENT_SIGNING_KEY, PermitSigner } from '../../src/server/permits/permit-signature';
import { APPLICATION_STATUSES, STATUS_MOVES, todayIso } from '../../src/shared/dashboard';
import type { Splash } from '../../src/shared/reference-data';
import { formatLongDate, isCalendarDate } from '../../src/shared/text-format';
import { api, apiText, personal, REPAIR, sample, SAVE, type Answers } from './application-fixtures';
import { createTestApp, databaseKinds, post, uploadDocuments, type Envelope, type TestApp } from './helpers';

// The back office (/api/staff/*): the token, every legal and illegal status move, invoices, permits,
// document reviews and what the applicant is told (dashboard notification and SMS in their language).

const TOKEN = 'back-office-token-for-tests-0123456789';
const AUTH = { authorization: `Bearer ${TOKEN}` };
/** Every back-office call's path (its shared call's). */
const PATHS = Object.values(STAFF_ACTION_LIST).map((action) => action.call.path);
const DAY = 86_400_000;
/** Fresh databases and real uploads: slow on a busy machine. */
const SETUP_MS = 120_000;
const day = (days: number) => todayIso(new Date(Date.now() + days * DAY));

type Data = Record<string, unknown> & { errors?: { path: string; message: string }[] };
const text = apiText;

let phoneSerial = 0;
/** A fresh phone number per application, so that its SMS can be told apart. */
const newPhone = () => `+2557000${String(90000 + ++phoneSerial).padStart(5, '0')}`;

describe.each(databaseKinds)('back office (%s)', (kind) => {
  let t: TestApp;
  let off: TestApp;
  let splash: Splash;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kibali-back-office-'));

  beforeAll(async () => {
    [t, off] = await Promise.all([
      createTestApp({ STAFF_API_TOKEN: TOKEN, DATA_DIR: dataDir }, { kind }),
      createTestApp({ STAFF_API_TOKEN: undefined }, { kind }),
    ]);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    splash = (await post<Envelope<Splash>>(t.app, '/api/splash/get_splash', {})).body!.response.data;
  }, SETUP_MS);
  afterAll(async () => {
    await Promise.all([t?.close(), off?.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const db = () => t.database.db;

  async function staff(action: string, body: unknown, headers: Record<string, string> = {}) {
    const res = await post<Envelope<Data>>(t.app, `/api/staff/${action}`, body, { ...AUTH, ...headers });
    expect(res.body?.response.code).toBe(res.status);
    return { status: res.status, message: res.body!.response.message, data: res.body!.response.data };
  }

  /** An application row written directly, in any status (the applicant's own routes are tested elsewhere). */
  async function insertApplication(
    status: string,
    options: { first?: string; last?: string; type?: string; language?: string; phone?: string | null } = {},
  ) {
    const reference = newReferenceNumber();
    const phone = options.phone === undefined ? newPhone() : options.phone;
    const row = await db()
      .insertInto('application')
      .values({
        reference_number: reference,
        application_type: options.type ?? 'repair',
        status,
        step_number: 3,
        answers: JSON.stringify({
          personal: { first_name: options.first ?? 'Asha', middle_name: 'Juma', last_name: options.last ?? 'Said' },
        }),
        phone,
        id_number: null,
        language: options.language ?? 'en',
        ...(status === 'draft' ? {} : { submitted_at: new Date() }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, reference: formatReferenceNumber(reference), phone: phone ?? '' };
  }

  const statusOf = async (id: number) =>
    (await db().selectFrom('application').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const events = (id: number) =>
    db().selectFrom('application_event').selectAll().where('application_id', '=', id).orderBy('id').execute();
  const notifications = (id: number) =>
    db().selectFrom('notification').selectAll().where('application_id', '=', id).orderBy('created_at').execute();
  const smsTo = (phone: string) =>
    db().selectFrom('sms_outbox').selectAll().where('phone', '=', phone).orderBy('id').execute();
  const insertAttachment = async (applicationId: number, documentType = 'site_plan') => {
    const id = randomUUID();
    await db()
      .insertInto('attachment')
      .values({
        id,
        application_id: applicationId,
        document_type: documentType,
        mime_type: 'application/pdf',
        size: 100,
        sha256: '0'.repeat(64),
        remark: null,
      })
      .execute();
    return id;
  };

  describe('the token', () => {
    it.each(PATHS)(
      '%s: 401 without credentials or with a wrong token; no token is taken when none is configured',
      async (path) => {
        const { reference } = await insertApplication('submitted');
        const body = { reference_number: reference };
        const none = await post<Envelope>(t.app, path, body, {});
        expect(none.status).toBe(401);
        expect(none.body?.response).toMatchObject({ code: 401, message: api.en.staff_not_signed_in });
        for (const headers of [
          { authorization: 'Bearer wrong-token-wrong-token-wrong-token' },
          { authorization: TOKEN },
        ]) {
          const res = await post<Envelope>(t.app, path, body, headers);
          expect(res.status).toBe(401);
          expect(res.body?.response).toMatchObject({ code: 401, message: api.en.staff_unauthorized });
        }
        // Without STAFF_API_TOKEN the back office is still there for staff accounts; a token opens nothing.
        const res = await post<Envelope>(off.app, path, body, AUTH);
        expect(res.status).toBe(401);
        expect(res.body?.response).toMatchObject({ code: 401, message: api.en.staff_unauthorized });
      },
    );

    it('refuses before reading the body: a malformed body without the token is 401, not 400', async () => {
      const res = await post(t.app, '/api/staff/set_status', '{not json', {});
      expect(res.status).toBe(401);
    });

    it('documents every call in the OpenAPI document', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
        paths: Record<string, { post?: { summary?: string } }>;
      }>();
      for (const path of PATHS) expect(doc.paths[path]?.post?.summary).toBeTruthy();
    });

    it('documents the back office without a token too: staff accounts sign in and use it', async () => {
      const doc = (await off.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
        paths: Record<string, unknown>;
      }>();
      for (const path of PATHS) expect(doc.paths[path]).toBeDefined();
      expect(doc.paths['/api/staff/session/sign_in']).toBeDefined();
    });
  });

  describe('set_status', () => {
    const illegal = APPLICATION_STATUSES.flatMap((from) =>
      APPLICATION_STATUSES.filter((to) => !(STATUS_MOVES[from] as readonly string[]).includes(to)).map(
        (to) => [from, to] as const,
      ),
    );

    it.each(APPLICATION_STATUSES)('refuses every illegal move from %s (409) and changes nothing', async (from) => {
      const { id, reference, phone } = await insertApplication(from);
      for (const [, to] of illegal.filter(([f]) => f === from)) {
        const res = await staff('set_status', { reference_number: reference, status: to, remark: 'why' });
        expect(res.status, `${from} → ${to}`).toBe(409);
        expect(res.data).toEqual({ from, to, allowed: [...STATUS_MOVES[from]] });
        expect(res.message).toBe(
          text('en', 'back_office.illegal_status_move', {
            from: text('en', `statuses.${from}`),
            to: text('en', `statuses.${to}`),
          }),
        );
      }
      expect(await statusOf(id)).toBe(from);
      expect(await events(id)).toEqual([]);
      expect(await notifications(id)).toEqual([]);
      expect(await smsTo(phone)).toEqual([]);
    });

    it('answers in Swahili when asked', async () => {
      const { reference } = await insertApplication('submitted');
      const res = await staff(
        'set_status',
        { reference_number: reference, status: 'approved' },
        { 'accept-language': 'sw' },
      );
      expect(res.status).toBe(409);
      expect(res.message).toBe(
        text('sw', 'back_office.illegal_status_move', {
          from: text('sw', 'statuses.submitted'),
          to: text('sw', 'statuses.approved'),
        }),
      );
    });

    it('refuses an unknown status (422), an unknown reference number (404), and a bad body (400)', async () => {
      const { id, reference } = await insertApplication('submitted');
      const unknown = await staff('set_status', { reference_number: reference, status: 'finished' });
      expect(unknown.status).toBe(422);
      expect(unknown.data.errors?.[0]?.path).toBe('/status');
      const missing = await staff('set_status', { reference_number: 'ABCDE-FGHJK', status: 'under_review' });
      expect(missing.status).toBe(404);
      expect(missing.message).toBe(api.en.application_not_found);
      const extra = await staff('set_status', { reference_number: reference, status: 'under_review', x: 1 });
      expect(extra.status).toBe(400);
      expect(await statusOf(id)).toBe('submitted');
    });

    // A return for changes is return_for_changes, with its requests (tests/server/change-requests.test.ts).
    it.each(['rejected'])('asks for a remark to move to %s (422)', async (to) => {
      const { id, reference } = await insertApplication('under_review');
      const res = await staff('set_status', { reference_number: reference, status: to, remark: '  ' });
      expect(res.status).toBe(422);
      expect(res.data.errors).toEqual([{ path: '/remark', message: text('en', 'back_office.fields.remark_required') }]);
      expect(await statusOf(id)).toBe('under_review');
      expect(await events(id)).toEqual([]);
    });

    it('takes each legal move, with its history line, notification and SMS', async () => {
      for (const [from, moves] of Object.entries(STATUS_MOVES)) {
        for (const to of moves) {
          const { id, reference, phone } = await insertApplication(from);
          const res = await staff('set_status', { reference_number: reference, status: to, remark: 'Checked.' });
          expect(res.status, `${from} → ${to}`).toBe(200);
          expect(res.data).toEqual({ reference_number: reference, from, status: to });
          expect(await statusOf(id)).toBe(to);
          expect(await events(id)).toMatchObject([{ status: to, remark: 'Checked.' }]);
          expect(await notifications(id)).toMatchObject([
            { kind: 'status_changed', params: { status: to, remark: 'Checked.' } },
          ]);
          expect(await smsTo(phone)).toHaveLength(1);
        }
      }
    });
  });

  describe('an application saved in Swahili, from submission to permit', () => {
    const sw = { 'accept-language': 'sw' };
    let reference = '';
    let phone = '';
    let id = 0;

    beforeAll(async () => {
      phone = newPhone();
      const answers = { ...personal(), phone };
      const saved = await post<Envelope<{ reference_number: string }>>(
        t.app,
        SAVE,
        { application_type: 'repair', step_number: 1, data: answers },
        sw,
      );
      reference = saved.body!.response.data.reference_number;
      const uploads = await uploadDocuments(t.app, reference, splash.normal_attachments);
      const data: Record<string, Answers> = {
        personal: answers,
        repair: sample('repair ok (affects neighbours)'),
        uploads,
      };
      const submitted = await post(t.app, REPAIR, { reference_number: reference, data, declaration: true }, sw);
      expect(submitted.status).toBe(200);
      id = (
        await db()
          .selectFrom('application')
          .select('id')
          .where('reference_number', '=', reference.replace('-', ''))
          .executeTakeFirstOrThrow()
      ).id;
    }, SETUP_MS);

    /** The newest SMS to the applicant: Kibali <reference>: <title>. <message>, in Swahili. */
    const lastSms = async () => (await smsTo(phone)).at(-1)?.message;
    /** Dates in Swahili words ("15 Desemba 2026"), and staff's remark once, after the message. */
    const swSms = (kind: string, params: Record<string, string>) => {
      const values = Object.fromEntries(
        Object.entries({ reference_number: reference, ...params }).map(([key, value]) => [
          key,
          isCalendarDate(value) ? formatLongDate(value, 'sw') : value,
        ]),
      );
      const remark = params.remark ? ` ${text('sw', 'notice_remark', { remark: params.remark })}` : '';
      // The permit's verify page (issue 19), after the message.
      const link = params.verify_url ? ` ${text('sw', 'notices.verify_link', { verify_url: params.verify_url })}` : '';
      return text('sw', 'sms_notice', {
        reference_number: reference,
        title: text('sw', `notices.${kind}.title`, values),
        message: `${text('sw', `notices.${kind}.message`, values)}${link}${remark}`,
      });
    };

    it('is kept in the language it was saved in', async () => {
      const row = await db()
        .selectFrom('application')
        .select('language')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.language).toBe('sw');
    });

    it('goes under review, back for changes, under review again and approved, telling the applicant in Swahili', async () => {
      const steps: [string, string | undefined][] = [
        ['under_review', undefined],
        ['returned', 'Tafadhali leta ramani iliyo wazi zaidi.'],
        ['under_review', 'Ramani imepokelewa.'],
        ['approved', undefined],
      ];
      for (const [status, remark] of steps) {
        if (status === 'returned') {
          // Back for changes with a request and a deadline: the applicant is told in Swahili.
          const returned = await staff('return_for_changes', {
            reference_number: reference,
            requests: [{ kind: 'step', step: 'repair', remark: remark! }],
            deadline_working_days: 10,
            remark,
          });
          expect(returned.status).toBe(200);
          const due = (returned.data.round as { due_date: string }).due_date;
          expect(await lastSms()).toBe(swSms('changes_requested', { count: '1', due_date: due, remark: remark! }));
          continue;
        }
        const res = await staff('set_status', { reference_number: reference, status, ...(remark ? { remark } : {}) });
        expect(res.status).toBe(200);
        expect(res.message).toBe(text('en', 'back_office.status_set', { status: text('en', `statuses.${status}`) }));
        expect(await lastSms()).toBe(
          swSms('status_changed', { status: text('sw', `statuses.${status}`), ...(remark ? { remark } : {}) }),
        );
      }
      // The first lines are the applicant's own declaration and submission.
      expect((await events(id)).map((e) => e.status)).toEqual([
        'declared',
        'submitted',
        ...steps.map(([status]) => status),
      ]);
      expect(await notifications(id)).toHaveLength(steps.length);
    });

    it('gets a document accepted and another rejected with a remark, named in Swahili', async () => {
      const shown = await staff('get_application', { reference_number: reference });
      const attachments = shown.data.attachments as { attachment_id: string; document_type: string }[];
      expect(attachments.map((a) => a.document_type).sort()).toEqual(
        splash.normal_attachments.map((d) => d.code).sort(),
      );
      const [first, second] = attachments;
      const name = (code: string) => splash.normal_attachments.find((d) => d.code === code)!.name.sw;

      const accepted = await staff('update_attachment', { attachment_id: first!.attachment_id, status: 'accepted' });
      expect(accepted.status).toBe(200);
      expect(await lastSms()).toBe(
        swSms('attachment_reviewed', {
          document: name(first!.document_type),
          status: text('sw', 'attachment_statuses.accepted'),
        }),
      );

      const refused = await staff('update_attachment', { attachment_id: second!.attachment_id, status: 'rejected' });
      expect(refused.status).toBe(422);
      expect(refused.data.errors).toEqual([
        { path: '/remark', message: text('en', 'back_office.fields.remark_required') },
      ]);
      const remark = 'Picha haionekani vizuri.';
      const rejected = await staff('update_attachment', {
        attachment_id: second!.attachment_id,
        status: 'rejected',
        remark,
      });
      expect(rejected.status).toBe(200);
      expect(rejected.data).toMatchObject({ status: 'rejected', remark });
      expect(await lastSms()).toBe(
        swSms('attachment_reviewed', {
          document: name(second!.document_type),
          status: text('sw', 'attachment_statuses.rejected'),
          remark,
        }),
      );
      const rows = await db().selectFrom('attachment').selectAll().where('application_id', '=', id).execute();
      expect(rows.find((r) => r.id === first!.attachment_id)).toMatchObject({ status: 'accepted', remark: null });
      expect(rows.find((r) => r.id === second!.attachment_id)).toMatchObject({ status: 'rejected', remark });
    });

    it('gets an invoice, which is paid', async () => {
      const control = '991234500001';
      const due = day(30);
      const added = await staff('add_invoice', {
        reference_number: reference,
        amount_tzs: 1250000,
        amount_reason: 'Set by the unit for this test.',
        control_number: control,
        due_date: due,
        description: 'Permit fee',
      });
      expect(added.status).toBe(200);
      expect(added.data).toMatchObject({
        amount_tzs: 1250000,
        control_number: control,
        due_date: due,
        status: 'unpaid',
        paid_at: null,
        description: 'Permit fee',
      });
      const amounts = { amount: '1,250,000', control_number: control, due_date: due };
      expect(await lastSms()).toBe(swSms('invoice_added', amounts));

      const paid = await staff('mark_invoice_paid', { invoice_id: added.data.invoice_id });
      expect(paid.status).toBe(200);
      expect(paid.data).toMatchObject({ invoice_id: added.data.invoice_id, status: 'paid' });
      expect(paid.data.paid_at).toEqual(expect.any(String));
      expect(await lastSms()).toBe(swSms('invoice_paid', amounts));

      const again = await staff('mark_invoice_paid', { invoice_id: added.data.invoice_id });
      expect(again.status).toBe(409);
      expect(again.message).toBe(text('en', 'back_office.invoice_already_paid'));
    });

    it('gets its permit: permit_issued, with the permit, its history line and a Swahili SMS', async () => {
      const res = await staff('issue_permit', {
        reference_number: reference,
        approved_use: 'A family house',
        permit_number: 'ZDCU/2026/0001',
        valid_from: day(0),
        valid_until: day(730),
      });
      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({
        reference_number: reference,
        status: 'permit_issued',
        permit: { permit_number: 'ZDCU/2026/0001', valid_from: day(0), valid_until: day(730), status: 'valid' },
      });
      expect(await statusOf(id)).toBe('permit_issued');
      expect((await events(id)).at(-1)).toMatchObject({ status: 'permit_issued' });
      const permit = { permit_number: 'ZDCU/2026/0001', valid_from: day(0), valid_until: day(730) };
      // Signed with the development key, linking to this test server's configured origin (no PUBLIC_URL).
      const signature = new PermitSigner(DEVELOPMENT_SIGNING_KEY).sign(permit);
      const verify_url = `http://localhost:8080/home/verify/ZDCU%2F2026%2F0001?s=${signature}`;
      expect(await lastSms()).toBe(swSms('permit_issued', { ...permit, verify_url }));
      // No second permit for it now: it is no longer approved.
      const again = await staff('issue_permit', {
        reference_number: reference,
        approved_use: 'A family house',
        permit_number: 'ZDCU/2026/0002',
        valid_from: day(0),
        valid_until: day(730),
      });
      expect(again.status).toBe(409);
    });

    it('gets a note in staff’s own words, and get_application shows it all', async () => {
      const res = await staff('add_notification', {
        reference_number: reference,
        title: 'Ukaguzi',
        message: 'Mkaguzi atatembelea eneo lako wiki ijayo.',
      });
      expect(res.status).toBe(200);
      expect(res.data.notification_id).toEqual(expect.any(String));
      expect(await lastSms()).toBe(
        text('sw', 'sms_notice', {
          reference_number: reference,
          title: 'Ukaguzi',
          message: 'Mkaguzi atatembelea eneo lako wiki ijayo.',
        }),
      );
      const shown = await staff('get_application', { reference_number: reference.toLowerCase().replace('-', ' ') });
      expect(shown.status).toBe(200);
      expect(shown.data).toMatchObject({
        reference_number: reference,
        status: 'permit_issued',
        stored_status: 'permit_issued',
        language: 'sw',
        phone,
        allowed_moves: [],
        permit_moves_to: null,
        notifications: 4 + 2 + 2 + 1 + 1,
      });
      const history = shown.data.history as { status_changed: boolean; action: string | null; by: unknown }[];
      expect(history.filter((e) => e.status_changed)).toHaveLength(2 + 4 + 1);
      // A line too for each staff action that moved no status, newest first; every staff line by the token's name.
      expect(history.filter((e) => !e.status_changed).map((e) => e.action)).toEqual([
        'add_notification',
        'mark_invoice_paid',
        'add_invoice',
        'update_attachment',
        'update_attachment',
      ]);
      for (const line of history.filter((e) => e.action !== null))
        expect(line.by).toEqual({ kind: 'integration', account_id: null, name: 'integration' });
      expect(shown.data.invoices).toHaveLength(1);
      expect(shown.data.permits).toHaveLength(1);
    });
  });

  describe('invoices', () => {
    const invoice = (reference: string, overrides: Record<string, unknown> = {}) =>
      staff('add_invoice', {
        reference_number: reference,
        amount_tzs: 50000,
        amount_reason: 'Set by the unit for this test.',
        control_number: `99${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`,
        due_date: day(14),
        ...overrides,
      });

    it.each(['draft', 'rejected'])('are refused for a %s application (409)', async (status) => {
      const { id, reference } = await insertApplication(status);
      const res = await invoice(reference);
      expect(res.status).toBe(409);
      expect(await db().selectFrom('invoice').selectAll().where('application_id', '=', id).execute()).toEqual([]);
    });

    it.each([
      ['a zero amount', { amount_tzs: 0 }, '/amount_tzs'],
      ['a negative amount', { amount_tzs: -5 }, '/amount_tzs'],
      ['cents', { amount_tzs: 1.5 }, '/amount_tzs'],
      ['a control number with letters', { control_number: '99AB12' }, '/control_number'],
      ['a date that does not exist', { due_date: '2031-02-30' }, '/due_date'],
      ['a date in another format', { due_date: '30/01/2031' }, '/due_date'],
      ['a due date in the past', { due_date: day(-1) }, '/due_date'],
      ['a due date 50 years ahead', { due_date: day(365 * 50) }, '/due_date'],
      ['a due date more than a year ahead', { due_date: day(367) }, '/due_date'],
      ['a due date in the year 9999', { due_date: '9999-12-31' }, '/due_date'],
    ])('refuse %s (422)', async (_label, overrides, errorPath) => {
      const { id, reference } = await insertApplication('under_review');
      const res = await invoice(reference, overrides);
      expect(res.status).toBe(422);
      expect(res.data.errors?.map((e) => e.path)).toEqual([errorPath]);
      expect(await notifications(id)).toEqual([]);
    });

    it('say how far ahead a due date may be, in English and Swahili; a year ahead is accepted', async () => {
      const { id, reference } = await insertApplication('under_review');
      const latest = yearsAfter(todayIso(), 1);
      for (const language of ['en', 'sw'] as const) {
        const far = await staff(
          'add_invoice',
          {
            reference_number: reference,
            amount_tzs: 50000,
            amount_reason: 'Set by the unit for this test.',
            control_number: '99123123123',
            due_date: day(365 * 50),
          },
          { 'accept-language': language },
        );
        expect(far.status).toBe(422);
        expect(far.data.errors).toEqual([
          { path: '/due_date', message: text(language, 'back_office.fields.due_date_far', { latest }) },
        ]);
      }
      expect(await notifications(id)).toEqual([]);
      expect((await invoice(reference, { due_date: day(360) })).status).toBe(200);
    });

    it('refuse a control number another invoice has (409), and an unknown invoice (404)', async () => {
      const { reference } = await insertApplication('under_review');
      const other = await insertApplication('approved');
      expect((await invoice(reference, { control_number: '99000000777' })).status).toBe(200);
      const res = await invoice(other.reference, { control_number: '99000000777' });
      expect(res.status).toBe(409);
      expect(res.data).toEqual({ control_number: '99000000777' });
      expect((await staff('mark_invoice_paid', { invoice_id: randomUUID() })).status).toBe(404);
      expect((await staff('mark_invoice_paid', { invoice_id: 'not-an-id' })).status).toBe(404);
    });
  });

  describe('permits', () => {
    const permit = (reference: string, overrides: Record<string, unknown> = {}) =>
      staff('issue_permit', {
        reference_number: reference,
        approved_use: 'A family house',
        permit_number: `ZDCU/T/${Math.floor(Math.random() * 1e9)}`,
        valid_from: day(0),
        valid_until: day(365),
        ...overrides,
      });

    it.each(APPLICATION_STATUSES.filter((s) => s !== 'approved' && s !== 'renewal_requested'))(
      'are refused for a %s application (409)',
      async (status) => {
        const { id, reference } = await insertApplication(status);
        const res = await permit(reference);
        expect(res.status).toBe(409);
        expect(res.data).toMatchObject({ status, allowed_from: ['approved', 'renewal_requested'] });
        expect(await statusOf(id)).toBe(status);
        expect(await db().selectFrom('permit').selectAll().where('application_id', '=', id).execute()).toEqual([]);
      },
    );

    it('refuse an end before the start, or dates that do not exist (422)', async () => {
      const { id, reference } = await insertApplication('approved');
      const before = await permit(reference, { valid_from: day(10), valid_until: day(9) });
      expect(before.status).toBe(422);
      expect(before.data.errors).toEqual([
        { path: '/valid_until', message: text('en', 'back_office.fields.valid_until_before_from') },
      ]);
      const wrong = await permit(reference, { valid_from: '2026-13-01', valid_until: 'soon' });
      expect(wrong.data.errors?.map((e) => e.path)).toEqual(['/valid_from', '/valid_until']);
      expect(await statusOf(id)).toBe('approved');
    });

    it('refuse a validity over ten years and dates outside 2000-2100, in English and Swahili (422)', async () => {
      const { id, reference } = await insertApplication('approved');
      const long = await permit(reference, { valid_from: day(0), valid_until: day(365 * 50) });
      expect(long.status).toBe(422);
      expect(long.data.errors).toEqual([
        { path: '/valid_until', message: text('en', 'back_office.fields.validity_too_long', { years: '10' }) },
      ]);
      const outside = await staff(
        'issue_permit',
        { reference_number: reference, permit_number: 'ZDCU/T/1', valid_from: '1925-01-01', valid_until: '2925-01-01' },
        { 'accept-language': 'sw' },
      );
      expect(outside.status).toBe(422);
      const range = text('sw', 'back_office.fields.date_range', { earliest: '2000-01-01', latest: '2100-12-31' });
      expect(outside.data.errors).toEqual([
        { path: '/valid_from', message: range },
        { path: '/valid_until', message: range },
      ]);
      expect(await statusOf(id)).toBe('approved');
      expect((await permit(reference, { valid_from: day(0), valid_until: day(365 * 9) })).status).toBe(200);
    });

    it('end on the day they start, if staff says so', async () => {
      const { reference } = await insertApplication('approved');
      expect((await permit(reference, { valid_from: day(5), valid_until: day(5) })).status).toBe(200);
    });

    it('refuse a permit number another permit has (409)', async () => {
      const [a, b] = [await insertApplication('approved'), await insertApplication('approved')];
      expect((await permit(a.reference, { permit_number: 'ZDCU/DUP/1' })).status).toBe(200);
      const res = await permit(b.reference, { permit_number: 'ZDCU/DUP/1' });
      expect(res.status).toBe(409);
      expect(await statusOf(b.id)).toBe('approved');
    });

    it('renew: a requested renewal gets a new permit and is renewed', async () => {
      const { id, reference } = await insertApplication('approved');
      expect((await permit(reference, { valid_from: day(-400), valid_until: day(-40) })).status).toBe(200);
      // The applicant's renew_permit (not the back office's) moves it to renewal_requested.
      await db().updateTable('application').set({ status: 'renewal_requested' }).where('id', '=', id).execute();
      const res = await permit(reference, { valid_from: day(0), valid_until: day(365) });
      expect(res.status).toBe(200);
      expect(res.data.status).toBe('renewed');
      expect(await statusOf(id)).toBe('renewed');
      expect((await staff('get_application', { reference_number: reference })).data.status).toBe('renewed');
    });

    it('show as expired once the latest one has ended', async () => {
      const { reference } = await insertApplication('approved', { last: 'Expiredcase' });
      expect((await permit(reference, { valid_from: day(-400), valid_until: day(-1) })).status).toBe(200);
      const shown = await staff('get_application', { reference_number: reference });
      expect(shown.data).toMatchObject({ status: 'expired', stored_status: 'permit_issued' });
      expect((shown.data.permits as { status: string }[])[0]!.status).toBe('expired');
      const listed = await staff('list_applications', { name: 'expiredcase' });
      expect(listed.data.items).toMatchObject([{ reference_number: reference, status: 'expired' }]);
      const expired = await staff('list_applications', { status: 'expired', name: 'Expiredcase' });
      expect(expired.data.total).toBe(1);
      const issued = await staff('list_applications', { status: 'permit_issued', name: 'Expiredcase' });
      expect(issued.data.total).toBe(0);
    });
  });

  describe('documents', () => {
    it('refuse an unknown document (404), a status other than accepted or rejected (422), a draft’s (409)', async () => {
      const { id } = await insertApplication('under_review');
      const attachment = await insertAttachment(id);
      expect((await staff('update_attachment', { attachment_id: randomUUID(), status: 'accepted' })).status).toBe(404);
      expect((await staff('update_attachment', { attachment_id: 'nope', status: 'accepted' })).status).toBe(404);
      const wrong = await staff('update_attachment', { attachment_id: attachment, status: 'uploaded' });
      expect(wrong.status).toBe(422);
      expect(wrong.data.errors?.[0]?.path).toBe('/status');
      const draft = await insertApplication('draft');
      const draftAttachment = await insertAttachment(draft.id);
      expect((await staff('update_attachment', { attachment_id: draftAttachment, status: 'accepted' })).status).toBe(
        409,
      );
      expect(await notifications(id)).toEqual([]);
    });

    it('tell the applicant in English with the English document name', async () => {
      const { id, phone } = await insertApplication('under_review');
      const attachment = await insertAttachment(id, 'sheha_letter');
      const res = await staff('update_attachment', { attachment_id: attachment, status: 'accepted' });
      expect(res.status).toBe(200);
      const name = splash.normal_attachments.find((d) => d.code === 'sheha_letter')!.name.en;
      expect((await smsTo(phone))[0]?.message).toContain(`"${name}"`);
      expect((await notifications(id))[0]).toMatchObject({
        kind: 'attachment_reviewed',
        params: { status: 'accepted', document: { en: name } },
      });
    });
  });

  describe('notifications', () => {
    it('are refused for a draft (409) and an unknown reference (404); no phone, no SMS', async () => {
      const draft = await insertApplication('draft');
      const note = { title: 'Hello', message: 'A note.' };
      expect((await staff('add_notification', { reference_number: draft.reference, ...note })).status).toBe(409);
      expect((await staff('add_notification', { reference_number: 'ABCDE-FGHJK', ...note })).status).toBe(404);
      const silent = await insertApplication('submitted', { phone: null });
      const res = await staff('add_notification', { reference_number: silent.reference, ...note, remark: 'r' });
      expect(res.status).toBe(200);
      expect(await notifications(silent.id)).toMatchObject([
        { kind: null, title: 'Hello', message: 'A note.', remark: 'r' },
      ]);
    });
  });

  describe('list_applications', () => {
    const family = `Fam${randomUUID().slice(0, 8)}`;
    let rows: Awaited<ReturnType<typeof insertApplication>>[] = [];

    beforeAll(async () => {
      rows = [];
      for (const [status, first, type] of [
        ['submitted', 'Zuhura', 'repair'],
        ['under_review', 'Bakari', 'new'],
        ['approved', 'Zuhura', 'special'],
        ['draft', 'Zuhura', 'repair'],
        ['rejected', 'Khadija', 'repair'],
      ] as const) {
        rows.push(await insertApplication(status, { first, last: family, type }));
      }
    });

    const list = (body: Record<string, unknown>) => staff('list_applications', { name: family, ...body });
    const references = (data: Data) => (data.items as { reference_number: string }[]).map((i) => i.reference_number);

    it('leaves drafts out unless asked for, most recently changed first', async () => {
      const res = await list({});
      expect(res.status).toBe(200);
      expect(res.data.total).toBe(4);
      expect(references(res.data)).toEqual([rows[4], rows[2], rows[1], rows[0]].map((r) => r!.reference));
      expect((res.data.items as Data[])[0]).toMatchObject({
        application_type: 'repair',
        status: 'rejected',
        applicant_name: `Khadija Juma ${family}`,
        submitted_at: expect.any(String),
        updated_at: expect.any(String),
      });
      const drafts = await list({ status: 'draft' });
      expect(references(drafts.data)).toEqual([rows[3]!.reference]);
    });

    it('filters by status, type, reference number (whole or its beginning, any case) and name', async () => {
      expect(references((await list({ status: 'approved' })).data)).toEqual([rows[2]!.reference]);
      expect(references((await list({ application_type: 'new' })).data)).toEqual([rows[1]!.reference]);
      const reference = rows[0]!.reference;
      expect(references((await list({ reference_number: reference.toLowerCase() })).data)).toEqual([reference]);
      expect(references((await list({ reference_number: reference.slice(0, 7) })).data)).toContain(reference);
      expect((await list({ name: `zuhura ${family.toUpperCase()}` })).data.total).toBe(2);
      expect((await list({ name: `Zuhura Juma ${family}` })).data.total).toBe(2);
      expect((await list({ name: `${family} Zuhura` })).data.total).toBe(0);
    });

    it('takes the name as text, never as a pattern or SQL', async () => {
      for (const name of ['%', '_', "' or 1=1 --", '\\']) {
        const res = await staff('list_applications', { name });
        expect(res.status).toBe(200);
        expect(res.data.total).toBe(0);
      }
    });

    it('pages', async () => {
      const first = await list({ page: 1, page_size: 3 });
      const second = await list({ page: 2, page_size: 3 });
      expect(first.data).toMatchObject({ total: 4, page: 1, page_size: 3 });
      expect(references(first.data)).toHaveLength(3);
      expect(references(second.data)).toHaveLength(1);
      expect((await list({ page_size: 101 })).status).toBe(400);
      expect((await list({ status: 'lost' })).status).toBe(422);
      expect((await list({ reference_number: 'ABCDE-FGHJK-M' })).status).toBe(422);
    });
  });

  describe('messages and renewals', () => {
    it('list what applicants sent, newest first, all or of one application', async () => {
      const a = await insertApplication('submitted');
      const b = await insertApplication('permit_issued');
      const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
      const message = async (applicationId: number, text: string, minutesAgo: number) => {
        const id = randomUUID();
        await db()
          .insertInto('applicant_message')
          .values({ id, application_id: applicationId, subject: null, message: text })
          .execute();
        // created_at is never written by the app; tests date rows to order them.
        await db()
          .updateTable('applicant_message')
          .set({ created_at: at(minutesAgo) } as never)
          .where('id', '=', id)
          .execute();
      };
      await message(a.id, 'first', 30);
      await message(b.id, 'second', 20);
      await message(a.id, 'third', 10);
      const all = await staff('list_messages', {});
      expect(all.status).toBe(200);
      expect((all.data.items as { message: string }[]).slice(0, 3).map((m) => m.message)).toEqual([
        'third',
        'second',
        'first',
      ]);
      const ofA = await staff('list_messages', { reference_number: a.reference });
      expect(ofA.data).toMatchObject({ total: 2, page: 1, page_size: 20 });
      expect(ofA.data.items).toMatchObject([
        { reference_number: a.reference, message: 'third', subject: null },
        { reference_number: a.reference, message: 'first' },
      ]);
      expect((await staff('list_messages', { reference_number: 'ABCDE-FGHJK' })).data.total).toBe(0);

      const permitId = randomUUID();
      await db()
        .insertInto('permit')
        .values({
          id: permitId,
          application_id: b.id,
          permit_number: `ZDCU/R/${permitId}`,
          valid_from: day(-300),
          valid_until: day(60),
        })
        .execute();
      for (const reason of ['older', 'newer']) {
        await db()
          .insertInto('renewal_request')
          .values({ id: randomUUID(), application_id: b.id, permit_id: permitId, type_of_work: 'Roof', reason })
          .execute();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const renewals = await staff('list_renewals', { reference_number: b.reference });
      expect(renewals.status).toBe(200);
      expect(renewals.data.items).toMatchObject([
        { reference_number: b.reference, permit_number: `ZDCU/R/${permitId}`, type_of_work: 'Roof', reason: 'newer' },
        { reason: 'older' },
      ]);
      expect((await staff('list_renewals', { page_size: 0 })).status).toBe(400);
    });
  });
});
