import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SCHEMAS_DIR } from '../../src/server/app';
import { formsContentHash } from '../../src/server/forms/form-registry';
import { readFormsFolder } from '../../src/server/forms/check/read-folder';
import type { FormsSet } from '../../src/shared/forms';
import { FormsVersionsRepository } from '../../src/server/forms/forms-versions-repository';
import { MAX_ANSWER_DEPTH } from '../../src/shared/answer-bounds';
import { personal, sample, SAVE, validation } from './application-fixtures';
import { createTestApp, databaseKinds, post, type TestApp } from './helpers';
import type { StudioDraftAnswer, StudioProblem } from '../../src/shared/api/studio';
import {
  draftNow,
  permitNumberQuestion,
  revisionOf,
  saveQuestion,
  signedIn,
  studio,
  type SignedIn,
} from './studio-fixtures';

// Issue 31, item 1: a form policy staff publish cannot freeze the server. Written as the attacks: a
// "words separated by spaces" pattern (one hostile answer of 31 characters held the server 18 s),
// uniqueItems over a table of 10,000 rows, a $ref that leads back to itself (a deep answer was a 500).
// Published through reload_forms, the publisher of forms:import; the studio's publish runs the same
// checker (FormRegistry.publish → fullFormsCheck).

const TOKEN = 'costly-forms-token';
const auth = { authorization: `Bearer ${TOKEN}` };
const WORDS = '^([a-zA-Z0-9]+\\s?)+$';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const repairFile = (dir: string) => path.join(dir, 'steps/repair.schema.json');
const original = readFileSync(repairFile(SCHEMAS_DIR), 'utf8');

/** The repair step's street_village field replaced by `field` (the rest of the forms as shipped). */
function repairWith(dir: string, field: Json, extra: Json = {}): void {
  const schema = JSON.parse(original) as Json;
  schema.properties.street_village = { title: 'repair.street_village.title', ...field };
  Object.assign(schema, extra);
  writeFileSync(repairFile(dir), JSON.stringify(schema, null, 2));
}

/** A nested list as deep as `depth`, as JSON text: [[[…]]] (too deep for JSON.stringify's own stack). */
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** A list of lists, each holding more of itself: every level validated by the validator calling itself. */
const PLACES = {
  field: { $ref: '#/definitions/place' },
  extra: {
    definitions: {
      place: {
        type: 'array',
        title: 'repair.street_village.title',
        maxItems: 5,
        items: { $ref: '#/definitions/place' },
      },
    },
  },
};

// A publish renders every step of every flow (the smoke render): seconds, more on a busy machine.
describe.each(databaseKinds)('a published form cannot freeze the server, on %s', { timeout: 120_000 }, (kind) => {
  let dir: string;
  let t: TestApp;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kibali-costly-'));
    cpSync(SCHEMAS_DIR, dir, { recursive: true });
    t = await createTestApp({ STAFF_API_TOKEN: TOKEN }, { kind, formsDir: dir, formsRecheckMs: 0 });
    // The first start checks the folder whole, with the smoke render of every step: long on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => writeFileSync(repairFile(dir), original));

  const reload = () =>
    post<{ response: { code: number; data: { problems?: string[]; version?: string } } }>(
      t.app,
      '/api/staff/reload_forms',
      { reason: 'costly forms' },
      auth,
    );
  const latest = async () =>
    (
      await t.database.db
        .selectFrom('forms_version')
        .select((eb) => eb.fn.max('version').as('v'))
        .executeTakeFirst()
    )?.v;

  /** Publishes the folder and expects it refused with a problem of the repair step saying `words`. */
  async function refused(words: string) {
    const before = await latest();
    const res = await reload();
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    const problems = res.body!.response.data.problems ?? [];
    expect(problems.filter((line) => line.startsWith('steps/repair.schema.json') && line.includes(words))).toHaveLength(
      1,
    );
    expect(await latest()).toBe(before);
  }

  /** A repair draft with its personal step saved: its reference number. */
  async function repairDraft(): Promise<string> {
    const first = await post<{ response: { data: { reference_number: string } } }>(t.app, SAVE, {
      application_type: 'repair',
      step_number: 1,
      data: personal(),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    return first.body!.response.data.reference_number;
  }

  /** Saves the repair step with `street` as its street_village; `raw` is that answer as JSON text. */
  const saveRepair = (reference: string, street: unknown, raw?: string) => {
    const body = JSON.stringify({
      application_type: 'repair',
      step_number: 2,
      data: { ...sample('repair ok (affects neighbours)'), street_village: raw === undefined ? street : '(raw)' },
      reference_number: reference,
    });
    return post<{ response: { code: number; data: { errors?: { path: string; message: string }[] } } }>(
      t.app,
      SAVE,
      raw === undefined ? body : body.replace('"(raw)"', raw),
    );
  };

  it('the words pattern with no maxLength, or with a long one, is refused at publish', async () => {
    repairWith(dir, { type: 'string', minLength: 1, pattern: WORDS });
    await refused('a text with a "pattern" needs a "maxLength" of at most 200 characters');
    repairWith(dir, { type: 'string', minLength: 1, maxLength: 1000, pattern: WORDS });
    await refused('a text with a "pattern" needs a "maxLength" of at most 200 characters');
  });

  it('a pattern with a lookahead or a backreference (no linear engine runs them) is refused at publish', async () => {
    repairWith(dir, { type: 'string', minLength: 1, maxLength: 200, pattern: '^(?=.*[a-z])([a-z]+ ?)+$' });
    await refused('this pattern cannot be checked in a time that grows only with the answer');
    repairWith(dir, { type: 'string', minLength: 1, maxLength: 200, pattern: '^(\\w+) \\1$' });
    await refused('this pattern cannot be checked in a time that grows only with the answer');
  });

  it('uniqueItems over the rows of a table of 10,000 is refused at publish', async () => {
    repairWith(dir, {
      type: 'array',
      maxItems: 10_000,
      uniqueItems: true,
      items: { type: 'object', properties: { name: { type: 'string', maxLength: 200 } } },
    });
    await refused('"uniqueItems" is only for a list of single values');
  });

  it('a $ref that leads back to itself is refused at publish', async () => {
    repairWith(dir, PLACES.field, PLACES.extra);
    await refused('leads back to itself');
  });

  it('the words pattern with a short maxLength is published, and runs on RE2: a hostile answer is answered, a good one saved', async () => {
    repairWith(dir, { type: 'string', minLength: 1, maxLength: 200, pattern: WORDS });
    const res = await reload();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const reference = await repairDraft();
    // A backtracking engine tries 2^n ways to split n letters before the "!" refuses them: 60 letters
    // are longer than any test's timeout (and 31 held the server for 18 s). RE2 reads them once.
    const hostile = await saveRepair(reference, `${'a'.repeat(60)}!`);
    expect(hostile.status).toBe(422);
    expect(hostile.body!.response.data.errors).toEqual([
      { path: '/repair/street_village', message: validation.en.pattern },
    ]);
    const longest = await saveRepair(reference, `${'a1'.repeat(99)}!`);
    expect(longest.status).toBe(422);
    expect((await saveRepair(reference, 'Shangani Mji Mkongwe')).status).toBe(200);
  });

  it('a deep answer to a form published before cycles were refused is a 422 (the stack is never exhausted), never a 500', async () => {
    // The version as it was published before the checker refused it: straight into the table.
    repairWith(dir, PLACES.field, PLACES.extra);
    const set = (await readFormsFolder(dir)).set as FormsSet;
    await new FormsVersionsRepository(t.database.db).publish(set, formsContentHash(set), 'before issue 31', 'cycle');
    const reference = await repairDraft();
    const deep = await saveRepair(reference, undefined, nested(20_000));
    expect(deep.status, JSON.stringify(deep.body)).toBe(422);
    expect(deep.body!.response.data.errors).toEqual([
      {
        path: `/repair/street_village${'/0'.repeat(MAX_ANSWER_DEPTH - 1)}`,
        message: validation.en.maxDepth!.replace('{{limit}}', String(MAX_ANSWER_DEPTH)),
      },
    ]);
    // An answer as deep as the limit allows is validated as before.
    expect((await saveRepair(reference, [[[]], []])).status).toBe(200);
  });
});

describe.each(databaseKinds)('the studio refuses what costs too much to check, on %s', { timeout: 120_000 }, (kind) => {
  let t: TestApp;
  let publisher: SignedIn;

  beforeAll(async () => {
    t = await createTestApp({}, { kind });
    // Staff accounts hash their passwords (argon2id): seconds on a busy machine.
    publisher = await signedIn(t, 'policy_publisher', 'Juma Publisher');
  }, 180_000);
  afterAll(() => t?.close());

  it('the question editor says at once that a format needs a short text and a pattern RE2 runs', async () => {
    const view = await draftNow(t, publisher);
    const format = { pattern: WORDS, description: { en: 'words and spaces', sw: 'maneno na nafasi' } };
    const long = await saveQuestion(t, publisher, view, 'repair', permitNumberQuestion({ format, max_length: 1000 }));
    expect(long.status).toBe(422);
    const lookahead = await saveQuestion(
      t,
      publisher,
      view,
      'repair',
      permitNumberQuestion({ format: { ...format, pattern: '^(?=.*[0-9])[A-Z0-9/]+$' } }),
    );
    expect(lookahead.status).toBe(422);
    const parts = (res: typeof long) =>
      (res.body!.response.data as unknown as { errors: { part: string; message: string }[] }).errors;
    expect(parts(long)).toEqual([
      {
        part: 'limits',
        message: 'A text with a format may be at most 200 characters long: set its longest answer to 200 or fewer.',
      },
    ]);
    expect(parts(lookahead).map((e) => e.part)).toEqual(['format']);
    expect((await draftNow(t, publisher)).draft.revision).toBe(view.draft.revision);
  });

  it('an advanced save with uniqueItems over rows is flagged, and its publish refused (422, placed): nothing published', async () => {
    const view = await draftNow(t, publisher);
    const step = structuredClone(view.draft.set.steps.repair!);
    const schema: Json = step.schema;
    schema.properties.street_village = {
      type: 'array',
      title: 'repair.street_village.title',
      maxItems: 10_000,
      uniqueItems: true,
      items: { type: 'object', properties: { name: { type: 'string', maxLength: 200 } } },
    };
    const saved = await studio<StudioDraftAnswer>(t, publisher, 'save_step', {
      step: 'repair',
      base: revisionOf(view, 'step:repair'),
      schema: step.schema,
      ui_schema: step.uiSchema,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const flagged = { step: 'repair', field: 'street_village', code: 'unique_items_rows', severity: 'error' };
    expect(saved.body!.response.data.problems).toContainEqual(expect.objectContaining(flagged));
    const publish = await studio<{ problems: StudioProblem[] }>(t, publisher, 'publish', {
      revision: saved.body!.response.data.draft.revision,
      summary: 'Streets as a list',
    });
    expect(publish.status).toBe(422);
    expect(publish.body!.response.data.problems).toContainEqual(expect.objectContaining(flagged));
    const versions = await t.database.db.selectFrom('forms_version').select('version').execute();
    expect(versions.map((v) => v.version)).toEqual([1]);
  });
});
