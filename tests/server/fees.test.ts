import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMAS_DIR } from '../../src/server/app';
import { createAjv } from '../../src/shared/forms';
import { estimateFee, feeEstimateAnswerSchema, type FeeEstimateAnswer } from '../../src/shared/api/fees';
import type { DashboardApplication } from '../../src/shared/dashboard';
import type { Splash } from '../../src/shared/reference-data';
import { buildingSteps, draft, engineerProofs, personal, sample, stored } from './application-fixtures';
import { createTestApp, databaseKinds, post, type Envelope, type TestApp } from './helpers';
import { applicationIn, dashboardCall, newPerson, signIn } from './signed-in-fixtures';

// Issue 19, item 2: the fee estimate from the application's own forms version, for the draft's owner
// before Submit, the signed-in applicant's dashboard and staff; a new published schedule changes the
// estimates of new drafts.

const TOKEN = 'staff-token-for-the-fees-tests-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };
const validAnswer = createAjv().compile(feeEstimateAnswerSchema);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe.each(databaseKinds)('fee estimates (%s)', (kind) => {
  let t: TestApp;
  let dir: string;
  let splash: Splash;

  const estimate = async (reference: string, options: { asStranger?: boolean } = {}) =>
    post<Envelope<FeeEstimateAnswer>>(t.app, estimateFee.path, { reference_number: reference }, {}, options);
  const dataOf = (res: { body?: Envelope<FeeEstimateAnswer> | undefined }) => {
    const data = res.body!.response.data;
    expect(validAnswer(data), JSON.stringify(validAnswer.errors)).toBe(true);
    return data;
  };
  /** Edits the schedule of the folder the server publishes (reload_forms) and publishes it. */
  async function publishFees(change: (fees: Json) => void, reason: string): Promise<void> {
    const file = path.join(dir, 'fees.json');
    const fees = JSON.parse(readFileSync(file, 'utf8')) as Json;
    change(fees);
    writeFileSync(file, JSON.stringify(fees));
    const res = await post(t.app, '/api/staff/reload_forms', { reason }, auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kibali-fees-'));
    cpSync(SCHEMAS_DIR, dir, { recursive: true });
    t = await createTestApp({ STAFF_API_TOKEN: TOKEN, DEV_TOOLS: true }, { kind, formsDir: dir, engineerProofs });
    splash = (await post<Envelope<Splash>>(t.app, '/api/splash/get_splash', {})).body!.response.data;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the owner of a draft its estimate with the lines, in both languages', async () => {
    const reference = await draft(t, 'special', [
      ['personal', personal()],
      ['special_plot', { ...sample('special_plot ok'), area_m2: 600 }],
    ]);
    const res = await estimate(reference);
    expect(res.status).toBe(200);
    const data = dataOf(res);
    expect(data.missing).toBeNull();
    expect(data.estimate).toMatchObject({ currency: 'TZS', total_tzs: 110_000, exemption: null });
    expect(data.estimate!.lines.map((l) => [l.kind, l.quantity, l.rate_tzs, l.amount_tzs])).toEqual([
      ['base', 1, 50_000, 50_000],
      ['area', 600, 100, 60_000],
    ]);
    expect(data.estimate!.lines[0]!.name).toEqual({ en: 'Application fee', sw: 'Ada ya maombi' });
  });

  it('charges a new building by its use, floor area and storeys; exempts a government one', async () => {
    const steps = buildingSteps(splash, 3);
    const reference = await draft(t, 'new', steps);
    const data = dataOf(await estimate(reference));
    const use = steps[2]![1].current_land_use as string;
    const area = (await stored(t, reference)).answers.construction_details as Json;
    const rates = (JSON.parse(readFileSync(path.join(SCHEMAS_DIR, 'fees.json'), 'utf8')) as Json).types.new.area.rates;
    const expected = Math.ceil((50_000 + Math.round(area.total_area_m2 * rates[use]) + 50_000) / 1000) * 1000;
    expect(data.estimate!.total_tzs).toBe(Math.max(expected, 100_000));
    expect(data.estimate!.lines.find((l) => l.kind === 'storeys')).toMatchObject({ quantity: 1, rate_tzs: 50_000 });

    const government = await draft(t, 'government', steps);
    const exempt = dataOf(await estimate(government));
    expect(exempt.estimate!.total_tzs).toBe(0);
    expect(exempt.estimate!.exemption!.sw).toMatch(/Serikali/);
  });

  it('says which answer is missing before there can be an estimate', async () => {
    const reference = await draft(t, 'new', [['personal', personal()]]);
    const data = dataOf(await estimate(reference));
    expect(data.estimate).toBeNull();
    expect(data.missing).toMatchObject({ reason: 'missing_answer', answer: 'construction_details.total_area_m2' });
    expect((data.missing as { question: { sw: string } }).question.sw).toMatch(/eneo la sakafu/);
  });

  it('attack: a stranger with the reference number alone reads nothing (404, as for an unknown number)', async () => {
    const reference = await draft(t, 'repair', [['personal', personal()]]);
    const stranger = await estimate(reference, { asStranger: true });
    const unknown = await estimate('ZZZZZ-ZZZZZ', { asStranger: true });
    expect(stranger.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(stranger.body!.response.message).toBe(unknown.body!.response.message);
    expect(JSON.stringify(stranger.body)).not.toMatch(/total_tzs|TZS/);
  });

  it('refuses a body that is not a reference number (400), and reads nothing', async () => {
    const res = await post(t.app, estimateFee.path, { reference_number: "x'; --" });
    expect(res.status).toBe(400);
    const extra = await post(t.app, estimateFee.path, { reference_number: 'ZZZZZ-ZZZZZ', answers: {} });
    expect(extra.status).toBe(400);
  });

  it('shows the signed-in applicant and staff the estimate of the application’s own forms version', async () => {
    const person = newPerson('fees');
    const application = await applicationIn(t, person, 'submitted');
    const cookie = await signIn(t, application.reference, person.phone);
    const before = await dashboardCall<DashboardApplication>(t, 'get_application', cookie);
    expect(before.status).toBe(200);
    expect(before.body!.response.data.fee_estimate).toMatchObject({
      forms_version: '1',
      estimate: { total_tzs: 30_000 },
    });
    const staff = await post<Envelope<{ fee_estimate: FeeEstimateAnswer }>>(
      t.app,
      '/api/staff/get_application',
      { reference_number: application.reference },
      auth,
    );
    expect(staff.status).toBe(200);
    expect(
      dataOf({ body: { response: { ...staff.body!.response, data: staff.body!.response.data.fee_estimate } } }),
    ).toMatchObject({ estimate: { total_tzs: 30_000 } });

    // A draft saved before the new schedule keeps its version's estimate until it is continued.
    const oldDraft = await draft(t, 'repair', [['personal', personal()]]);
    await publishFees(
      (fees) => (fees.types.repair = { ...fees.types.repair, base: 45_000, minimum: 45_000 }),
      'repair fee up',
    );
    const newDraft = await draft(t, 'repair', [['personal', personal()]]);
    expect(dataOf(await estimate(newDraft)).estimate!.total_tzs).toBe(45_000);
    expect(dataOf(await estimate(oldDraft))).toMatchObject({ forms_version: '1', estimate: { total_tzs: 30_000 } });
    const after = await dashboardCall<DashboardApplication>(t, 'get_application', cookie);
    expect(after.body!.response.data.fee_estimate).toMatchObject({
      forms_version: '1',
      estimate: { total_tzs: 30_000 },
    });

    // A version without a schedule: its new drafts get no estimate, with the reason.
    rmSync(path.join(dir, 'fees.json'));
    const res = await post(t.app, '/api/staff/reload_forms', { reason: 'no fees' }, auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const unpriced = await draft(t, 'repair', [['personal', personal()]]);
    expect(dataOf(await estimate(unpriced))).toMatchObject({ estimate: null, missing: { reason: 'no_schedule' } });
    expect(dataOf(await estimate(newDraft)).estimate!.total_tzs).toBe(45_000);
  });

  it('refuses to publish a schedule with an error, and keeps serving the one before', async () => {
    cpSync(path.join(SCHEMAS_DIR, 'fees.json'), path.join(dir, 'fees.json'));
    const file = path.join(dir, 'fees.json');
    const fees = JSON.parse(readFileSync(file, 'utf8')) as Json;
    fees.types.repair.base = -5;
    writeFileSync(file, JSON.stringify(fees));
    const res = await post<Envelope>(t.app, '/api/staff/reload_forms', { reason: 'a negative fee' }, auth);
    expect(res.status).toBe(422);
    expect((res.body!.response.data as { problems: string[] }).problems).toEqual([
      expect.stringMatching(/^fees\.json line 1, column \d+: "base" of "repair" must be a whole number of shillings/),
    ]);
    const reference = await draft(t, 'repair', [['personal', personal()]]);
    expect(dataOf(await estimate(reference))).toMatchObject({ estimate: null, missing: { reason: 'no_schedule' } });
  });
});
