import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { QuestionSpec } from '../../src/shared/api/studio';
import { PROJECT_ROOT } from '../../src/server/project-root';
import { QUESTION_PROBLEM_CODES, questionProblems } from '../../src/shared/studio/question-problems';
import { readQuestion } from '../../src/shared/studio/step-view';
import { writeQuestion } from '../../src/shared/studio/question-write';
import { realSet } from './studio-set';

const set = realSet();
const words = (en: string, sw: string) => ({ en, sw });
const FENCE: QuestionSpec = {
  name: 'fence_type',
  type: 'choice',
  label: words('Fence', 'Uzio'),
  help: words('', ''),
  required: true,
  options: [
    { value: 'none', label: words('None', 'Hakuna') },
    { value: 'wall', label: words('Wall', 'Ukuta') },
  ],
};
const PLOT: QuestionSpec = {
  name: 'plot_code',
  type: 'text',
  label: words('Plot code', 'Namba ya kiwanja'),
  help: words('', ''),
  required: true,
  format: { pattern: '^[A-Z]{2}[0-9]{3}$', description: words('2 letters and 3 digits', 'herufi 2 na tarakimu 3') },
};

/** [what the officer did, step, name as loaded, the question, position, the codes told (and the part)]. */
const CASES: [string, string, string, QuestionSpec | null, number | undefined, string[]][] = [
  ['a good new choice', 'construction', 'fence_type', FENCE, undefined, []],
  ['a good new text with a format', 'construction', 'plot_code', PLOT, 2, []],
  [
    'a choice with no options',
    'construction',
    'fence_type',
    { ...FENCE, options: [] },
    undefined,
    ['options_missing:options'],
  ],
  [
    'a choice with one option given twice, one without Swahili',
    'construction',
    'fence_type',
    { ...FENCE, options: [FENCE.options![0]!, { value: 'none', label: words('Nothing', '') }] },
    undefined,
    ['option_twice:options', 'option_label_missing:options'],
  ],
  [
    'a label in English only',
    'construction',
    'plot_code',
    { ...PLOT, label: words('Plot code', ' ') },
    undefined,
    ['label_missing:label'],
  ],
  [
    'help in Swahili only',
    'construction',
    'plot_code',
    { ...PLOT, help: words('', 'Msaada') },
    undefined,
    ['help_one_language:help'],
  ],
  [
    'a format that is not a regular expression',
    'construction',
    'plot_code',
    { ...PLOT, format: { ...PLOT.format!, pattern: '^[A-Z{2}(' } },
    undefined,
    ['format_invalid:format'],
  ],
  [
    'a format with a lookahead (RE2, which the server runs patterns on, has none)',
    'construction',
    'plot_code',
    { ...PLOT, format: { ...PLOT.format!, pattern: '^(?=.*[0-9])[A-Z0-9]+$' } },
    undefined,
    ['format_slow:format'],
  ],
  [
    'a format on a long text, or on a text allowed more than 200 characters',
    'construction',
    'plot_code',
    { ...PLOT, type: 'long_text' },
    undefined,
    ['format_too_long:limits'],
  ],
  [
    'a format on a text of at most 200 characters',
    'construction',
    'plot_code',
    { ...PLOT, max_length: 200, format: { ...PLOT.format!, pattern: '^([a-zA-Z0-9]+\\s?)+$' } },
    undefined,
    [],
  ],
  [
    'a format without its words in Swahili',
    'construction',
    'plot_code',
    { ...PLOT, format: { ...PLOT.format!, description: words('2 letters and 3 digits', '') } },
    undefined,
    ['format_description_missing:format'],
  ],
  [
    'a shortest text longer than its longest',
    'construction',
    'plot_code',
    { ...PLOT, min_length: 10, max_length: 5 },
    undefined,
    ['limits_order:limits'],
  ],
  [
    'a smallest number above its largest',
    'construction',
    'road_width',
    { ...PLOT, name: 'road_width', type: 'number', format: undefined, minimum: 10, maximum: 1 },
    undefined,
    ['limits_order:limits'],
  ],
  [
    'a reference list that does not exist',
    'construction',
    'main_room',
    { ...PLOT, name: 'main_room', type: 'reference_list', format: undefined, reference_list: 'kitchens' },
    undefined,
    ['reference_list_unknown:reference_list'],
  ],
  // The name as loaded is the field's: this is a change of "ward" (the server tells a new question by its item).
  ['a question changed whole', 'construction', 'ward', { ...PLOT, name: 'ward' }, undefined, []],
  [
    'a rename onto another question',
    'construction',
    'nu_number',
    { ...PLOT, name: 'ward' },
    undefined,
    ['name_taken:name'],
  ],
  ['a table edited as a question', 'building_details', 'wall', { ...PLOT, name: 'wall' }, undefined, ['advanced:name']],
  [
    'shown when a question that does not exist',
    'construction',
    'plot_code',
    { ...PLOT, show_when: { field: 'storeys', equals: true } },
    undefined,
    ['show_when_unknown:show_when'],
  ],
  [
    'shown when itself is answered',
    'construction',
    'plot_code',
    { ...PLOT, show_when: { field: 'plot_code', equals: 'x' } },
    undefined,
    ['show_when_self:show_when'],
  ],
  [
    'shown when a later question is answered',
    'construction',
    'plot_code',
    { ...PLOT, show_when: { field: 'has_storeys', equals: true } },
    2,
    ['show_when_later:show_when'],
  ],
  [
    'shown when an earlier yes/no is yes',
    'construction',
    'plot_code',
    { ...PLOT, show_when: { field: 'has_storeys', equals: true } },
    9,
    [],
  ],
  [
    'shown when an earlier yes/no is "yes" in quotes',
    'construction',
    'plot_code',
    { ...PLOT, show_when: { field: 'has_storeys', equals: 'yes' } },
    undefined,
    ['show_when_value:show_when'],
  ],
  [
    'shown when a choice has a value it does not offer',
    'construction',
    'plot_code',
    { ...PLOT, show_when: { field: 'current_land_use', equals: 'forest' } },
    undefined,
    ['show_when_value:show_when'],
  ],
  [
    'shown when a text is a number',
    'construction',
    'plot_code',
    { ...PLOT, show_when: { field: 'shehia', equals: 3 } },
    undefined,
    ['show_when_value:show_when'],
  ],
  [
    'shown when a text is given words',
    'construction',
    'plot_code',
    { ...PLOT, show_when: { field: 'shehia', equals: 'Mjini' } },
    undefined,
    [],
  ],
  [
    'shown when a number is given',
    'construction',
    'plot_code',
    { ...PLOT, show_when: { field: 'land_area_m2', equals: 400 } },
    undefined,
    [],
  ],
  [
    'shown when a table is a value',
    'building_details',
    'plot_code',
    { ...PLOT, show_when: { field: 'wall', equals: 'x' } },
    undefined,
    ['show_when_value:show_when'],
  ],
  [
    'a yes/no others are shown by, made a text',
    'construction',
    'has_storeys',
    { ...PLOT, name: 'has_storeys', format: undefined },
    undefined,
    ['condition_broken:type'],
  ],
  [
    'the option others are shown by, taken out of a choice',
    'construction',
    'current_land_use',
    { ...FENCE, name: 'current_land_use' },
    undefined,
    ['condition_broken:options'],
  ],
  ['a question others are shown by, removed', 'construction', 'has_storeys', null, undefined, ['in_use:name']],
  ['an optional question removed', 'construction', 'warka_number', null, undefined, []],
];

describe('the early checks of a question', () => {
  it.each(CASES)('%s', (_, step, name, spec, position, expected) => {
    const found = questionProblems(set, step, name, spec, position);
    expect(found.map((p) => `${p.code}:${p.part}`)).toEqual(expected);
    for (const p of found) expect(p.key).toBe(`studio_question_${p.code}`);
  });

  it('says who depends on a question: the questions it shows and the documents asked on its answer', () => {
    const [problem] = questionProblems(set, 'construction', 'has_storeys', null);
    expect(problem?.params).toEqual({
      field: 'has_storeys',
      by: 'storey_count, electrical_drawings, mechanical_drawings, structural_calculations, …',
    });
  });

  it('accepts every real question as it is', () => {
    for (const step of Object.keys(set.steps))
      for (const name of Object.keys(set.steps[step]!.schema.properties as object)) {
        const spec = readQuestion(set, step, name);
        if (spec) expect(questionProblems(set, step, name, spec), `${step}.${name}`).toEqual([]);
      }
  });

  it('checks a condition against the answers of a question added in the draft', () => {
    const draft = writeQuestion(set, 'construction', FENCE.name, FENCE, 0);
    const on = (equals: string) =>
      questionProblems(draft, 'construction', 'plot_code', { ...PLOT, show_when: { field: 'fence_type', equals } });
    expect(on('wall')).toEqual([]);
    expect(on('hedge').map((p) => p.code)).toEqual(['show_when_value']);
  });

  it('has a message for every problem in both languages, with the same placeholders', () => {
    for (const language of ['en', 'sw']) {
      const messages = JSON.parse(
        readFileSync(path.join(PROJECT_ROOT, 'locales', language, 'api.json'), 'utf8'),
      ) as Record<string, string>;
      for (const code of QUESTION_PROBLEM_CODES)
        expect(messages[`studio_question_${code}`], `${language} ${code}`).toMatch(/\S/);
    }
  });
});
