import { describe, expect, it } from 'vitest';
import { translationKeys } from '../../src/shared/forms';
import { formsChanges } from '../../src/shared/studio/forms-changes';
import { textKeysOf, textOf } from '../../src/shared/studio/step-texts';
import { textEntries, withTexts } from '../../src/shared/studio/text-entries';
import { realSet } from './studio-set';

const live = realSet();
const frozen = JSON.stringify(live);

describe('the texts of a forms set, as a translator gets them', () => {
  const entries = textEntries(live);
  const keys = entries.map((e) => e.key);

  it('lists every text once, with its words in both languages', () => {
    expect(new Set(keys).size).toBe(keys.length);
    const all = new Set([...textKeysOf(live.texts.en), ...textKeysOf(live.texts.sw)]);
    expect([...all].filter((k) => !keys.includes(k))).toEqual([]);
    for (const step of Object.values(live.steps))
      for (const key of translationKeys(step)) expect(keys, key).toContain(key);
    for (const e of entries) {
      expect(e.en, e.key).toBe(textOf(live.texts.en, e.key));
      expect(e.sw, e.key).toBe(textOf(live.texts.sw, e.key));
    }
  });

  it('in the order the applicant meets them: flow by flow, step by step, question by question', () => {
    expect(keys.slice(0, 7)).toEqual([
      'personal.title',
      'personal.description',
      'personal.identification_type.title',
      'personal.identification_type.options.zanid',
      'personal.identification_type.options.passport',
      'personal.zan_id.title',
      'personal.zan_id.description',
    ]);
    const at = (key: string) => keys.indexOf(key);
    // ui:order puts other_land_use right after current_land_use, though the schema declares it in a branch.
    expect(at('construction.other_land_use.title')).toBe(at('construction.current_land_use.options.other') + 1);
    expect(at('engineer.title')).toBeLessThan(at('construction.title'));
    // The steps of the new flow first; the repair and special steps when their flows come.
    expect(at('uploads.title')).toBeLessThan(at('repair.title'));
    expect(at('repair.title')).toBeLessThan(at('special_plot.title'));
    // A table's own words come with it: its title, its columns, its buttons.
    expect(at('construction_details.floors.rows.add')).toBeGreaterThan(at('construction_details.floors.title'));
    expect(at('construction_details.floors.rows.add')).toBeLessThan(at('construction_details.total_area_m2.title'));
  });

  it('is the same list every time', () => {
    expect(textEntries(realSet())).toEqual(entries);
  });

  it('written back unchanged gives the same texts, keys in the same order', () => {
    expect(JSON.stringify(withTexts(live, entries))).toBe(frozen);
  });

  it('written back with one Swahili text changed changes that text only, and never the set given', () => {
    const changed = entries.map((e) =>
      e.key === 'personal.street.title' ? { ...e, sw: 'Mtaa au kijiji unachoishi' } : e,
    );
    const draft = withTexts(live, changed);
    expect(JSON.stringify(live)).toBe(frozen);
    expect(formsChanges(live, draft)).toEqual([
      expect.objectContaining({
        kind: 'text_changed',
        key: 'personal.street.title',
        language: 'sw',
        before: 'Mtaa',
        after: 'Mtaa au kijiji unachoishi',
      }),
    ]);
  });

  it('adds a text at its dotted key, and takes out a language left empty', () => {
    const draft = withTexts(live, [
      { key: 'construction.plot_number.help', en: 'On the survey plan.', sw: 'Kwenye ramani ya upimaji.' },
      { key: 'construction.shehia.help', en: textOf(live.texts.en, 'construction.shehia.help')!, sw: '' },
    ]);
    expect(textOf(draft.texts.sw, 'construction.plot_number.help')).toBe('Kwenye ramani ya upimaji.');
    expect(textOf(draft.texts.sw, 'construction.shehia.help')).toBeUndefined();
    expect(textOf(draft.texts.en, 'construction.shehia.help')).toBe(textOf(live.texts.en, 'construction.shehia.help'));
  });
});
