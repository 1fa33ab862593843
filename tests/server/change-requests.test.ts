import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertApplication } from '../../src/server/applications/applications-repository';
import { formatReferenceNumber, newReferenceNumber } from '../../src/server/applications/reference-number';
import type { ChangeRequestsAnswer, ChangeRound } from '../../src/shared/api/change-requests';
import { apiText, personal, sample, type Answers } from './application-fixtures';
import { createTestApp, databaseKinds, post, TINY_PDF, type Envelope, type TestApp } from './helpers';
import { dashboardCall, newPerson, signIn, type Person } from './signed-in-fixtures';
import { addStaff, staffSignIn } from './staff-fixtures';
import { fakeDate } from './fake-clock';

// Requests for changes (issue 19, item 1): an officer returns an application with typed requests and a
// working-day deadline → the signed-in applicant answers only what was asked → resubmits → every round
// kept with before and after; the deadline's reminder, overdue mark, extension and withdrawal on a fake clock.

const TOKEN = 'change-requests-token-for-tests-0123456789';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const SETUP_MS = 120_000;

type Data = Record<string, unknown> & { errors?: { path: string; message: string }[] };
const text = apiText;

describe.each(databaseKinds)('requests for changes (%s)', (kind) => {
  let t: TestApp;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kibali-changes-'));

  beforeAll(async () => {
    t = await createTestApp({ STAFF_API_TOKEN: TOKEN, DATA_DIR: dataDir }, { kind });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, SETUP_MS);
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const db = () => t.database.db;

  async function staff(action: string, body: unknown, headers: Record<string, string> = AUTH) {
    const res = await post<Envelope<Data>>(t.app, `/api/staff/${action}`, body, headers);
    expect(res.body?.response.code).toBe(res.status);
    return { status: res.status, message: res.body!.response.message, data: res.body!.response.data };
  }

  /** A repair application with valid answers and an uploaded Sheha's letter, in `status`. */
  async function application(person: Person, status = 'under_review', language = 'en') {
    const reference = newReferenceNumber();
    const answers = {
      personal: { ...personal(), zan_id: person.zan_id, phone: person.phone },
      repair: sample('repair ok (affects neighbours)'),
      uploads: { documents: {} },
    };
    const record = await insertApplication(db(), reference, 'repair', {
      status,
      step_number: 3,
      forms_version: 1,
      answers,
      phone: person.phone,
      id_number: person.zan_id,
      submitted: true,
      language,
    });
    const letter = randomUUID();
    await db()
      .insertInto('attachment')
      .values({
        id: letter,
        application_id: record.id,
        document_type: 'sheha_letter',
        mime_type: 'application/pdf',
        size: 100,
        sha256: '0'.repeat(64),
        remark: null,
      })
      .execute();
    return { id: record.id, reference: formatReferenceNumber(reference), answers, letter };
  }

  const row = (id: number) => db().selectFrom('application').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const rounds = (id: number) => db().selectFrom('change_round').selectAll().where('application_id', '=', id).execute();
  const smsTo = (phone: string) =>
    db().selectFrom('sms_outbox').selectAll().where('phone', '=', phone).orderBy('id').execute();
  const notices = (id: number) =>
    db().selectFrom('notification').selectAll().where('application_id', '=', id).orderBy('created_at').execute();
  const eventsOf = (id: number) =>
    db().selectFrom('application_event').selectAll().where('application_id', '=', id).orderBy('id').execute();

  const REQUESTS = [
    { kind: 'step', step: 'repair', fields: ['repair_description'], remark: 'Describe the repair in more detail.' },
    { kind: 'document', document_type: 'sheha_letter', action: 'replace', remark: 'The stamp cannot be read.' },
  ];

  /** Uploads a file as the signed-in applicant (the dashboard's upload: no reference number). */
  async function dashboardUpload(cookie: string | undefined, documentType: string) {
    const form = new FormData();
    form.set('document_type', documentType);
    form.set('file', new Blob([new Uint8Array(TINY_PDF)]), 'letter.pdf');
    const res = await fetch(`${t.app.listeningOrigin}/api/attachment/upload`, {
      method: 'POST',
      body: form,
      headers: cookie ? { cookie } : {},
    });
    return { status: res.status, body: (await res.json()) as Envelope<{ attachment_id?: string }> };
  }

  describe('return_for_changes', () => {
    it('needs an officer (or admin) or the integration: no credentials, an applicant or a policy editor get nothing', async () => {
      const person = newPerson('801');
      const app = await application(person);
      const body = { reference_number: app.reference, requests: REQUESTS, deadline_working_days: 10 };
      expect((await staff('return_for_changes', body, {})).status).toBe(401);
      const applicant = await signIn(t, app.reference, person.phone);
      expect((await staff('return_for_changes', body, { cookie: applicant })).status).toBe(401);
      const editor = await staffSignIn(t, await addStaff(t, 'policy_editor'));
      expect((await staff('return_for_changes', body, { cookie: editor })).status).toBe(403);
      expect((await row(app.id)).status).toBe('under_review');
      const officer = await addStaff(t, 'officer', { name: 'Officer Mwanaisha' });
      const res = await staff('return_for_changes', body, { cookie: await staffSignIn(t, officer) });
      expect(res.status).toBe(200);
      const [event] = (await eventsOf(app.id)).filter((e) => e.action === 'return_for_changes');
      expect(event).toMatchObject({ status: 'returned', by_kind: 'staff', by_name: 'Officer Mwanaisha' });
      expect((await rounds(app.id))[0]).toMatchObject({ asked_by_name: 'Officer Mwanaisha', status: 'open' });
    });

    it('refuses no requests, a step or document not of its forms, a field the step has not; changes nothing', async () => {
      const person = newPerson('802');
      const app = await application(person);
      const base = { reference_number: app.reference, deadline_working_days: 10 };
      const none = await staff('return_for_changes', { ...base, requests: [] });
      expect(none.status).toBe(400);
      const cases: [unknown, string][] = [
        [{ kind: 'step', step: 'engineer', remark: 'x' }, '/requests/0/step'], // not in the repair flow
        [{ kind: 'step', step: 'no_such_step', remark: 'x' }, '/requests/0/step'],
        [{ kind: 'step', step: 'uploads', remark: 'x' }, '/requests/0/step'], // documents are asked as documents
        [{ kind: 'step', step: 'repair', fields: ['no_such_field'], remark: 'x' }, '/requests/0/fields'],
        [
          { kind: 'document', document_type: 'no_such_document', action: 'add', remark: 'x' },
          '/requests/0/document_type',
        ],
        [{ kind: 'document', document_type: 'sheha_letter', remark: 'x' }, '/requests/0/action'],
        [{ kind: 'step', step: 'repair', remark: '   ' }, '/requests/0/remark'],
      ];
      for (const [request, at] of cases) {
        const res = await staff('return_for_changes', { ...base, requests: [request] });
        expect(res.status, JSON.stringify(request)).toBe(res.status === 400 ? 400 : 422);
        if (res.status === 422) expect(res.data.errors?.map((e) => e.path)).toContain(at);
      }
      const twice = await staff('return_for_changes', { ...base, requests: [REQUESTS[0], REQUESTS[0]] });
      expect(twice.status).toBe(422);
      const far = await staff('return_for_changes', { ...base, requests: REQUESTS, deadline_working_days: 61 });
      expect(far.status).toBe(400);
      expect((await row(app.id)).status).toBe('under_review');
      expect(await rounds(app.id)).toEqual([]);
      expect(await notices(app.id)).toEqual([]);
      expect(await smsTo(person.phone)).toEqual([]);
    });

    it('asks a question shown only under a condition (issue 33, item 4: refused as unknown before)', async () => {
      const app = await application(newPerson('807'));
      const res = await staff('return_for_changes', {
        reference_number: app.reference,
        requests: [{ kind: 'step', step: 'repair', fields: ['precautions'], remark: 'Say how dust is kept in.' }],
        deadline_working_days: 10,
      });
      expect(res.status, JSON.stringify(res.data)).toBe(200);
      expect((res.data.round as { requests: unknown[] }).requests).toEqual([
        { kind: 'step', step: 'repair', fields: ['precautions'], remark: 'Say how dust is kept in.' },
      ]);
    });

    it('get_application_outline: the flow’s steps with every question in both languages, the type’s documents, the holidays ahead', async () => {
      const app = await application(newPerson('808'));
      const res = await staff('get_application_outline', { reference_number: app.reference });
      expect(res.status).toBe(200);
      type Options = {
        steps: {
          step: string;
          title: { en: string; sw: string };
          fields: { name: string; title: { en: string; sw: string }; conditional: boolean }[];
        }[];
        documents: { document_type: string; name: { en: string; sw: string } }[];
        today: string;
        holidays: string[];
      };
      const options = res.data as unknown as Options;
      // The repair flow's steps but the uploads step: documents are asked as documents.
      expect(options.steps.map((step) => step.step)).toEqual(['personal', 'repair']);
      const repair = options.steps[1]!;
      expect(repair.title).toEqual({ en: 'Repair details', sw: expect.any(String) });
      expect(repair.title.sw).not.toBe(repair.title.en);
      const precautions = repair.fields.find((field) => field.name === 'precautions');
      expect(precautions).toEqual({
        name: 'precautions',
        title: { en: 'What precautions will you take?', sw: 'Utachukua tahadhari gani?' },
        conditional: true,
      });
      expect(repair.fields.find((field) => field.name === 'street_village')?.conditional).toBe(false);
      // A choice's answers in words, both languages (the workspace shows the answers so).
      const repairType = repair.fields.find((field) => field.name === 'repair_type') as unknown as {
        options: { value: string; title: { en: string; sw: string } }[];
      };
      expect(repairType.options).toContainEqual({
        value: 'painting_finishes',
        title: { en: 'Painting and finishes', sw: 'Rangi na umaliziaji' },
      });
      expect(options.documents.map((d) => d.document_type)).toContain('sheha_letter');
      expect([...options.holidays].sort()).toEqual(options.holidays);
      for (const day of options.holidays) expect(day >= options.today).toBe(true);
      const seeded = await db()
        .selectFrom('public_holiday')
        .select('date')
        .where('date', '>=', options.today)
        .execute();
      const within = seeded.map((row) => row.date).filter((date) => date <= options.holidays.at(-1)!);
      expect(options.holidays).toEqual(within.sort());
      expect((await staff('get_application_outline', { reference_number: 'ZZZZZ-ZZZZZ' })).status).toBe(404);
      const editor = await staffSignIn(t, await addStaff(t, 'policy_editor'));
      expect(
        (await staff('get_application_outline', { reference_number: app.reference }, { cookie: editor })).status,
      ).toBe(403);
    });

    it('only from under_review; set_status can no longer return without requests', async () => {
      const person = newPerson('803');
      const app = await application(person, 'submitted');
      const res = await staff('return_for_changes', {
        reference_number: app.reference,
        requests: REQUESTS,
        deadline_working_days: 5,
      });
      expect(res.status).toBe(409);
      const other = await application(newPerson('804'));
      const plain = await staff('set_status', { reference_number: other.reference, status: 'returned', remark: 'x' });
      expect(plain.status).toBe(409);
      expect((await row(other.id)).status).toBe('under_review');
      expect(await rounds(app.id)).toEqual([]);
    });

    it('tells the applicant by SMS and on the dashboard in their language, with the deadline in working days', async () => {
      fakeDate(new Date('2026-12-02T06:00:00Z')); // a Wednesday; 9 December is Independence Day
      const person = newPerson('805');
      const app = await application(person, 'under_review', 'sw');
      const res = await staff('return_for_changes', {
        reference_number: app.reference,
        requests: REQUESTS,
        deadline_working_days: 10,
        remark: 'Tafadhali rekebisha.',
      });
      expect(res.status).toBe(200);
      const round = (res.data as { round: ChangeRound }).round;
      expect(round.due_date).toBe('2026-12-17');
      expect(res.message).toBe(text('en', 'changes.returned', { due_date: '2026-12-17' }));
      expect(await notices(app.id)).toMatchObject([
        { kind: 'changes_requested', params: { count: 2, due_date: '2026-12-17' } },
      ]);
      const [sms] = await smsTo(person.phone);
      expect(sms!.message).toContain(text('sw', 'notices.changes_requested.title'));
      expect(sms!.message).toContain('17 Desemba 2026');
      const applicant = await signIn(t, app.reference, person.phone);
      const list = await dashboardCall<Array<{ title: string }>>(
        t,
        'get_notifications',
        applicant,
        {},
        {
          'accept-language': 'sw',
        },
      );
      expect(list.body!.response.data[0]!.title).toBe(text('sw', 'notices.changes_requested.title'));
    });
  });

  describe('the applicant answers, then resubmits', () => {
    const person = newPerson('810');
    let app: Awaited<ReturnType<typeof application>>;
    let cookie = '';

    beforeAll(async () => {
      app = await application(person);
      const res = await staff('return_for_changes', {
        reference_number: app.reference,
        requests: REQUESTS,
        deadline_working_days: 10,
      });
      expect(res.status).toBe(200);
      cookie = await signIn(t, app.reference, person.phone);
    }, SETUP_MS);

    it('a reference number alone opens nothing', async () => {
      for (const call of ['get_change_requests', 'save_change_step', 'resubmit_changes']) {
        const res = await dashboardCall(t, call, undefined, { reference_number: app.reference });
        expect(res.status).toBe(401);
      }
      expect((await dashboardUpload(undefined, 'sheha_letter')).status).toBe(401);
    });

    it('sees the requests as a checklist, none done yet', async () => {
      const res = await dashboardCall<ChangeRequestsAnswer>(t, 'get_change_requests', cookie);
      expect(res.status).toBe(200);
      const open = res.body!.response.data.open!;
      expect(open.requests.map((r) => [r.kind, r.done])).toEqual([
        ['step', false],
        ['document', false],
      ]);
      expect(open.answers).toEqual({ repair: app.answers.repair });
      expect(open.working_days_left).toBeGreaterThan(0);
    });

    it('another step is refused (403, in the caller’s language) and changes nothing', async () => {
      const res = await dashboardCall<Data>(
        t,
        'save_change_step',
        cookie,
        { step: 'personal', data: { ...personal(), first_name: 'Someone' } },
        { 'accept-language': 'sw' },
      );
      expect(res.status).toBe(403);
      expect(res.body!.response.message).toBe(text('sw', 'changes.step_not_asked'));
      expect((await row(app.id)).answers).toEqual(app.answers);
    });

    it('invalid answers are refused with field errors, as the wizard refuses them; nothing changes', async () => {
      const res = await dashboardCall<Data>(t, 'save_change_step', cookie, {
        step: 'repair',
        data: { ...app.answers.repair, repair_description: 42 },
      });
      expect(res.status).toBe(422);
      expect(res.body!.response.data.errors?.[0]?.path).toMatch(/^\/repair\//);
      expect((await row(app.id)).answers).toEqual(app.answers);
      expect((await rounds(app.id))[0]!.changes).toEqual({ steps: {}, documents: [] });
    });

    it('a resubmit while something is open is refused with what is missing', async () => {
      const res = await dashboardCall<Data>(t, 'resubmit_changes', cookie, { note: 'Done.' });
      expect(res.status).toBe(422);
      expect(res.body!.response.data.errors?.map((e) => e.path)).toEqual(['/requests/0', '/requests/1']);
      expect((await row(app.id)).status).toBe('returned');
    });

    it('saves the asked step, uploads only the asked document, resubmits; the round keeps before and after', async () => {
      const after = {
        ...app.answers.repair,
        repair_description: 'Replace the roof sheets and two beams.',
      };
      const saved = await dashboardCall<Data>(t, 'save_change_step', cookie, { step: 'repair', data: after });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(((await row(app.id)).answers as Record<string, Answers>).repair!.repair_description).toBe(
        after.repair_description,
      );

      const other = await dashboardUpload(cookie, 'land_document');
      expect(other.status).toBe(409);
      const uploaded = await dashboardUpload(cookie, 'sheha_letter');
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
      const newId = uploaded.body.response.data.attachment_id!;
      // The application's documents answer names the new file; the step saved before is kept.
      const answersNow = (await row(app.id)).answers as Record<string, Answers>;
      expect((answersNow.uploads!.documents as Answers).sheha_letter).toBe(newId);
      expect(answersNow.repair!.repair_description).toBe(after.repair_description);

      const checklist = await dashboardCall<ChangeRequestsAnswer>(t, 'get_change_requests', cookie);
      expect(checklist.body!.response.data.open!.requests.map((r) => r.done)).toEqual([true, true]);

      const res = await dashboardCall<Data>(t, 'resubmit_changes', cookie, { note: 'Both changes made.' });
      expect(res.status).toBe(200);
      expect(res.body!.response.data).toMatchObject({ reference_number: app.reference, status: 'submitted' });
      expect((await row(app.id)).status).toBe('submitted');

      const shown = await staff('get_application', { reference_number: app.reference });
      const [round] = shown.data.change_rounds as ChangeRound[];
      expect(round).toMatchObject({ number: 1, status: 'resubmitted', note: 'Both changes made.' });
      expect(round!.changes.steps.repair!.before).toEqual(app.answers.repair);
      expect(round!.changes.steps.repair!.after.repair_description).toBe(after.repair_description);
      expect(round!.changes.documents).toMatchObject([
        { document_type: 'sheha_letter', replaced: [app.letter], attachment_id: newId },
      ]);
      // The applicant's history names the round in plain words.
      const history = await dashboardCall<ChangeRequestsAnswer>(t, 'get_change_requests', cookie);
      expect(history.body!.response.data.open).toBeNull();
      expect(history.body!.response.data.rounds).toMatchObject([
        { number: 1, status: 'resubmitted', changed_steps: ['repair'], changed_documents: ['sheha_letter'] },
      ]);
      // Once resubmitted, nothing more is taken.
      const late = await dashboardCall(t, 'save_change_step', cookie, { step: 'repair', data: after });
      expect(late.status).toBe(409);
    });
  });

  describe('deadlines, on a fake clock', () => {
    it('reminds 3 working days before (once, weekends and holidays counted), marks overdue, extends, withdraws', async () => {
      fakeDate();
      const at = (iso: string) => {
        const now = new Date(`${iso}T06:00:00Z`);
        vi.setSystemTime(now);
        return now;
      };
      at('2026-12-02');
      const person = newPerson('820');
      const app = await application(person);
      const returned = await staff('return_for_changes', {
        reference_number: app.reference,
        requests: [REQUESTS[0]],
        deadline_working_days: 10,
      });
      expect((returned.data as { round: ChangeRound }).round.due_date).toBe('2026-12-17');
      const sent = async () => (await smsTo(person.phone)).length;
      const before = await sent();
      // (Other tests' rounds may be due too: this application's own SMS are counted.)
      // Friday 11 December: 4 working days left (14, 15, 16, 17): no reminder yet.
      await t.app.changeDeadlines.run(at('2026-12-11'));
      // Saturday 12: still 4.
      await t.app.changeDeadlines.run(at('2026-12-12'));
      expect(await sent()).toBe(before);
      // Monday 14: 3 left: the reminder, once.
      expect((await t.app.changeDeadlines.run(at('2026-12-14'))).reminded).toBeGreaterThanOrEqual(1);
      expect(await sent()).toBe(before + 1);
      expect((await notices(app.id)).at(-1)).toMatchObject({ kind: 'changes_reminder', params: { days: 3 } });
      await t.app.changeDeadlines.run(at('2026-12-15'));
      expect(await sent()).toBe(before + 1);
      // The deadline's own day is not overdue; the day after is.
      await t.app.changeDeadlines.run(at('2026-12-17'));
      expect((await rounds(app.id))[0]!.overdue_at).toBeNull();
      const early = await staff('withdraw_overdue', { reference_number: app.reference, reason: 'No answer.' });
      expect(early.status).toBe(409);
      await t.app.changeDeadlines.run(at('2026-12-18'));
      expect((await rounds(app.id))[0]!.overdue_at).not.toBeNull();
      const events = await eventsOf(app.id);
      expect(events.at(-1)).toMatchObject({ action: 'changes_overdue', by_kind: 'system' });
      const overdue = await staff('list_overdue_changes', {});
      expect((overdue.data.items as { reference_number: string }[]).map((i) => i.reference_number)).toContain(
        app.reference,
      );

      // Extended by 5 working days from Friday 18 December: 21–24, then 28 (25 and 26 are holidays, 26–27 a weekend).
      const extended = await staff('extend_changes', { reference_number: app.reference, deadline_working_days: 5 });
      expect(extended.status).toBe(200);
      expect(extended.data.due_date).toBe('2026-12-28');
      expect((await notices(app.id)).at(-1)).toMatchObject({ kind: 'changes_extended' });
      expect((await rounds(app.id))[0]).toMatchObject({ overdue_at: null, due_date: '2026-12-28' });
      const notOverdue = await staff('list_overdue_changes', {});
      expect((notOverdue.data.items as { reference_number: string }[]).map((i) => i.reference_number)).not.toContain(
        app.reference,
      );

      at('2026-12-29');
      const withdrawn = await staff('withdraw_overdue', { reference_number: app.reference, reason: 'No answer came.' });
      expect(withdrawn.status).toBe(200);
      expect((await row(app.id)).status).toBe('withdrawn');
      expect((await rounds(app.id))[0]!.status).toBe('withdrawn');
      expect((await notices(app.id)).at(-1)).toMatchObject({ kind: 'changes_withdrawn' });
      expect((await eventsOf(app.id)).at(-1)).toMatchObject({ status: 'withdrawn', remark: 'No answer came.' });
    });
    it('refuses the changes once the deadline has passed (409, contact the unit) and takes them again once extended', async () => {
      fakeDate(new Date('2026-12-02T06:00:00Z'));
      const person = newPerson('822');
      const app = await application(person);
      const returned = await staff('return_for_changes', {
        reference_number: app.reference,
        requests: REQUESTS,
        deadline_working_days: 10,
      });
      expect((returned.data as { round: ChangeRound }).round.due_date).toBe('2026-12-17');
      const after = { ...app.answers.repair, repair_description: 'Replace the roof sheets and two beams.' };

      // 23:59 in Zanzibar on the deadline's day: still taken.
      vi.setSystemTime(new Date('2026-12-17T20:59:00Z'));
      const cookie = await signIn(t, app.reference, person.phone);
      const onTime = await dashboardCall<Data>(t, 'save_change_step', cookie, { step: 'repair', data: after });
      expect(onTime.status, JSON.stringify(onTime.body)).toBe(200);

      // Midnight in Zanzibar: the deadline has passed, whether or not the daily job has run.
      vi.setSystemTime(new Date('2026-12-17T21:00:00Z'));
      const answersBefore = (await row(app.id)).answers;
      const roundBefore = (await rounds(app.id))[0]!;
      const late = await dashboardCall<Data>(
        t,
        'save_change_step',
        cookie,
        { step: 'repair', data: { ...after, repair_description: 'Something else, late.' } },
        { 'accept-language': 'sw' },
      );
      expect(late.status).toBe(409);
      expect(late.body!.response.message).toBe(text('sw', 'changes.deadline_passed', { due_date: '2026-12-17' }));
      expect(late.body!.response.data).toEqual({ due_date: '2026-12-17' });
      const lateUpload = await dashboardUpload(cookie, 'sheha_letter');
      expect(lateUpload.status).toBe(409);
      expect(lateUpload.body.response.message).toBe(text('en', 'changes.deadline_passed', { due_date: '2026-12-17' }));
      const lateResubmit = await dashboardCall<Data>(t, 'resubmit_changes', cookie, { note: 'Late.' });
      expect(lateResubmit.status).toBe(409);
      // Nothing changed: the answers, the round's changes, the documents, the status.
      expect((await row(app.id)).answers).toEqual(answersBefore);
      expect((await row(app.id)).status).toBe('returned');
      expect((await rounds(app.id))[0]!.changes).toEqual(roundBefore.changes);
      const files = await db().selectFrom('attachment').select('id').where('application_id', '=', app.id).execute();
      expect(files.map((f) => f.id)).toEqual([app.letter]);
      // The dashboard is told the deadline has passed.
      const shown = await dashboardCall<ChangeRequestsAnswer>(t, 'get_change_requests', cookie);
      expect(shown.body!.response.data.open).toMatchObject({ due_date: '2026-12-17', overdue: true });

      // Staff extend it: the changes are taken again.
      const extended = await staff('extend_changes', { reference_number: app.reference, deadline_working_days: 5 });
      expect(extended.status).toBe(200);
      const again = cookie; // the same session, a minute old (a new sign-in would wait for its SMS code)
      expect(
        (await dashboardCall<ChangeRequestsAnswer>(t, 'get_change_requests', again)).body!.response.data.open,
      ).toMatchObject({ overdue: false });
      expect((await dashboardUpload(again, 'sheha_letter')).status).toBe(200);
      const resubmitted = await dashboardCall<Data>(t, 'resubmit_changes', again, { note: 'Both changes made.' });
      expect(resubmitted.status).toBe(200);
    });

    it('tells the officer who asked, by SMS in Swahili and English, when the deadline has passed (once)', async () => {
      fakeDate(new Date('2026-12-02T06:00:00Z'));
      const officer = await addStaff(t, 'officer', { factor: 'sms' });
      const cookie = await staffSignIn(t, officer);
      const app = await application(newPerson('821'));
      const returned = await staff(
        'return_for_changes',
        { reference_number: app.reference, requests: [REQUESTS[0]], deadline_working_days: 10 },
        { cookie },
      );
      expect(returned.status).toBe(200);
      const toOfficer = async () =>
        (await smsTo(officer.phone!)).filter((sms) => sms.purpose === 'changes_overdue_officer');
      await t.app.changeDeadlines.run(new Date('2026-12-17T06:00:00Z'));
      expect(await toOfficer()).toEqual([]);
      await t.app.changeDeadlines.run(new Date('2026-12-18T06:00:00Z'));
      await t.app.changeDeadlines.run(new Date('2026-12-19T06:00:00Z'));
      const [sms, ...more] = await toOfficer();
      expect(more).toEqual([]);
      expect(sms!.message).toContain(app.reference);
      expect(sms!.message).toContain(
        text('sw', 'changes.sms_overdue_officer', { reference_number: app.reference, due_date: '2026-12-17' }),
      );
      expect(sms!.message).toContain(
        text('en', 'changes.sms_overdue_officer', { reference_number: app.reference, due_date: '2026-12-17' }),
      );
      expect(sms!.message).toMatch(/^[\x20-\x7e\n]+$/);
      expect(sms!.message.length).toBeLessThanOrEqual(306);
    });
  });

  describe('public holidays', () => {
    it('lists the seeded holidays, adds one (409 twice) and removes it (404 when none)', async () => {
      const listed = await staff('list_holidays', { year: 2027 });
      const dates = (listed.data.items as { date: string; expected: boolean }[]).map((h) => h.date);
      expect(dates).toEqual(expect.arrayContaining(['2027-01-12', '2027-04-07', '2027-03-26', '2027-12-09']));
      expect(
        (listed.data.items as { date: string; expected: boolean }[]).find((h) => h.date === '2027-03-10'),
      ).toMatchObject({ expected: true });
      const body = { date: '2027-11-03', name_en: 'A day of mourning', name_sw: 'Siku ya maombolezo' };
      expect((await staff('add_holiday', body)).status).toBe(200);
      expect((await staff('add_holiday', body)).status).toBe(409);
      expect((await staff('add_holiday', { ...body, date: '2027-02-30' })).status).toBe(422);
      expect((await staff('remove_holiday', { date: '2027-11-03' })).status).toBe(200);
      expect((await staff('remove_holiday', { date: '2027-11-03' })).status).toBe(404);
    });
  });
});
