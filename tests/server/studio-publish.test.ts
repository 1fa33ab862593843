import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AuditAnswer,
  DiffAnswer,
  HistoryAnswer,
  PublishAnswer,
  StudioDraftAnswer,
  StudioProblem,
} from '../../src/shared/api/studio';
import type { FormsDocument } from '../../src/shared/forms';
import { formsContentHash } from '../../src/server/forms/form-registry';
import { personal, sample, SAVE } from './application-fixtures';
import { createTestApp, databaseKinds, post, type TestApp } from './helpers';
import { draftNow, permitNumberQuestion, saveQuestion, signedIn, studio, type SignedIn } from './studio-fixtures';

// Publishing from the studio (issue 18, item 2): publishers only, the draft as previewed, every check
// first (a failure publishes nothing), the diff and its drafts in flight, history with who, when, why
// and what changed, rollback as a new version, and the audit of it all for admins.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const json = (value: unknown) => value as Json;

describe.each(databaseKinds)('publishing from the studio, on %s', (kind) => {
  let t: TestApp;
  let editor: SignedIn;
  let publisher: SignedIn;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await createTestApp({}, { kind });
    editor = await signedIn(t, 'policy_editor', 'Asha Editor');
    publisher = await signedIn(t, 'policy_publisher', 'Juma Publisher');
    admin = await signedIn(t, 'admin', 'Mwanaisha Admin');
    // Staff accounts hash their passwords (argon2id): seconds on a busy machine.
  }, 120_000);
  afterAll(() => t?.close());

  const served = async () =>
    (await post(t.app, '/api/forms/get_forms', {})).body!.response.data as unknown as FormsDocument;
  const versions = () =>
    t.database.db.selectFrom('forms_version').select(['version', 'content_hash']).orderBy('version').execute();

  /** A draft in flight of a repair: personal details and the repair step answered, not submitted. */
  async function repairDraftInFlight(): Promise<void> {
    const first = await post<{ response: { data: { reference_number: string } } }>(t.app, SAVE, {
      application_type: 'repair',
      step_number: 1,
      data: personal(),
    });
    expect(first.status).toBe(200);
    const second = await post(t.app, SAVE, {
      application_type: 'repair',
      step_number: 2,
      data: sample('repair ok (affects neighbours)'),
      reference_number: first.body!.response.data.reference_number,
    });
    expect(second.status).toBe(200);
  }

  /** Saves the repair step with a typo in one field's limit (advanced mode), or without it. */
  async function saveRepairStep(typo: boolean) {
    const view = await draftNow(t, editor);
    const step = structuredClone(view.draft.set.steps.repair!);
    const street = json(step.schema).properties.street_village as Json;
    if (typo) street.maxLenght = 200;
    else delete street.maxLenght;
    const res = await studio<StudioDraftAnswer>(t, editor, 'save_step', {
      step: 'repair',
      base: view.draft.revisions['step:repair'] ?? 0,
      schema: step.schema,
      ui_schema: step.uiSchema,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body!.response.data;
  }

  it('publish is refused for an editor (403) and with errors (422, placed): nothing published', async () => {
    const view = await draftNow(t, editor);
    expect((await saveQuestion(t, editor, view, 'repair', permitNumberQuestion())).status).toBe(200);
    const revision = (await saveRepairStep(true)).draft.revision;

    const byEditor = await studio(t, editor, 'publish', { revision, summary: 'Permit number' });
    expect(byEditor.status).toBe(403);
    expect(byEditor.body!.response.data).toEqual({});

    const withErrors = await studio<{ problems: StudioProblem[] }>(t, publisher, 'publish', {
      revision,
      summary: 'Permit number',
    });
    expect(withErrors.status).toBe(422);
    const problems = withErrors.body!.response.data.problems;
    expect(problems.length).toBeGreaterThan(0);
    expect(problems).toContainEqual(expect.objectContaining({ step: 'repair', field: 'street_village' }));
    expect((await versions()).map((v) => v.version)).toEqual([1]);
    expect((await served()).version).toBe('1');
  });

  it('publish is refused when the draft changed since the publisher previewed it (409)', async () => {
    const view = await draftNow(t, publisher);
    // The editor fixes the check the studio flagged.
    const fixed = await saveRepairStep(false);
    expect(fixed.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const stale = await studio(t, publisher, 'publish', { revision: view.draft.revision, summary: 'Permit number' });
    expect(stale.status).toBe(409);
    expect((await versions()).map((v) => v.version)).toEqual([1]);
  });

  it('the diff names the new question, and its impact counts the drafts in flight that would be asked it', async () => {
    await repairDraftInFlight();
    const res = await studio<DiffAnswer>(t, editor, 'diff');
    expect(res.status).toBe(200);
    const { changes, impact, live_version } = res.body!.response.data;
    expect(live_version).toBe(1);
    expect(changes).toContainEqual(
      expect.objectContaining({ kind: 'question_added', step: 'repair', field: 'permit_number', required: true }),
    );
    expect(impact.drafts_in_flight).toBe(1);
    expect(impact.drafts_checked).toBe(1);
    expect(impact.drafts_touched).toBe(1);
    expect(impact.questions).toEqual([
      {
        step: 'repair',
        field: 'permit_number',
        label: { en: 'Number of the building permit', sw: 'Namba ya kibali cha ujenzi' },
        drafts: 1,
      },
    ]);
  });

  it('a publisher publishes the draft as previewed: get_forms serves it, and the draft restarts from it', async () => {
    const view = await draftNow(t, publisher);
    expect(view.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const res = await studio<PublishAnswer>(t, publisher, 'publish', {
      revision: view.draft.revision,
      summary: 'Repairs ask for the building permit number',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body!.response.data).toEqual({ version: 2 });
    const forms = await served();
    expect(forms.version).toBe('2');
    expect(json(forms.steps.repair!.schema).properties.permit_number).toBeDefined();
    expect(forms.texts.sw.repair).toBeDefined();

    const after = await draftNow(t, editor);
    expect(after.draft.based_on).toBe(2);
    expect(after.live_version).toBe(2);
    expect(after.draft.set).toEqual((await t.app.forms.registry.version(2))!.set);
    // An editor still on the draft before the publish is told, not silently applied.
    const late = await saveQuestion(t, editor, view, 'repair', permitNumberQuestion({ required: false }));
    expect(late.status).toBe(409);
  });

  it('rollback publishes an earlier version’s content as a new version', async () => {
    const byEditor = await studio(t, editor, 'rollback', { version: 1, summary: 'Back to the first forms' });
    expect(byEditor.status).toBe(403);
    const unknown = await studio(t, publisher, 'rollback', { version: 99, summary: 'No such version' });
    expect(unknown.status).toBe(404);

    const res = await studio<PublishAnswer>(t, publisher, 'rollback', {
      version: 1,
      summary: 'The permit number waits for the registry',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body!.response.data).toEqual({ version: 3 });
    const stored = await versions();
    expect(stored.map((v) => v.version)).toEqual([1, 2, 3]);
    expect(stored[2]!.content_hash).toBe(stored[0]!.content_hash);
    const forms = await served();
    expect(forms.version).toBe('3');
    expect(json(forms.steps.repair!.schema).properties.permit_number).toBeUndefined();
    const [one, three] = await Promise.all([t.app.forms.registry.version(1), t.app.forms.registry.version(3)]);
    expect(formsContentHash(three!.set)).toBe(formsContentHash(one!.set));
    // The draft had no unpublished change: it follows the live version.
    expect((await draftNow(t, editor)).draft.based_on).toBe(3);
  });

  it('history lists every version newest first with who, when, why and what it changed', async () => {
    const res = await studio<HistoryAnswer>(t, editor, 'history', {});
    expect(res.status).toBe(200);
    const { versions: entries, next_before } = res.body!.response.data;
    expect(next_before).toBeUndefined();
    expect(entries.map((e) => [e.version, e.published_by, e.reason, e.live])).toEqual([
      [3, publisher.label, 'The permit number waits for the registry', true],
      [2, publisher.label, 'Repairs ask for the building permit number', false],
      [1, 'first start', 'The forms of schemas/', false],
    ]);
    expect(entries[1]!.changes).toContainEqual(
      expect.objectContaining({ kind: 'question_added', step: 'repair', field: 'permit_number' }),
    );
    expect(entries[0]!.changes).toContainEqual(
      expect.objectContaining({ kind: 'question_removed', step: 'repair', field: 'permit_number' }),
    );
    expect(entries[2]!.changes).toEqual([]);
    expect(Date.parse(entries[0]!.published_at)).toBeGreaterThanOrEqual(Date.parse(entries[1]!.published_at));
    const older = await studio<HistoryAnswer>(t, editor, 'history', { before: 3 });
    expect(older.body!.response.data.versions.map((e) => e.version)).toEqual([2, 1]);
  });

  it('the audit has every action with who did it, and only admins read it', async () => {
    for (const who of [editor, publisher]) expect((await studio(t, who, 'audit', {})).status).toBe(403);
    const res = await studio<AuditAnswer>(t, admin, 'audit', {});
    expect(res.status).toBe(200);
    const entries = res.body!.response.data.entries;
    const lines = entries.map((e) => [e.by, e.action, e.subject]);
    expect(lines).toContainEqual([publisher.label, 'rollback', 'version 1 → 3']);
    expect(lines).toContainEqual([publisher.label, 'publish', 'version 2']);
    const why = await t.database.db
      .selectFrom('studio_audit')
      .select('detail')
      .where('action', '=', 'publish')
      .execute();
    expect(why.map((w) => w.detail)).toEqual(['Repairs ask for the building permit number']);
    expect(lines).toContainEqual([editor.label, 'save_question', 'repair.permit_number']);
    // Newest first.
    expect(entries.map((e) => e.id)).toEqual([...entries.map((e) => e.id)].sort((a, b) => b - a));
    expect(entries.every((e) => !Number.isNaN(Date.parse(e.at)))).toBe(true);
  });

  it('a draft with unpublished work keeps it through a rollback', async () => {
    const view = await draftNow(t, editor);
    const saved = await saveQuestion(t, editor, view, 'repair', permitNumberQuestion({ name: 'kept_work' }));
    expect(saved.status).toBe(200);
    const res = await studio<PublishAnswer>(t, publisher, 'rollback', { version: 2, summary: 'Again with the number' });
    expect(res.status).toBe(200);
    const after = await draftNow(t, editor);
    expect(after.draft.based_on).toBe(res.body!.response.data.version);
    expect(json(after.draft.set.steps.repair!.schema).properties.kept_work).toBeDefined();
  });
});
