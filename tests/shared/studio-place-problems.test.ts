import { describe, expect, it } from 'vitest';
import type { FormsSet } from '../../src/shared/forms';
import { formsSetProblems } from '../../src/shared/forms-check/set-check';
import { placeProblems } from '../../src/shared/studio/place-problems';
import { dropText } from '../../src/shared/studio/step-texts';
import { realSet } from './studio-set';

type Json = Record<string, unknown>;
const live = realSet();

/** A copy of the live set edited as a policy officer might in advanced mode. */
function edited(edit: (set: FormsSet) => void): FormsSet {
  const set = structuredClone(live);
  edit(set);
  return set;
}
const field = (set: FormsSet, step: string, name: string) =>
  (set.steps[step]!.schema.properties as Record<string, Json>)[name]!;
const branchField = (set: FormsSet, step: string, branch: number, name: string) =>
  ((set.steps[step]!.schema.allOf as Json[])[branch]!.then as { properties: Record<string, Json> }).properties[name]!;

/** [what was done, the edit, where each error is placed: file step field document]. */
const CASES: [string, (set: FormsSet) => void, string[]][] = [
  [
    '"patern" in a field shown under a condition',
    (set) => {
      const zan = branchField(set, 'personal', 0, 'zan_id');
      zan.patern = zan.pattern;
      delete zan.pattern;
    },
    ['steps/personal.schema.json personal zan_id -'],
  ],
  [
    'a maximum that is not a number',
    (set) => void (field(set, 'construction', 'land_area_m2').maximum = 'a lot'),
    ['steps/construction.schema.json construction land_area_m2 -'],
  ],
  [
    'a required name misspelt (no question to show it on: the step)',
    (set) => void (set.steps.construction!.schema.required as string[]).push('plot_numbr'),
    ['steps/construction.schema.json construction - -'],
  ],
  [
    'a field required in its branch, misspelt there',
    (set) => {
      const then = (set.steps.building!.schema.allOf as Json[])[0]!.then as Json;
      (then.required as string[])[1] = 'well_dg';
    },
    ['steps/building.schema.json building - -'],
  ],
  [
    '"textare" for a widget',
    (set) => void ((set.steps.repair!.uiSchema.repair_description as Json)['ui:widget'] = 'textare'),
    ['steps/repair.ui.json repair repair_description -'],
  ],
  [
    'a help with no Swahili',
    (set) => dropText(set.texts.sw, 'construction.shehia.help'),
    ['texts/sw.json construction shehia -'],
  ],
  ["a step's title with no English", (set) => dropText(set.texts.en, 'repair.title'), ['texts/en.json repair - -']],
  [
    'a document asked on an answer that does not exist',
    (set) => void (set.documents[15]!.applies.when![1]!.answer = 'construction.storeys'),
    ['documents.json - - eia_certificate'],
  ],
  [
    'a flow naming a step with no files',
    (set) => void (set.flows = { ...set.flows, repair: ['personal', 'repairs', 'uploads'] }),
    ['flows.json - - -'],
  ],
  [
    'a flow naming a step twice',
    (set) => void (set.flows = { ...set.flows, repair: ['personal', 'repair', 'repair', 'uploads'] }),
    ['flows.json repair - -'],
  ],
];

describe('each problem of the checker, placed next to what it is about', () => {
  it.each(CASES)('%s', (_, edit, expected) => {
    const set = edited(edit);
    const placed = placeProblems(
      set,
      formsSetProblems(set).filter((p) => p.severity === 'error'),
    );
    expect(placed.map((p) => [p.file, p.step ?? '-', p.field ?? '-', p.document ?? '-'].join(' '))).toEqual(expected);
    // Placing adds where; it keeps what the checker said.
    for (const p of placed) expect(p.message).toMatch(/\S/);
  });

  it('places the warning of a text no step uses on the step its key names', () => {
    const set = edited((s) => {
      (s.texts.en.construction as Json).old_note = 'Old';
      (s.texts.sw.construction as Json).old_note = 'Zamani';
    });
    const warnings = placeProblems(
      set,
      formsSetProblems(set).filter((p) => p.severity === 'warning'),
    );
    expect(warnings.map((p) => [p.file, p.path?.join('.'), p.step, p.field ?? '-'].join(' '))).toEqual([
      'texts/en.json construction.old_note construction -',
    ]);
  });
});
