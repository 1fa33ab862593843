import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FormsSet } from '../../src/shared/forms';
import { formsSetProblems } from '../../src/shared/forms-check/set-check';
import { placeProblems } from '../../src/shared/studio';
import { readFormsFolder } from '../../src/server/forms/check/read-folder';
import { DRAFT_CHECK_DEADLINE_MS, DraftChecks } from '../../src/server/studio/draft-checks';
import { DraftProblems } from '../../src/server/studio/draft-problems';

// Issue 31, item 4: the studio's check compiled every step of the draft on every call with one ajv
// that kept all it compiled. Now each step is compiled once per change, by a validator that goes with
// the check, and a long option list is checked in linear time.

let set: FormsSet;
beforeAll(async () => {
  set = (await readFormsFolder('schemas')).set as FormsSet;
});

/** The set with one more option list in the construction step. */
function withList(base: FormsSet, values: unknown[]): FormsSet {
  const copy = structuredClone(base);
  const schema = copy.steps.construction!.schema as { properties: Record<string, unknown> };
  schema.properties.listed = { type: 'string', title: 'construction.title', maxLength: 32, enum: values };
  return copy;
}

describe("the studio's check of its draft", () => {
  it('compiles a step once per change of it, and answers what a whole check answers', () => {
    const checker = new DraftProblems();
    const steps = Object.keys(set.steps).length;
    expect(checker.problems(JSON.stringify(set))).toEqual(placeProblems(set, formsSetProblems(set)));
    expect(checker.stepsChecked).toBe(steps);
    checker.problems(JSON.stringify(set));
    expect(checker.stepsChecked).toBe(steps);
    // One step changes (with a mistake): only it is compiled again, and its problem is told.
    const changed = withList(set, ['a', 'b', 'a']);
    const problems = checker.problems(JSON.stringify(changed));
    expect(checker.stepsChecked).toBe(steps + 1);
    expect(problems).toEqual(placeProblems(changed, formsSetProblems(changed)));
    expect(problems).toContainEqual(
      expect.objectContaining({ code: 'schema_value_invalid', step: 'construction', field: 'listed' }),
    );
  });

  it('finds a repeated value of a 20,000-option list (checked in linear time)', () => {
    const values = Array.from({ length: 20_000 }, (_, i) => `o${i}`);
    expect(formsSetProblems(withList(set, values)).filter((p) => p.severity === 'error')).toEqual([]);
    const repeated = formsSetProblems(withList(set, [...values, 'o17']));
    expect(repeated).toContainEqual(
      expect.objectContaining({
        code: 'schema_value_invalid',
        file: 'steps/construction.schema.json',
        path: ['properties', 'listed', 'enum'],
        params: expect.objectContaining({ word: 'enum' }) as unknown,
      }),
    );
    // Other mistakes of the step are still told by the meta-schema.
    const wrong = withList(set, values);
    (
      wrong.steps.construction!.schema as { properties: Record<string, Record<string, unknown>> }
    ).properties.listed!.maxLength = -1;
    expect(formsSetProblems(wrong)).toContainEqual(
      expect.objectContaining({ code: 'schema_value_invalid', path: ['properties', 'listed', 'maxLength'] }),
    );
  });

  it('keeps nothing of what it compiled: checks of 150 new drafts leave the heap as it was', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const heapAfterGc = () => {
      gc();
      gc();
      return process.memoryUsage().heapUsed;
    };
    // Each check sees the set as a new object (as each studio call reads it from the database).
    const check = () => formsSetProblems(JSON.parse(JSON.stringify(set)) as FormsSet);
    for (let i = 0; i < 5; i++) check();
    const before = heapAfterGc();
    for (let i = 0; i < 150; i++) check();
    // Today's checker kept ~0.6 MB per check (tens of MB here), for the life of the process.
    const grownMb = (heapAfterGc() - before) / 1_000_000;
    expect(grownMb, `${grownMb} MB`).toBeLessThan(10);
  }, 300_000);
});

// Review of issue 31: the check worker had no deadline. One worker checks one draft after another and
// the last check's promise is kept, so a check that never ended held every later get_draft and publish.
describe("the studio's check worker", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fails a check past its deadline, ends its worker, and checks the next draft in a new one', async () => {
    // The clock is the test's: the deadline passes before the worker can answer anything.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const checks = new DraftChecks();
    try {
      const big = JSON.stringify(
        withList(
          set,
          Array.from({ length: 20_000 }, (_, i) => `o${i}`),
        ),
      );
      const stuck = checks.problems(big);
      const behind = checks.problems(JSON.stringify(set));
      vi.advanceTimersByTime(DRAFT_CHECK_DEADLINE_MS);
      // The check first asked fails (the service answers 503 studio.check_failed); the one waiting
      // behind it had its own deadline, which has passed too.
      await expect(stuck).rejects.toThrow(/longer than 30000 ms/);
      await expect(behind).rejects.toThrow(/longer than 30000 ms/);
      // The same draft asked again is checked anew (not the failed promise kept), in a new worker.
      const again = checks.problems(big);
      const next = checks.problems(JSON.stringify(set));
      await expect(next).resolves.toEqual(placeProblems(set, formsSetProblems(set)));
      await expect(again).resolves.toEqual([]);
    } finally {
      await checks.close();
    }
  }, 120_000);

  it('asks a check waiting behind an overdue one again, of a new worker, within its own deadline', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const checks = new DraftChecks(1000);
    try {
      const stuck = checks.problems(JSON.stringify(withList(set, ['a'])));
      vi.advanceTimersByTime(600);
      const behind = checks.problems(JSON.stringify(set));
      vi.advanceTimersByTime(400);
      await expect(stuck).rejects.toThrow(/longer than 1000 ms/);
      await expect(behind).resolves.toEqual(placeProblems(set, formsSetProblems(set)));
    } finally {
      await checks.close();
    }
  }, 120_000);
});
