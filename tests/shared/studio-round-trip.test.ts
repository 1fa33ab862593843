import { describe, expect, it } from 'vitest';
import type { AnswerType, QuestionSpec } from '../../src/shared/api/studio';
import { ANSWER_TYPES } from '../../src/shared/api/studio';
import type { FormsSet } from '../../src/shared/forms';
import { formsSetProblems } from '../../src/shared/forms-check/set-check';
import { problemLine } from '../../src/shared/forms-check/problems';
import { writeQuestion } from '../../src/shared/studio/question-write';
import { readQuestion, readStep } from '../../src/shared/studio/step-view';
import { realSet } from './studio-set';

const original = realSet();
const frozen = JSON.stringify(original);
const errors = (set: FormsSet) =>
  formsSetProblems(set)
    .filter((p) => p.severity === 'error')
    .map(problemLine);
const warnings = (set: FormsSet) =>
  formsSetProblems(set)
    .filter((p) => p.severity === 'warning')
    .map(problemLine);

describe('every field of every real step', () => {
  const steps = Object.keys(original.steps);

  it.each(steps)('%s: each question written back with its own spec gives the same files and texts', (step) => {
    const view = readStep(original, step);
    for (const spec of view.questions) {
      const written = writeQuestion(original, step, spec.name, spec);
      // The same files, keys in the same order (a policy officer's diff shows nothing).
      expect(JSON.stringify(written.steps[step]), `${step}.${spec.name}`).toBe(JSON.stringify(original.steps[step]));
      expect(JSON.stringify(written.texts), `${step}.${spec.name}`).toBe(JSON.stringify(original.texts));
    }
  });

  it('reads as questions every field the model expresses, and the rest as advanced with why', () => {
    const advanced = Object.fromEntries(
      steps.map((step) => [step, readStep(original, step).advanced.map((a) => `${a.name}:${a.kind}`)]),
    );
    expect(advanced).toEqual({
      building: [],
      building_details: ['foundation:table', 'wall:table', 'pillar:table', 'beam:table', 'roof:table', 'entry:table'],
      construction: [],
      construction_details: ['floors:table', 'total_area_m2:computed', 'total_percent_covered:computed'],
      engineer: ['validation_token:widget'],
      // A text with a format of the validator's ("email") but no pattern: the model has no words for it.
      personal: ['email:other'],
      repair: ['disclaimer_agreed:widget'],
      special_plot: [],
      // Objects whose entries are the documents (x-documents).
      uploads: ['documents:other', 'scales:other'],
    });
  });

  it('reads a step in its ui:order, with texts in both languages', () => {
    const view = readStep(original, 'personal');
    expect(view.title).toEqual({ en: 'Personal details', sw: expect.any(String) });
    expect(view.order[0]).toBe('identification_type');
    expect(view.questions.map((q) => q.name)).toEqual([
      'identification_type',
      'zan_id',
      'passport_number',
      'first_name',
      'middle_name',
      'last_name',
      'phone',
      'address',
      'street',
    ]);
    expect(view.questions.find((q) => q.name === 'zan_id')).toEqual({
      name: 'zan_id',
      type: 'text',
      label: { en: expect.any(String), sw: expect.any(String) },
      help: { en: '', sw: '' },
      required: true,
      min_length: 9,
      max_length: 9,
      format: { pattern: '^[0-9]{9}$', description: { en: '9 digits', sw: expect.any(String) } },
      show_when: { field: 'identification_type', equals: 'zanid' },
    });
    expect(view.questions.find((q) => q.name === 'identification_type')?.options?.map((o) => o.value)).toEqual([
      'zanid',
      'passport',
    ]);
  });

  it('reads a field the order leaves to "*" after the others, and a text not written yet as empty', () => {
    const set = structuredClone(original);
    set.steps.repair!.uiSchema['ui:order'] = ['repair_type', '*'];
    delete (set.texts.sw.repair as { repair_type: { title?: string } }).repair_type.title;
    const view = readStep(set, 'repair');
    expect(view.order).toEqual(['repair_type']);
    expect(view.questions.map((q) => q.name)).toEqual([
      'repair_type',
      'street_village',
      'repair_description',
      'affects_neighbours',
      'precautions',
    ]);
    expect(view.questions[0]!.label.sw).toBe('');
    expect(view.advanced.map((a) => a.name)).toEqual(['disclaimer_agreed']);
  });

  it('never changes the set it is given', () => {
    for (const step of steps)
      for (const spec of readStep(original, step).questions) {
        writeQuestion(original, step, spec.name, { ...spec, required: !spec.required, label: { en: 'x', sw: 'y' } });
        writeQuestion(original, step, spec.name, null);
      }
    expect(JSON.stringify(original)).toBe(frozen);
  });
});

const words = (en: string, sw: string) => ({ en, sw });
const SPECS: Record<AnswerType, QuestionSpec> = {
  text: {
    name: 'title_deed_number',
    type: 'text',
    label: words('Title deed number', 'Namba ya hati miliki'),
    help: words('As written on your title deed.', 'Kama ilivyoandikwa kwenye hati miliki yako.'),
    required: true,
    format: {
      pattern: '^[A-Z]{2}/[0-9]{4,6}$',
      description: words('two letters, a slash and 4 to 6 digits', 'herufi mbili, mkwaju na tarakimu 4 hadi 6'),
    },
    min_length: 7,
    max_length: 9,
  },
  long_text: {
    name: 'site_access',
    type: 'long_text',
    label: words('How lorries reach the site', 'Jinsi malori yanavyofika eneo la ujenzi'),
    help: words('', ''),
    required: false,
    max_length: 1000,
  },
  number: {
    name: 'road_width_m',
    type: 'number',
    label: words('Width of the access road (m)', 'Upana wa barabara ya kufikia (m)'),
    help: words('', ''),
    required: true,
    minimum: 0,
    maximum: 100,
  },
  whole_number: {
    name: 'workers',
    type: 'whole_number',
    label: words('Number of workers on site', 'Idadi ya wafanyakazi eneo la ujenzi'),
    help: words('', ''),
    required: false,
    minimum: 1,
    maximum: 500,
  },
  yes_no: {
    name: 'near_school',
    type: 'yes_no',
    label: words('Is the site near a school?', 'Je, eneo liko karibu na shule?'),
    help: words('Within 100 metres.', 'Ndani ya mita 100.'),
    required: true,
  },
  choice: {
    name: 'fence_type',
    type: 'choice',
    label: words('Fence', 'Uzio'),
    help: words('', ''),
    required: true,
    options: [
      { value: 'none', label: words('None', 'Hakuna') },
      { value: 'wall', label: words('Wall', 'Ukuta') },
      { value: 'wire', label: words('Wire', 'Waya') },
    ],
  },
  date: {
    name: 'start_date',
    type: 'date',
    label: words('When building starts', 'Ujenzi utaanza lini'),
    help: words('', ''),
    required: false,
  },
  reference_list: {
    name: 'main_room',
    type: 'reference_list',
    label: words('Main room', 'Chumba kikuu'),
    help: words('', ''),
    required: true,
    reference_list: 'rooms',
  },
};

describe('every answer type written into a real step', () => {
  const baseline = warnings(original);

  it.each(ANSWER_TYPES)(
    '%s: the checker accepts it, it reads back equal, and removing it restores the step',
    (type) => {
      const spec = SPECS[type];
      const added = writeQuestion(original, 'construction', spec.name, spec, 3);
      expect(errors(added)).toEqual([]);
      expect(warnings(added)).toEqual(baseline);
      expect(readQuestion(added, 'construction', spec.name)).toEqual(spec);
      expect(readStep(added, 'construction').order.indexOf(spec.name)).toBe(3);
      const removed = writeQuestion(added, 'construction', spec.name, null);
      expect(removed).toEqual(original);
    },
  );

  it.each(ANSWER_TYPES)('%s: shown only when an earlier answer is given, then not', (type) => {
    const spec = { ...SPECS[type], show_when: { field: 'has_storeys', equals: true } };
    const added = writeQuestion(original, 'construction', spec.name, spec);
    expect(errors(added)).toEqual([]);
    expect(readQuestion(added, 'construction', spec.name)).toEqual(spec);
    const schema = added.steps.construction!.schema;
    // It joins the branch that already shows storey_count under the same condition, and the mirror.
    expect((schema.allOf as unknown[]).length).toBe((original.steps.construction!.schema.allOf as unknown[]).length);
    expect(Object.keys(schema.patternProperties as object)).toEqual([
      `^(other_land_use|parking_plans|storey_count|${spec.name})$`,
    ]);
    const unconditional = writeQuestion(added, 'construction', spec.name, SPECS[type]);
    expect(readQuestion(unconditional, 'construction', spec.name)).toEqual(SPECS[type]);
    expect(unconditional.steps.construction!.schema.patternProperties).toEqual(
      original.steps.construction!.schema.patternProperties,
    );
    expect(writeQuestion(unconditional, 'construction', spec.name, null)).toEqual(original);
    expect(writeQuestion(added, 'construction', spec.name, null)).toEqual(original);
  });

  it.each(Object.keys(original.steps))('%s: a question added at the end is accepted and taken out again', (step) => {
    const spec = { ...SPECS.choice, show_when: undefined };
    const added = writeQuestion(original, step, spec.name, spec);
    expect(errors(added)).toEqual([]);
    // At the end of the order, before a final "*" where the step has one.
    const order = added.steps[step]!.uiSchema['ui:order'] as string[];
    expect(order.filter((n) => n !== '*').at(-1)).toBe(spec.name);
    const star = (original.steps[step]!.uiSchema['ui:order'] as string[]).includes('*');
    expect(order.indexOf('*')).toBe(star ? order.length - 1 : -1);
    expect(writeQuestion(added, step, spec.name, null)).toEqual(original);
  });

  it('a first conditional question of a step keeps RJSF from offering an "Add" button, and removed, gives the step back', () => {
    const spec = { ...SPECS.text, show_when: { field: 'flood_area', equals: true } };
    const added = writeQuestion(original, 'special_plot', spec.name, spec);
    expect(errors(added)).toEqual([]);
    const { schema, uiSchema } = added.steps.special_plot!;
    expect(schema.patternProperties).toEqual({ '^(title_deed_number)$': {} });
    expect(Object.keys(uiSchema).slice(0, 2)).toEqual(['ui:order', 'ui:options']);
    expect(uiSchema['ui:options']).toEqual({ expandable: false });
    expect(readQuestion(added, 'special_plot', spec.name)).toEqual(spec);
    const removed = writeQuestion(added, 'special_plot', spec.name, null);
    expect(JSON.stringify(removed.steps.special_plot)).toBe(JSON.stringify(original.steps.special_plot));
    expect(removed).toEqual(original);
    // A step that has conditions keeps its setting while one is left.
    const repair = writeQuestion(original, 'repair', 'street_village', null);
    expect(repair.steps.repair!.uiSchema['ui:options']).toEqual({ expandable: false });
  });
});
