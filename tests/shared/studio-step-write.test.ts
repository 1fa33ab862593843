import { describe, expect, it } from 'vitest';
import type { FormsSet } from '../../src/shared/forms';
import { formsSetProblems } from '../../src/shared/forms-check/set-check';
import { problemLine } from '../../src/shared/forms-check/problems';
import { writeQuestion } from '../../src/shared/studio/question-write';
import { textOf } from '../../src/shared/studio/step-texts';
import { readQuestion, readStep } from '../../src/shared/studio/step-view';
import {
  removeStep,
  writeDocument,
  writeFlows,
  writeStepRaw,
  writeStepTexts,
} from '../../src/shared/studio/step-write';
import { OPTIONAL_DOCUMENT } from '../fixtures/optional-document';
import { realSet } from './studio-set';

type Json = Record<string, unknown>;
const live = realSet();
const frozen = JSON.stringify(live);
const errors = (set: FormsSet) =>
  formsSetProblems(set)
    .filter((p) => p.severity === 'error')
    .map(problemLine);
const schemaOf = (set: FormsSet, step: string) => set.steps[step]!.schema;
const ids = (set: FormsSet) => set.documents.map((d) => d.id);

describe('changing a question in place', () => {
  it('keeps what the model does not decide: a description, a placeholder, autocomplete', () => {
    const zan = readQuestion(live, 'personal', 'zan_id')!;
    const draft = writeQuestion(live, 'personal', 'zan_id', { ...zan, label: { en: 'ZanID', sw: 'ZanID' } });
    const field = ((schemaOf(draft, 'personal').allOf as Json[])[0]!.then as { properties: Json }).properties
      .zan_id as Json;
    expect(field.description).toBe('personal.zan_id.description');
    expect(draft.steps.personal!.uiSchema.zan_id).toEqual(live.steps.personal!.uiSchema.zan_id);
    expect(textOf(draft.texts.sw, 'personal.zan_id.title')).toBe('ZanID');
    expect(textOf(draft.texts.en, 'personal.zan_id.placeholder')).toBe(
      textOf(live.texts.en, 'personal.zan_id.placeholder'),
    );
  });

  it('renames a question: its place in the order, its texts under the new name, the old ones gone', () => {
    const nu = readQuestion(live, 'construction', 'nu_number')!;
    const draft = writeQuestion(live, 'construction', 'nu_number', { ...nu, name: 'nu_code' });
    expect(readStep(draft, 'construction').order.indexOf('nu_code')).toBe(
      readStep(live, 'construction').order.indexOf('nu_number'),
    );
    expect(readQuestion(draft, 'construction', 'nu_code')).toEqual({ ...nu, name: 'nu_code' });
    expect((draft.texts.en.construction as Json).nu_number).toBeUndefined();
    expect(errors(draft)).toEqual([]);
  });

  it('moves a question in the order', () => {
    const ward = readQuestion(live, 'construction', 'ward')!;
    const draft = writeQuestion(live, 'construction', 'ward', ward, 0);
    expect(readStep(draft, 'construction').order.slice(0, 2)).toEqual(['ward', 'building_type_description']);
    expect(draft.steps.construction!.uiSchema['ui:order']).toContain('*');
  });

  it('moves a question to another condition: a new branch, then out of it', () => {
    const parking = readQuestion(live, 'construction', 'parking_plans')!;
    const moved = { ...parking, show_when: { field: 'multiple_buildings', equals: true } };
    const draft = writeQuestion(live, 'construction', 'parking_plans', moved);
    const allOf = schemaOf(draft, 'construction').allOf as Json[];
    // Its old branch had only it, so it went; the new one is at the end.
    expect(allOf.map((e) => Object.keys((e.if as { properties: Json }).properties)[0])).toEqual([
      'current_land_use',
      'has_storeys',
      'multiple_buildings',
    ]);
    expect(readQuestion(draft, 'construction', 'parking_plans')).toEqual(moved);
    expect(errors(draft)).toEqual([]);
    const back = writeQuestion(draft, 'construction', 'parking_plans', { ...parking, show_when: undefined });
    expect(schemaOf(back, 'construction').required).toContain('parking_plans');
    expect(Object.keys(schemaOf(back, 'construction').patternProperties as Json)).toEqual([
      '^(other_land_use|storey_count)$',
    ]);
  });

  it('removes the last question shown under a condition, its branch and the mirror', () => {
    const draft = writeQuestion(live, 'repair', 'precautions', null);
    expect(schemaOf(draft, 'repair').allOf).toBeUndefined();
    expect(schemaOf(draft, 'repair').patternProperties).toBeUndefined();
    expect(draft.steps.repair!.uiSchema['ui:order']).not.toContain('precautions');
    expect((draft.texts.sw.repair as Json).precautions).toBeUndefined();
    expect(errors(draft)).toEqual([]);
  });

  it('keeps a text another place still uses', () => {
    const shared = writeStepRaw(live, 'repair', schemaOf(live, 'repair'), {
      ...live.steps.repair!.uiSchema,
      street_village: { 'ui:help': 'repair.precautions.help' },
    });
    const draft = writeQuestion(shared, 'repair', 'precautions', null);
    expect(textOf(draft.texts.en, 'repair.precautions.help')).toBe(textOf(live.texts.en, 'repair.precautions.help'));
    expect(textOf(draft.texts.en, 'repair.precautions.title')).toBeUndefined();
  });
});

describe('the other writes of the studio', () => {
  it("rewords a step's title and takes out its description", () => {
    const draft = writeStepTexts(live, 'repair', {
      title: { en: 'Repairs', sw: 'Matengenezo' },
      description: { en: '', sw: '' },
    });
    expect(readStep(draft, 'repair').title).toEqual({ en: 'Repairs', sw: 'Matengenezo' });
    expect(schemaOf(draft, 'repair').description).toBeUndefined();
    expect(textOf(draft.texts.en, 'repair.description')).toBeUndefined();
    expect(errors(draft)).toEqual([]);
    const again = writeStepTexts(draft, 'repair', { description: { en: 'What to repair.', sw: 'Kinachotengenezwa.' } });
    expect(schemaOf(again, 'repair').description).toBe('repair.description');
    expect(readStep(again, 'repair').description).toEqual({ en: 'What to repair.', sw: 'Kinachotengenezwa.' });
  });

  it('adds a step in advanced mode, and removes one with its texts and its place in the flows', () => {
    const added = writeStepRaw(
      live,
      'utilities',
      { type: 'object', title: 'utilities.title', properties: {}, required: [], additionalProperties: false },
      { 'ui:order': ['*'] },
    );
    expect(Object.keys(added.steps)).toContain('utilities');
    expect(errors(added)).toEqual([
      'texts/en.json at utilities › title: "utilities.title" has no text: add it (steps/utilities uses it).',
      'texts/sw.json at utilities › title: "utilities.title" has no text: add it (steps/utilities uses it).',
    ]);
    const removed = removeStep(live, 'special_plot');
    expect(removed.steps.special_plot).toBeUndefined();
    expect(removed.flows.special).toEqual(['personal', 'building_details', 'uploads']);
    expect(removed.texts.en.special_plot).toBeUndefined();
    // The fee schedule is policy of its own: it is not rewritten behind the editor's back, the checker
    // names the answer it still reads from the removed step until the fees page changes it.
    expect(errors(removed)).toEqual([
      expect.stringMatching(/^fees\.json at types › special › area › answer: .*"special_plot"/),
    ]);
  });

  it('adds, moves, renames and removes a document', () => {
    const added = writeDocument(live, OPTIONAL_DOCUMENT.id, OPTIONAL_DOCUMENT, 1);
    expect(ids(added).slice(0, 3)).toEqual(['applicant_id', 'neighbours_consent', 'land_document']);
    expect(errors(added)).toEqual([]);
    const changed = writeDocument(added, OPTIONAL_DOCUMENT.id, { ...OPTIONAL_DOCUMENT, required: true });
    expect(ids(changed)).toEqual(ids(added));
    expect(changed.documents[1]!.required).toBe(true);
    const renamed = writeDocument(added, OPTIONAL_DOCUMENT.id, { ...OPTIONAL_DOCUMENT, id: 'consent' });
    expect(ids(renamed)[1]).toBe('consent');
    expect(writeDocument(added, OPTIONAL_DOCUMENT.id, null)).toEqual(live);
  });

  it('writes the flows', () => {
    const draft = writeFlows(live, { ...live.flows, repair: ['personal', 'repair', 'building', 'uploads'] });
    expect(draft.flows.repair).toEqual(['personal', 'repair', 'building', 'uploads']);
    expect(errors(draft)).toEqual([]);
  });

  it('never changes the set given', () => {
    writeStepTexts(live, 'repair', { title: { en: 'x', sw: 'y' }, description: { en: '', sw: '' } });
    writeStepRaw(live, 'repair', { type: 'object' }, {});
    removeStep(live, 'repair');
    writeDocument(live, 'site_plan', null);
    writeDocument(live, 'x', OPTIONAL_DOCUMENT, 0);
    writeFlows(live, { ...live.flows, new: ['personal'] });
    writeQuestion(live, 'repair', 'precautions', null);
    expect(JSON.stringify(live)).toBe(frozen);
  });
});
