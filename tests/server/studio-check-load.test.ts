import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StudioDraftAnswer } from '../../src/shared/api/studio';
import { createTestApp, databaseKinds, get, type TestApp } from './helpers';
import { draftNow, revisionOf, signedIn, studio, type SignedIn } from './studio-fixtures';

// Issue 31, item 4: the studio's check leaked and stalled. Every studio call checked the whole forms set
// on the event loop with one ajv that kept every schema it compiled (~1 MB a call, never given back), and
// a step with a 20,000-option list held the server for seconds on every call, /healthz included, by the
// lowest studio role. The check now runs in a worker thread, each item compiled once per change.

/**
 * The memory 1,000 get_draft calls may add, measured after a full garbage collection: the code before
 * kept ~0.3 MB a call (RSS +300 MB, heap +216 MB here; now +19 and +1), for the life of the process.
 * The RSS also holds the check worker's heap, which this process's collection does not reach and which
 * the worker's own collector lets grow before it collects: +148 MB once (Node 24, CI, the heap +0.8 MB).
 * The heap's limit catches a leak on the event loop; the RSS's one a leak of the old size in the worker.
 */
const RSS_GROWTH_MAX_MB = 200;
const HEAP_GROWTH_MAX_MB = 30;

/** The process's memory once the garbage is collected (RSS, and the JavaScript heap in use). */
function memoryAfterGc(): { rss: number; heap: number } {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss: rss / 1_000_000, heap: heapUsed / 1_000_000 };
}

describe.each(databaseKinds)("the studio's check, on %s", (kind) => {
  let t: TestApp;
  let editor: SignedIn;

  beforeAll(async () => {
    t = await createTestApp({}, { kind });
    // The lowest role that may call the studio.
    editor = await signedIn(t, 'policy_editor', 'Asha Editor');
  }, 120_000);
  afterAll(() => t?.close());

  it('keeps the server’s memory flat over 1,000 get_draft calls', async () => {
    await studio(t, editor, 'discard_draft');
    for (let i = 0; i < 20; i++) await draftNow(t, editor);
    const before = memoryAfterGc();
    for (let i = 0; i < 1000; i++) {
      const res = await studio<StudioDraftAnswer>(t, editor, 'get_draft');
      expect(res.status).toBe(200);
    }
    const after = memoryAfterGc();
    const grown = `RSS +${after.rss - before.rss} MB, heap +${after.heap - before.heap} MB`;
    expect(after.rss - before.rss, grown).toBeLessThan(RSS_GROWTH_MAX_MB);
    expect(after.heap - before.heap, grown).toBeLessThan(HEAP_GROWTH_MAX_MB);
  }, 600_000);

  it('answers /healthz while a step with a 20,000-option list is being checked', async () => {
    await studio(t, editor, 'discard_draft');
    const draft = await draftNow(t, editor);
    const step = draft.draft.set.steps.construction!;
    // A value of its own each run: the worker's check of each item is kept by its content.
    const mark = `${kind}${Date.now().toString(36)}`;
    const schema = {
      ...step.schema,
      properties: {
        ...(step.schema.properties as object),
        big_list: {
          type: 'string',
          title: 'construction.title',
          maxLength: 32,
          enum: [mark, ...Array.from({ length: 19_999 }, (_, i) => `o${i}`)],
        },
      },
    };
    const revision = draft.draft.revision;
    let answered = false;
    const heavy = studio<StudioDraftAnswer>(t, editor, 'save_step', {
      step: 'construction',
      base: revisionOf(draft, 'step:construction'),
      schema,
      ui_schema: step.uiSchema,
    }).finally(() => (answered = true));
    // The save is written before its answer's check starts: from then on the check is under way.
    await vi.waitFor(
      async () => {
        if (answered) return;
        const row = await t.database.db.selectFrom('studio_draft').select('revision').executeTakeFirstOrThrow();
        expect(row.revision).toBeGreaterThan(revision);
      },
      { timeout: 60_000, interval: 5 },
    );
    const health = await get(t.app, '/healthz');
    expect(health.status).toBe(200);
    // /healthz answered while the save's check was still running (its answer carries the check's problems).
    const stillChecking = !answered;
    const saved = await heavy;
    expect(saved.status, JSON.stringify(saved.body).slice(0, 500)).toBe(200);
    expect(stillChecking).toBe(true);
    expect(saved.body!.response.data.draft.set.steps.construction!.schema.properties).toHaveProperty('big_list');
    // The same draft read again answers the same problems.
    const again = await draftNow(t, editor);
    expect(again.problems).toEqual(saved.body!.response.data.problems);
  }, 180_000);
});
