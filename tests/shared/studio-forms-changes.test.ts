import { describe, expect, it } from 'vitest';
import type { FormsChange, QuestionSpec } from '../../src/shared/api/studio';
import type { FormsSet } from '../../src/shared/forms';
import { formsSetProblems } from '../../src/shared/forms-check/set-check';
import { formsChanges } from '../../src/shared/studio/forms-changes';
import { writeQuestion } from '../../src/shared/studio/question-write';
import { readQuestion } from '../../src/shared/studio/step-view';
import {
  removeStep,
  writeDocument,
  writeFlows,
  writeStepRaw,
  writeStepTexts,
} from '../../src/shared/studio/step-write';
import { OPTIONAL_DOCUMENT } from '../fixtures/optional-document';
import { realSet } from './studio-set';

const live = realSet();
const construction = { en: 'Construction', sw: 'Ujenzi' };
const personal = { en: 'Personal details', sw: 'Taarifa binafsi' };
const question = (set: FormsSet, step: string, name: string) => readQuestion(set, step, name)!;

const TITLE_DEED: QuestionSpec = {
  name: 'title_deed_number',
  type: 'text',
  label: { en: 'Title deed number', sw: 'Namba ya hati miliki' },
  help: { en: 'As written on your title deed.', sw: 'Kama ilivyoandikwa kwenye hati miliki yako.' },
  required: true,
  format: {
    pattern: '^[A-Z]{2}/[0-9]{4,6}$',
    description: {
      en: 'two capital letters, a slash and 4 to 6 digits',
      sw: 'herufi kubwa mbili, mkwaju na tarakimu 4 hadi 6',
    },
  },
  max_length: 9,
};
const STREET_SW = 'Mtaa au kijiji unachoishi';

/** The five policy changes of issue 16, each made with the studio's model. */
const POLICY_CHANGES: [string, (set: FormsSet) => FormsSet, FormsChange[]][] = [
  [
    'a new required field with a format',
    (set) => writeQuestion(set, 'construction', TITLE_DEED.name, TITLE_DEED, 11),
    [
      {
        kind: 'question_added',
        step: 'construction',
        step_title: construction,
        field: 'title_deed_number',
        label: TITLE_DEED.label,
        required: true,
      },
    ],
  ],
  [
    'a reworded Swahili label',
    (set) => {
      const street = question(set, 'personal', 'street');
      return writeQuestion(set, 'personal', 'street', { ...street, label: { ...street.label, sw: STREET_SW } });
    },
    [
      {
        kind: 'text_changed',
        step: 'personal',
        step_title: personal,
        field: 'street',
        label: { en: 'Street', sw: STREET_SW },
        key: 'personal.street.title',
        language: 'sw',
        before: 'Mtaa',
        after: STREET_SW,
      },
    ],
  ],
  [
    'a new optional document for buildings over three storeys',
    (set) => writeDocument(set, OPTIONAL_DOCUMENT.id, OPTIONAL_DOCUMENT),
    [{ kind: 'document_added', document: 'neighbours_consent', label: OPTIONAL_DOCUMENT.name, required: false }],
  ],
  [
    'the utilities step added to the repair flow',
    (set) => writeFlows(set, { ...set.flows, repair: ['personal', 'repair', 'building', 'uploads'] }),
    [{ kind: 'flow_changed', flow: 'repair' }],
  ],
  [
    'an optional field removed',
    (set) => writeQuestion(set, 'construction', 'warka_number', null),
    [
      {
        kind: 'question_removed',
        step: 'construction',
        step_title: construction,
        field: 'warka_number',
        label: { en: 'Warka number', sw: 'Namba ya warka' },
        required: false,
      },
    ],
  ],
];

describe('the diff of a draft against the live forms', () => {
  it('of the live forms against themselves is nothing', () => {
    expect(formsChanges(live, live)).toEqual([]);
  });

  it.each(POLICY_CHANGES)('%s', (_, change, expected) => {
    const draft = change(live);
    expect(formsSetProblems(draft).filter((p) => p.severity === 'error')).toEqual([]);
    expect(formsChanges(live, draft)).toEqual(expected);
  });

  it('of the five together: flows first, then the steps as the applicant meets them, then documents', () => {
    const draft = POLICY_CHANGES.reduce((set, [, change]) => change(set), live);
    expect(formsChanges(live, draft).map((c) => `${c.kind} ${c.flow ?? c.field ?? c.document}`)).toEqual([
      'flow_changed repair',
      'text_changed street',
      'question_added title_deed_number',
      'question_removed warka_number',
      'document_added neighbours_consent',
    ]);
  });

  it('names what changed in a question', () => {
    const use = question(live, 'construction', 'current_land_use');
    const draft = writeQuestion(live, 'construction', 'current_land_use', {
      ...use,
      required: false,
      options: use.options!.filter((o) => o.value !== 'vacant'),
      help: { en: 'What the plot is used for today.', sw: 'Kiwanja kinatumikaje leo.' },
    });
    const changes = formsChanges(live, draft);
    expect(changes).toEqual([
      expect.objectContaining({
        kind: 'question_changed',
        field: 'current_land_use',
        required: false,
        what: ['required', 'options', 'help'],
      }),
    ]);
    const zan = question(live, 'personal', 'zan_id');
    const tighter = writeQuestion(live, 'personal', 'zan_id', {
      ...zan,
      type: 'long_text',
      max_length: 12,
      format: { ...zan.format!, pattern: '^[0-9]{9,12}$' },
      show_when: { field: 'identification_type', equals: 'passport' },
    });
    expect(formsChanges(live, tighter).map((c) => c.what)).toEqual([['type', 'format', 'limits', 'show_when']]);
  });

  it('tells a table changed in advanced mode as a change of its schema', () => {
    const step = live.steps.building_details!;
    const schema = structuredClone(step.schema);
    (schema.properties as Record<string, Record<string, unknown>>).wall!.maxItems = 20;
    const draft = writeStepRaw(live, 'building_details', schema, step.uiSchema);
    expect(formsChanges(live, draft)).toEqual([
      expect.objectContaining({ kind: 'question_changed', field: 'wall', what: ['schema'] }),
    ]);
  });

  it('tells reworded step titles, steps added and removed, documents changed and removed, with the words before', () => {
    let draft = writeStepTexts(live, 'repair', { title: { en: 'Repairs', sw: 'Matengenezo' } });
    draft = removeStep(draft, 'special_plot');
    draft = writeDocument(draft, 'sheha_letter', null);
    const site = live.documents.find((d) => d.id === 'site_plan')!;
    draft = writeDocument(draft, 'site_plan', { ...site, max_bytes: site.max_bytes * 2, required: !site.required });
    const changes = formsChanges(live, draft);
    const repairTitle = live.texts.en.repair as { title: string };
    expect(changes).toEqual([
      { kind: 'flow_changed', flow: 'special' },
      {
        kind: 'text_changed',
        step: 'repair',
        step_title: { en: 'Repairs', sw: 'Matengenezo' },
        key: 'repair.title',
        language: 'en',
        before: repairTitle.title,
        after: 'Repairs',
      },
      expect.objectContaining({ kind: 'text_changed', key: 'repair.title', language: 'sw', after: 'Matengenezo' }),
      {
        kind: 'step_removed',
        step: 'special_plot',
        step_title: { en: expect.any(String), sw: expect.any(String) },
      },
      expect.objectContaining({ kind: 'document_changed', document: 'site_plan', what: ['max_bytes', 'required'] }),
      expect.objectContaining({
        kind: 'document_removed',
        document: 'sheha_letter',
        label: expect.objectContaining({ en: expect.any(String) }),
      }),
    ]);
    // The removed step's title is its old one: its texts are gone from the draft.
    expect(changes[3]!.step_title!.en).not.toBe('');
    expect(formsChanges(draft, live).find((c) => c.kind === 'step_added')?.step).toBe('special_plot');
  });
});
