import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, draft, personal, sample, SAVE, stored, type Answers } from './application-fixtures';
import { createTestApp, databaseKinds, type TestApp } from './helpers';

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
