import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatReferenceNumber, newReferenceNumber } from '../../src/server/applications/reference-number';
import { todayIso } from '../../src/shared/dashboard';
import { SERVICE_STANDARD_DAYS } from '../../src/shared/service-standards';
import { addCalendarDays } from '../../src/shared/working-days';
import { createTestApp, databaseKinds, post, type Envelope, type TestApp } from './helpers';

// The officers' work queue (issue 33, item 1) over list_applications: the search box finds an
// application by its reference number, the applicant's name, phone (any way written) or ID number; each
// row says since when it is at its stage and how many working days that is (weekends and Zanzibar's
// holidays skipped) against the stage's service standard; `overdue` lists only those over it.

const TOKEN = 'office-queue-token-for-tests-0123456789';
const AUTH = { authorization: `Bearer ${TOKEN}` };

interface Item {
  reference_number: string;
  status: string;
  stage_since: string;
  days_at_stage: number;
  standard_days: number | null;
  over: boolean;
}
interface Page {
  items: Item[];
  total: number;
}

describe.each(databaseKinds)('the officers’ queue (%s)', (kind) => {
  let t: TestApp;
  const family = `Queue${randomUUID().slice(0, 8)}`;
  const today = todayIso();
  /** Two whole weeks before today: (since, today] holds exactly ten weekdays. */
  const twoWeeksAgo = addCalendarDays(today, -14);
  /** A weekday inside those two weeks, made a holiday by the test. */
  const holiday = [1, 2, 3, 4, 5, 6, 7]
    .map((n) => addCalendarDays(twoWeeksAgo, n))
    .find((d) => {
      const weekday = new Date(`${d}T00:00:00Z`).getUTCDay();
      return weekday !== 0 && weekday !== 6;
    })!;
  const apps: Record<string, { id: number; reference: string }> = {};

  beforeAll(async () => {
    t = await createTestApp({ STAFF_API_TOKEN: TOKEN }, { kind });
    const db = t.database.db;
    await db
      .insertInto('public_holiday')
      .values({ date: holiday, name_en: 'Test holiday', name_sw: 'Sikukuu ya majaribio', created_by: 'test' })
      .onConflict((c) => c.column('date').doNothing())
      .execute();
    const insert = async (name: string, status: string, phone: string, idNumber: string | null) => {
      const reference = newReferenceNumber();
      const row = await db
        .insertInto('application')
        .values({
          reference_number: reference,
          application_type: 'repair',
          status,
          step_number: 3,
          answers: JSON.stringify({ personal: { first_name: name, last_name: family } }),
          phone,
          id_number: idNumber,
          language: 'en',
          // Submitted two weeks ago: it reached its first stage then (as a submit writes it).
          submitted_at: new Date(`${twoWeeksAgo}T06:00:00Z`),
          stage_since: new Date(`${twoWeeksAgo}T06:00:00Z`),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      apps[name] = { id: row.id, reference: formatReferenceNumber(reference) };
      return row.id;
    };
    /** The application moved to its stage at 09:00 in Zanzibar on `day` (as a move writes it). */
    const moved = (id: number, _status: string, day: string) =>
      db
        .updateTable('application')
        .set({ stage_since: new Date(`${day}T06:00:00Z`) })
        .where('id', '=', id)
        .execute();
    const round = (id: number, due: string) =>
      db
        .insertInto('change_round')
        .values({ application_id: id, number: 1, requests: '[]', remark: null, due_date: due, status: 'open' })
        .execute();

    // Submitted two weeks ago and not yet looked at: over its standard.
    await insert('Late', 'submitted', '+255 777 100 201', '123456789');
    // Under review since two weeks ago: within its standard.
    const reviewed = await insert('Reviewed', 'under_review', '+255 777 100 202', null);
    await moved(reviewed, 'under_review', twoWeeksAgo);
    // Submitted today: 0 working days.
    const fresh = await insert('Fresh', 'submitted', '+255 777 100 203', null);
    await moved(fresh, 'submitted', today);
    // Returned, its changes past their deadline; and returned, still in time.
    const overdue = await insert('Overdue', 'returned', '+255 777 100 204', null);
    await moved(overdue, 'returned', twoWeeksAgo);
    await round(overdue, addCalendarDays(today, -1));
    const returned = await insert('Returned', 'returned', '+255 777 100 205', null);
    await moved(returned, 'returned', twoWeeksAgo);
    await round(returned, addCalendarDays(today, 5));
    // A permit issued: no standard, never over.
    const issued = await insert('Issued', 'permit_issued', '+255 777 100 206', 'ZAN12345');
    await moved(issued, 'permit_issued', twoWeeksAgo);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  async function list(body: Record<string, unknown>): Promise<Page> {
    const res = await post<Envelope<Page>>(t.app, '/api/staff/list_applications', body, AUTH);
    expect(res.status).toBe(200);
    return res.body!.response.data;
  }
  const names = (page: Page) =>
    page.items.map((item) => Object.keys(apps).find((name) => apps[name]!.reference === item.reference_number));
  const row = async (name: string) => (await list({ search: apps[name]!.reference })).items[0]!;

  it('finds an application by the applicant’s phone however it is written, and by the ID number', async () => {
    for (const phone of ['0777 100 202', '+255777100202', '777-100-202'])
      expect(names(await list({ search: phone }))).toEqual(['Reviewed']);
    expect(names(await list({ search: '123 456 789' }))).toEqual(['Late']);
    expect(names(await list({ search: 'zan12345' }))).toEqual(['Issued']);
  });

  it('finds it by part of the name and by the reference number’s beginning', async () => {
    expect(names(await list({ search: `overdue ${family}` }))).toEqual(['Overdue']);
    const reference = apps.Fresh!.reference;
    expect(names(await list({ search: reference.slice(0, 7) }))).toContain('Fresh');
    expect(names(await list({ search: reference }))).toEqual(['Fresh']);
  });

  it('counts the working days at the stage from its latest move, weekends and holidays skipped', async () => {
    // (two weeks ago, today] holds ten weekdays, one of them the test's holiday; and any other holiday
    // on a weekday there (the seeded ones).
    const holidays = await t.database.db
      .selectFrom('public_holiday')
      .select('date')
      .where('date', '>', twoWeeksAgo)
      .where('date', '<=', today)
      .execute();
    const weekdayHolidays = holidays.filter((h) => ![0, 6].includes(new Date(`${h.date}T00:00:00Z`).getUTCDay()));
    expect(weekdayHolidays.map((h) => h.date)).toContain(holiday);
    const expected = 10 - weekdayHolidays.length;

    const reviewed = await row('Reviewed');
    expect(reviewed).toMatchObject({ status: 'under_review', days_at_stage: expected });
    expect(reviewed.stage_since.slice(0, 10)).toBe(twoWeeksAgo);
    expect(await row('Late')).toMatchObject({ status: 'submitted', days_at_stage: expected });
    expect(await row('Fresh')).toMatchObject({ days_at_stage: 0, over: false });
  });

  it('flags what is over its stage’s standard, and returned changes past their deadline', async () => {
    expect(await row('Late')).toMatchObject({ standard_days: SERVICE_STANDARD_DAYS.submitted, over: true });
    expect(await row('Reviewed')).toMatchObject({ standard_days: SERVICE_STANDARD_DAYS.under_review, over: false });
    expect(await row('Overdue')).toMatchObject({ standard_days: null, over: true });
    expect(await row('Returned')).toMatchObject({ standard_days: null, over: false });
    expect(await row('Issued')).toMatchObject({ standard_days: null, over: false });
  });

  it('lists only what is over when asked, with the stage filter too', async () => {
    const over = await list({ search: family, overdue: true });
    expect(names(over).sort()).toEqual(['Late', 'Overdue']);
    expect(over.total).toBe(2);
    expect(names(await list({ search: family, overdue: true, status: 'returned' }))).toEqual(['Overdue']);
    expect(names(await list({ search: family, overdue: true, status: 'under_review' }))).toEqual([]);
  });

  it('a move of the stage starts its clock again; a review of a document does not', async () => {
    const staff = (action: string, body: unknown) => post(t.app, `/api/staff/${action}`, body, AUTH);
    const reference = apps.Late!.reference;
    const attachment = await t.database.db
      .insertInto('attachment')
      .values({
        id: randomUUID(),
        application_id: apps.Late!.id,
        document_type: 'site_plan',
        mime_type: 'application/pdf',
        size: 100,
        sha256: '0'.repeat(64),
        remark: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await staff('update_attachment', { attachment_id: attachment.id, status: 'accepted' })).status).toBe(200);
    expect((await row('Late')).stage_since.slice(0, 10)).toBe(twoWeeksAgo);
    expect((await staff('set_status', { reference_number: reference, status: 'under_review' })).status).toBe(200);
    const moved = await row('Late');
    expect(moved).toMatchObject({ status: 'under_review', days_at_stage: 0, over: false });
    expect(Date.now() - Date.parse(moved.stage_since)).toBeLessThan(60_000);
  });

  it('takes the search as text, never as a pattern or SQL', async () => {
    for (const search of ['%', '_', "' or 1=1 --", '\\']) {
      const page = await list({ search });
      expect(page.total).toBe(0);
    }
  });
});
