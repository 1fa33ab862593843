import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StudioConflict, StudioDraftAnswer } from '../../src/shared/api/studio';
import type { FormsDocument, FormsSet } from '../../src/shared/forms';
import { api } from './application-fixtures';
import { createTestApp, databaseKinds, post, type TestApp } from './helpers';
import {
  draftNow,
  permitNumberQuestion,
  revisionOf,
  saveQuestion,
  signedIn,
  studio,
  type SignedIn,
} from './studio-fixtures';

// The studio's shared draft (issue 18, item 2): started from the live version, saved one item at a
// time, two editors' changes of one question detected (409 with the other's change), changes of
// different questions both kept, even when sent at the same instant.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const json = (value: unknown) => value as Json;
const propertiesOf = (answer: StudioDraftAnswer, step: string) =>
  answer.draft.set.steps[step]!.schema.properties as Json;

describe.each(databaseKinds)('the studio draft, on %s', (kind) => {
  let t: TestApp;
  let asha: SignedIn;
  let juma: SignedIn;
  let live: FormsSet;

  beforeAll(async () => {
    t = await createTestApp({}, { kind });
    asha = await signedIn(t, 'policy_editor', 'Asha Editor');
    juma = await signedIn(t, 'policy_publisher', 'Juma Publisher');
    live = (await t.app.forms.registry.current()).set;
    // Staff accounts hash their passwords (argon2id): seconds on a busy machine.
  }, 120_000);
  afterAll(() => t?.close());
  beforeEach(async () => {
    // Each test starts from the live version again.
    expect((await studio(t, asha, 'discard_draft')).status).toBe(200);
  });

  const auditRows = () =>
    t.database.db.selectFrom('studio_audit').select(['staff_name', 'action', 'subject']).orderBy('id').execute();

  it('starts as the live version, with its problems (none an error), and is never cached', async () => {
    const res = await studio<StudioDraftAnswer>(t, asha, 'get_draft');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { draft, live_version, problems } = res.body!.response.data;
    expect(live_version).toBe(1);
    expect(draft.based_on).toBe(1);
    expect(draft.set.steps).toEqual(live.steps);
    expect(draft.set.flows).toEqual(live.flows);
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
  });

  it('a question saved is in the draft, its item and its step raised, who saved it recorded and audited', async () => {
    const before = await draftNow(t, asha);
    const res = await saveQuestion(t, asha, before, 'repair', permitNumberQuestion());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = res.body!.response.data;
    expect(propertiesOf(after, 'repair').permit_number).toMatchObject({
      type: 'string',
      pattern: '^[A-Z]{2}/[0-9]{4,6}$',
    });
    expect(after.draft.set.steps.repair!.schema.required).toContain('permit_number');
    expect(after.draft.revision).toBe(before.draft.revision + 1);
    expect(revisionOf(after, 'question:repair.permit_number')).toBe(after.draft.revision);
    expect(revisionOf(after, 'step:repair')).toBe(after.draft.revision);
    expect(revisionOf(after, 'step:personal')).toBe(revisionOf(before, 'step:personal'));
    expect(after.draft.updated_by).toBe(asha.label);
    // Both languages are in the draft's texts.
    expect(JSON.stringify(after.draft.set.texts.sw)).toContain('Namba ya kibali cha ujenzi');
    expect(JSON.stringify(after.draft.set.texts.en)).toContain('Number of the building permit');
    // Saved: another editor reads the same.
    expect(propertiesOf(await draftNow(t, juma), 'repair').permit_number).toBeDefined();
    expect((await auditRows()).at(-1)).toEqual({
      staff_name: asha.label,
      action: 'save_question',
      subject: 'repair.permit_number',
    });
    // The live forms are unchanged until a publish.
    const served = (await post(t.app, '/api/forms/get_forms', {})).body!.response.data as unknown as FormsDocument;
    expect(json(served.steps.repair!.schema).properties.permit_number).toBeUndefined();
  });

  it("two editors change one question: the second is refused with the first's change (409), which stays", async () => {
    const seenByBoth = await draftNow(t, asha);
    const first = await saveQuestion(t, asha, seenByBoth, 'repair', permitNumberQuestion());
    expect(first.status).toBe(200);
    const mine = await draftNow(t, asha);
    const ashas = permitNumberQuestion({ label: { en: 'Permit number (Asha)', sw: 'Namba ya kibali (Asha)' } });
    expect((await saveQuestion(t, asha, mine, 'repair', ashas)).status).toBe(200);

    // Juma loaded the draft before Asha's second save, and saves the same question.
    const jumas = permitNumberQuestion({ label: { en: 'Permit number (Juma)', sw: 'Namba ya kibali (Juma)' } });
    const refused = await saveQuestion(t, juma, mine, 'repair', jumas, 'permit_number');
    expect(refused.status).toBe(409);
    expect(refused.body!.response.message).toContain(asha.label);
    const conflict = refused.body!.response.data as unknown as StudioConflict;
    expect(conflict.item).toBe('question:repair.permit_number');
    expect(conflict.by).toBe(asha.label);
    expect(conflict.question?.label).toEqual(ashas.label);
    const now = await draftNow(t, juma);
    expect(conflict.revision).toBe(revisionOf(now, 'question:repair.permit_number'));
    expect(JSON.stringify(now.draft.set.texts.en)).toContain('Permit number (Asha)');
    expect(JSON.stringify(now.draft.set.texts.en)).not.toContain('Permit number (Juma)');

    // Having seen it, Juma saves on top of it.
    const again = await studio(t, juma, 'save_question', {
      step: 'repair',
      name: 'permit_number',
      base: conflict.revision,
      question: jumas,
    });
    expect(again.status).toBe(200);
    expect(JSON.stringify((await draftNow(t, asha)).draft.set.texts.en)).toContain('Permit number (Juma)');
  });

  it('two editors change two questions of one step from the same view: both are kept', async () => {
    const view = await draftNow(t, asha);
    expect((await saveQuestion(t, asha, view, 'repair', permitNumberQuestion())).status).toBe(200);
    const other = permitNumberQuestion({ name: 'contractor_name', required: false, format: undefined as never });
    delete (other as Partial<typeof other>).format;
    other.label = { en: 'Name of the contractor', sw: 'Jina la mkandarasi' };
    expect((await saveQuestion(t, juma, view, 'repair', other)).status).toBe(200);
    const properties = propertiesOf(await draftNow(t, asha), 'repair');
    expect(Object.keys(properties)).toEqual(expect.arrayContaining(['permit_number', 'contractor_name']));
  });

  it('saves sent at the same instant lose nothing', async () => {
    const view = await draftNow(t, asha);
    const names = ['q_one', 'q_two', 'q_three', 'q_four', 'q_five', 'q_six'];
    const answers = await Promise.all(
      names.map((name, i) =>
        saveQuestion(
          t,
          i % 2 === 0 ? asha : juma,
          view,
          'repair',
          permitNumberQuestion({ name, label: { en: `Question ${name}`, sw: `Swali ${name}` } }),
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(names.map(() => 200));
    const now = await draftNow(t, asha);
    expect(Object.keys(propertiesOf(now, 'repair'))).toEqual(expect.arrayContaining(names));
    expect(now.draft.revision).toBe(view.draft.revision + names.length);
  });

  it('a save with problems is saved, and its problems are placed on the step and field', async () => {
    const view = await draftNow(t, asha);
    const step = structuredClone(view.draft.set.steps.repair!);
    const street = json(step.schema).properties.street_village as Json;
    street.maxLenght = street.maxLength; // a typo the checker names
    const res = await studio<StudioDraftAnswer>(t, asha, 'save_step', {
      step: 'repair',
      base: revisionOf(view, 'step:repair'),
      schema: step.schema,
      ui_schema: step.uiSchema,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { draft, problems } = res.body!.response.data;
    expect(propertiesOf(res.body!.response.data, 'repair').street_village.maxLenght).toBe(street.maxLength);
    expect(draft.revision).toBe(view.draft.revision + 1);
    const errors = problems.filter((p) => p.severity === 'error');
    // With its code and params, for the studio to say it in the staff member's language.
    expect(errors).toContainEqual(
      expect.objectContaining({
        step: 'repair',
        field: 'street_village',
        code: 'schema_word_unknown',
        params: { word: 'maxLenght', suggestion: 'maxLength' },
      }),
    );
  });

  it('a question the editor cannot save as it is (no Swahili label) is refused with its parts, and nothing changes', async () => {
    const view = await draftNow(t, asha);
    const untranslated = permitNumberQuestion({ label: { en: 'Number of the building permit', sw: '' } });
    const res = await saveQuestion(t, asha, view, 'repair', untranslated);
    expect(res.status).toBe(422);
    const errors = (res.body!.response.data as unknown as { errors: { part: string; message: string }[] }).errors;
    expect(errors.map((e) => e.part)).toContain('label');
    expect(errors.every((e) => e.message !== '' && !e.message.startsWith('studio_question_'))).toBe(true);
    expect((await draftNow(t, asha)).draft.revision).toBe(view.draft.revision);
  });

  it("an advanced save of a step conflicts with a question changed since; a title's save does not", async () => {
    const view = await draftNow(t, juma);
    expect((await saveQuestion(t, asha, view, 'repair', permitNumberQuestion())).status).toBe(200);
    const step = view.draft.set.steps.repair!;
    const raw = await studio(t, juma, 'save_step', {
      step: 'repair',
      base: revisionOf(view, 'step:repair'),
      schema: step.schema,
      ui_schema: step.uiSchema,
    });
    expect(raw.status).toBe(409);
    expect((raw.body!.response.data as unknown as StudioConflict).by).toBe(asha.label);
    // Asha's question is still there (the raw schema Juma loaded did not overwrite it).
    expect(propertiesOf(await draftNow(t, juma), 'repair').permit_number).toBeDefined();

    const title = { en: 'Repairs of a building', sw: 'Matengenezo ya jengo' };
    const texts = await studio<StudioDraftAnswer>(t, juma, 'save_step', {
      step: 'repair',
      base: revisionOf(view, 'step:repair'),
      title,
    });
    expect(texts.status, JSON.stringify(texts.body)).toBe(200);
    const now = texts.body!.response.data;
    expect(JSON.stringify(now.draft.set.texts.en)).toContain('Repairs of a building');
    expect(propertiesOf(now, 'repair').permit_number).toBeDefined();
  });

  it('flows and documents are saved as items of their own, with their own conflicts', async () => {
    const view = await draftNow(t, asha);
    const flows = { ...view.draft.set.flows, repair: ['personal', 'repair', 'uploads'] };
    const saved = await studio<StudioDraftAnswer>(t, asha, 'save_flows', { base: revisionOf(view, 'flows'), flows });
    expect(saved.status).toBe(200);
    const stale = await studio(t, juma, 'save_flows', { base: revisionOf(view, 'flows'), flows });
    expect(stale.status).toBe(409);

    const rule = view.draft.set.documents[0]!;
    const renamed = { ...rule, name: { en: 'Title deed of the plot', sw: 'Hati ya umiliki wa kiwanja' } };
    const doc = await studio<StudioDraftAnswer>(t, asha, 'save_document', {
      id: rule.id,
      base: revisionOf(view, `document:${rule.id}`),
      document: renamed,
    });
    expect(doc.status, JSON.stringify(doc.body)).toBe(200);
    expect(doc.body!.response.data.draft.set.documents.find((d) => d.id === rule.id)?.name).toEqual(renamed.name);
  });

  it('a document the checker refuses is still saved, its problems placed on it, and the diff still answers', async () => {
    const view = await draftNow(t, asha);
    const res = await studio<StudioDraftAnswer>(t, asha, 'save_document', {
      id: 'odd_paper',
      base: revisionOf(view, 'document:odd_paper'),
      document: { name: 'not both languages', max_bytes: -1 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { draft, problems } = res.body!.response.data;
    expect(draft.set.documents.map((d) => d.id)).toContain('odd_paper');
    expect(problems).toContainEqual(expect.objectContaining({ severity: 'error', document: 'odd_paper' }));
    expect((await studio(t, asha, 'diff')).status).toBe(200);
  });

  it('bad input is refused in the editor’s language and changes nothing', async () => {
    const view = await draftNow(t, asha);
    const unknown = await studio(
      t,
      asha,
      'save_question',
      { step: 'no_such_step', name: 'x', base: 0, question: permitNumberQuestion({ name: 'x' }) },
      { 'accept-language': 'sw' },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body!.response.message).toBe(
      (api.sw as unknown as { studio: Record<string, string> }).studio.unknown_step!.replace(
        '{{step}}',
        'no_such_step',
      ),
    );
    const malformed = await studio(t, asha, 'save_question', {
      step: 'repair',
      name: 'Bad Name',
      base: 0,
      question: null,
    });
    expect(malformed.status).toBe(400);
    const stranger = await studio(t, asha, 'save_flows', { base: 0, flows: { new: ['x'] }, extra: true });
    expect(stranger.status).toBe(400);
    expect((await draftNow(t, asha)).draft.revision).toBe(view.draft.revision);
  });

  it('attack: a "new" question named as an existing one never replaces it; a question others depend on is not removed', async () => {
    const view = await draftNow(t, asha);
    // street_village exists in special_plot: an editor adding a new question of that name overwrites nothing.
    const taken = await studio(t, asha, 'save_question', {
      step: 'special_plot',
      name: 'street_village',
      base: revisionOf(view, 'question:special_plot.street_village'),
      question: permitNumberQuestion({ name: 'street_village' }),
      create: true,
    });
    expect(taken.status).toBe(422);
    expect(JSON.stringify(taken.body!.response.data)).toContain('street_village');
    // clean_water_source decides when well_owner is shown: removing it is refused while that stands.
    const removal = await saveQuestion(t, asha, view, 'building', null, 'clean_water_source');
    expect(removal.status).toBe(422);
    expect(JSON.stringify(removal.body!.response.data)).toContain('well_owner');
    const after = await draftNow(t, asha);
    expect(after.draft.revision).toBe(view.draft.revision);
    expect(after.draft.set.steps).toEqual(view.draft.set.steps);
  });

  it('discard makes the draft the live version again, and an editor still on the old draft conflicts', async () => {
    const view = await draftNow(t, asha);
    const saved = await saveQuestion(t, asha, view, 'repair', permitNumberQuestion());
    const stale = saved.body!.response.data;
    const discarded = await studio<StudioDraftAnswer>(t, juma, 'discard_draft');
    expect(discarded.status).toBe(200);
    expect(discarded.body!.response.data.draft.set.steps).toEqual(live.steps);
    const late = await saveQuestion(t, asha, stale, 'repair', permitNumberQuestion({ required: false }));
    expect(late.status).toBe(409);
    // A new question is an item never saved (0); every item the draft had was raised, saved or not.
    const fresh = await saveQuestion(t, asha, view, 'personal', permitNumberQuestion({ name: 'nickname' }));
    expect(fresh.status).toBe(200);
    const street = await saveQuestion(t, asha, view, 'repair', null, 'street_village');
    expect(street.status).toBe(409);
    expect((await auditRows()).map((r) => r.action)).toContain('discard_draft');
  });
});
