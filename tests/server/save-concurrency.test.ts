import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import type { Splash } from '../../src/shared/reference-data';
import {
  api,
  call,
  draft,
  personal,
  sample,
  SAVE,
  stored,
  withReferenceIds,
  type Answers,
} from './application-fixtures';
import { createTestApp, databaseKinds, post, shareDraftJar, type Envelope, type TestApp } from './helpers';

// Save And Continue writes a draft by compare-and-set (read, check, write if the revision is unchanged,
// else again): saves of one draft racing each other, from two tabs or a retrying phone, lose nothing.

describe.each(databaseKinds)('saves of one draft racing each other (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { kind });
  });
  afterAll(() => t?.close());

  const save = (reference: string, stepNumber: number, data: Answers) =>
    call(t, SAVE, { application_type: 'repair', step_number: stepNumber, data, reference_number: reference });

  it('every answered save is kept: no step written by one is lost by another, one revision per write', async () => {
    for (let round = 0; round < 3; round++) {
      const reference = await draft(t, 'repair', [['personal', personal()]]);
      const before = await stored(t, reference);

      // The repair step (new) and the personal step (rewritten) at once, six of each, each different.
      const personals = Array.from({ length: 6 }, (_, i) => ({ ...personal(), first_name: `Racer${round}${i}` }));
      const repairs = Array.from({ length: 6 }, (_, i) => ({
        ...sample('repair ok (no neighbours)'),
        repair_description: `Repaint room ${round}.${i}.`,
      }));
      const answers = await Promise.all([
        ...personals.map((data) => save(reference, 1, data).then((res) => ({ step: 'personal', data, res }))),
        ...repairs.map((data) => save(reference, 2, data).then((res) => ({ step: 'repair', data, res }))),
      ]);

      // A save may give up after being overtaken again and again: then it says so, and wrote nothing.
      for (const { res } of answers) {
        if (res.status !== 200) expect([res.status, res.data]).toEqual([409, {}]);
      }
      const saved = answers.filter(({ res }) => res.status === 200);
      expect(saved.length).toBeGreaterThanOrEqual(2);

      const row = await stored(t, reference);
      const kept = row.answers as Record<string, Answers>;
      // What is stored for each step is what one of its answered saves sent; a step that was answered
      // 200 at least once is there (a save that read the draft before it could not write over it).
      for (const step of ['personal', 'repair']) {
        const sent = saved.filter((a) => a.step === step).map((a) => a.data);
        if (sent.length === 0) continue;
        expect(sent).toContainEqual(kept[step]);
      }
      expect(Object.keys(kept).sort()).toEqual(
        saved.some((a) => a.step === 'repair') ? ['personal', 'repair'] : ['personal'],
      );
      // Each answered save wrote once, each refused one not at all.
      expect(row.revision - before.revision).toBe(saved.length);
      if (saved.some((a) => a.step === 'repair')) expect(row.step_number).toBe(2);
    }
  });

  it('a save overtaken by Submit answers 409 already_submitted and changes nothing', async () => {
    const reference = await draft(t, 'repair', [['personal', personal()]]);
    await t.database.db
      .updateTable('application')
      .set({ status: 'submitted' })
      .where('reference_number', '=', reference.replace('-', ''))
      .execute();
    const before = await stored(t, reference);
    const res = await save(reference, 2, sample('repair ok (no neighbours)'));
    expect(res.status).toBe(409);
    expect(await stored(t, reference)).toEqual(before);
  });
});

// Each server process keeps the drafts it wrote last and continues them without reading them back.
// Another process (or Submit, or staff) may have written the draft since: that copy is then stale.
describe.each(databaseKinds)('a draft written meanwhile by another server process (%s)', (kind) => {
  let t: TestApp;
  let other: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { kind });
    // A second app on the same database: what a second server process is, without the process.
    const app = await buildApp({
      config: testConfig({ STATIC_DIR: '/nonexistent' }),
      database: t.database,
    });
    other = { app, database: t.database, close: () => app.close() };
    shareDraftJar(t.app, other.app); // one browser, two server processes
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const saveOn = (on: TestApp, type: string, reference: string, stepNumber: number, data: Answers) =>
    call(on, SAVE, { application_type: type, step_number: stepNumber, data, reference_number: reference });

  it('the next save here keeps what the other wrote: nothing is written over from an old copy', async () => {
    const reference = await draft(t, 'repair', [['personal', personal()]]);
    const first = await stored(t, reference);
    const elsewhere = { ...personal(), first_name: 'Elsewhere' };
    expect((await saveOn(other, 'repair', reference, 1, elsewhere)).status).toBe(200);

    const repair = sample('repair ok (no neighbours)');
    expect((await saveOn(t, 'repair', reference, 2, repair)).status).toBe(200);
    const row = await stored(t, reference);
    expect(row.answers).toEqual({ personal: elsewhere, repair });
    expect(row.revision - first.revision).toBe(2);

    // And again here, right after its own write: its copy is current, the answer the same.
    const repaired = { ...repair, repair_description: 'Repaint the front room.' };
    expect((await saveOn(t, 'repair', reference, 2, repaired)).status).toBe(200);
    expect((await stored(t, reference)).answers).toEqual({ personal: elsewhere, repair: repaired });
  });

  it('a step that only an old copy would refuse (out of order there) is saved', async () => {
    const splash = (await post<Envelope<Splash>>(t.app, '/api/splash/get_splash', {})).body!.response.data;
    const passport = sample('personal ok (passport)');
    const reference = await draft(t, 'special', [['personal', passport]]);
    expect((await saveOn(other, 'special', reference, 2, sample('special_plot ok'))).status).toBe(200);

    // This process's copy has no special_plot step: the building details would be out of order in it.
    const details = withReferenceIds('building_details', sample('building_details ok'), splash);
    const res = await saveOn(t, 'special', reference, 3, details);
    expect([res.status, res.data.step_number]).toEqual([200, 4]);
    const row = await stored(t, reference);
    expect(row.answers).toEqual({
      personal: passport,
      special_plot: sample('special_plot ok'),
      building_details: details,
    });
    expect(row.step_number).toBe(3);
  });

  it('a draft submitted elsewhere is not written here from the copy: 409 already_submitted, nothing changed', async () => {
    const reference = await draft(t, 'repair', [['personal', personal()]]);
    await t.database.db
      .updateTable('application')
      .set({ status: 'submitted', revision: sql`revision + 1` })
      .where('reference_number', '=', reference.replace('-', ''))
      .execute();
    const before = await stored(t, reference);
    const res = await saveOn(t, 'repair', reference, 2, sample('repair ok (no neighbours)'));
    expect(res.status).toBe(409);
    expect(res.message).toBe(api.en.already_submitted);
    expect(await stored(t, reference)).toEqual(before);
  });
});
