import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../src/shared/dashboard';
import { SERVICE_STANDARD_DAYS } from '../../src/shared/service-standards';
import { createTestApp, databaseKinds, post, type Envelope, type TestApp } from './helpers';
import { applicationIn, dashboardCall, newPerson, signIn } from './signed-in-fixtures';
import { addStaff, staffSignIn, type TestStaff } from './staff-fixtures';

// The officers' own safety and the applicant's trust (issue 33, item 9): every time the unit's staff
// open an application's personal data it is recorded (who, in which role, when); the applicant's
// dashboard lists which roles looked and when, never who; nothing else counts as a look.

const TOKEN = 'staff-views-integration-token-0123456789';

interface Looks {
  staff_views: { role: string; at: string }[];
}

describe.each(databaseKinds)('staff looks at an application (%s)', (kind) => {
  let t: TestApp;
  let officer: TestStaff;
  let officerCookie = '';
  const person = newPerson('81');
  let reference = '';
  let other = '';
  let applicantCookie = '';

  beforeAll(async () => {
    t = await createTestApp({ STAFF_API_TOKEN: TOKEN }, { kind });
    officer = await addStaff(t, 'officer', { name: 'Zuhura Officer' });
    officerCookie = await staffSignIn(t, officer);
    reference = (await applicationIn(t, person, 'under_review')).reference;
    other = (await applicationIn(t, newPerson('82'), 'under_review')).reference;
    applicantCookie = await signIn(t, reference, person.phone);
  }, 120_000);
  afterAll(() => t?.close());

  const looks = async () =>
    (await dashboardCall<Looks>(t, 'get_application', applicantCookie)).body!.response.data.staff_views;
  const staff = (body: unknown, headers: Record<string, string>) =>
    post<Envelope<unknown>>(t.app, '/api/staff/get_application', body, headers);

  it('lists none before anyone at the unit opened it; the applicant’s own reads and the queue are not looks', async () => {
    expect(await looks()).toEqual([]);
    await post(t.app, '/api/staff/list_applications', { search: reference }, { cookie: officerCookie });
    await staff({ reference_number: other }, { cookie: officerCookie });
    expect(await looks()).toEqual([]);
  });

  it('records each opening with its role and time, newest first, and shows the applicant the role, never the name', async () => {
    const before = Date.now();
    expect((await staff({ reference_number: reference }, { cookie: officerCookie })).status).toBe(200);
    expect((await staff({ reference_number: reference }, { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    const seen = await looks();
    expect(seen.map((look) => look.role)).toEqual(['integration', 'officer']);
    for (const look of seen) expect(Date.parse(look.at)).toBeGreaterThanOrEqual(before - 1000);
    const answer = JSON.stringify((await dashboardCall(t, 'get_application', applicantCookie)).body);
    expect(answer).not.toContain(officer.name);
    expect(answer).not.toContain(officer.login);
    // The unit keeps who.
    const rows = await t.database.db.selectFrom('staff_view').selectAll().orderBy('id').execute();
    expect(rows.map((row) => [row.by_kind, row.by_name, row.role])).toEqual([
      ['staff', officer.name, 'officer'],
      ['staff', officer.name, 'officer'],
      ['integration', 'integration', 'integration'],
    ]);
  });

  it('a refused look (no role, unknown application) records nothing', async () => {
    const count = async () => (await t.database.db.selectFrom('staff_view').select('id').execute()).length;
    const n = await count();
    expect((await staff({ reference_number: reference }, {})).status).toBe(401);
    expect((await staff({ reference_number: 'ZZZZZ-ZZZZZ' }, { cookie: officerCookie })).status).toBe(404);
    expect(await count()).toBe(n);
  });

  it('the applicant sees since when the application is at its stage and by when a decision is expected', async () => {
    type Clock = { stage_since: string; expected_decision: string | null; status: string };
    const clock = async () => (await dashboardCall<Clock>(t, 'get_application', applicantCookie)).body!.response.data;
    const holidays = new Set(
      (await t.database.db.selectFrom('public_holiday').select('date').execute()).map((row) => row.date),
    );
    /** The oracle: `count` weekdays that are not holidays after `from`. */
    const after = (from: string, count: number) => {
      let day = new Date(`${from}T00:00:00Z`);
      for (let left = count; left > 0;) {
        day = new Date(day.getTime() + 86_400_000);
        const iso = day.toISOString().slice(0, 10);
        if (![0, 6].includes(day.getUTCDay()) && !holidays.has(iso)) left -= 1;
      }
      return day.toISOString().slice(0, 10);
    };
    const now = await clock();
    const arrived = todayIso(new Date(now.stage_since));
    expect(now.status).toBe('under_review');
    expect(now.expected_decision).toBe(after(arrived, SERVICE_STANDARD_DAYS.under_review!));
    // Decided: nothing more is expected; its stage starts now.
    const moved = await post(
      t.app,
      '/api/staff/set_status',
      { reference_number: reference, status: 'approved' },
      { cookie: officerCookie },
    );
    expect(moved.status).toBe(200);
    const decided = await clock();
    expect(decided.expected_decision).toBeNull();
    expect(Date.now() - Date.parse(decided.stage_since)).toBeLessThan(60_000);
  });
});
