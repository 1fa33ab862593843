import { describe, expect, it } from 'vitest';
import type { FormsSet } from '../../src/shared/forms';
import { formsSetProblems } from '../../src/shared/forms-check/set-check';
import { realSet } from './studio-set';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The problems of fees.json after an edit of the repository's schedule, as "code severity at". */
function feeProblems(edit: (fees: Json, set: FormsSet) => void): string[] {
  const set = structuredClone(realSet());
  edit(set.fees as Json, set);
  return formsSetProblems(set)
    .filter((p) => p.file === 'fees.json')
    .map((p) => `${p.code} ${p.severity} ${(p.path ?? []).join('.')}`);
}

describe('the checker of the fee schedule (src/shared/forms-check/fees-check.ts)', () => {
  it('passes the repository’s schedule, and a set without one (an older version: no estimate)', () => {
    expect(feeProblems(() => {})).toEqual([]);
    expect(feeProblems((_, set) => delete set.fees)).toEqual([]);
  });

  it.each<[string, (fees: Json, set: FormsSet) => void, string[]]>([
    ['a negative base fee', (f) => (f.types.new.base = -1), ['fees_amount error types.new.base']],
    ['a fee in decimals', (f) => (f.types.repair.minimum = 30000.5), ['fees_amount error types.repair.minimum']],
    [
      'a fee in quotes',
      (f) => (f.types.new.area.rates.commercial = '3000'),
      ['fees_amount error types.new.area.rates.commercial'],
    ],
    ['rounding to 0', (f) => (f.types.new.round_to = 0), ['fees_round_to error types.new.round_to']],
    [
      'an unknown application type',
      (f) => (f.types.renewal = f.types.repair),
      ['application_type_unknown error types.renewal'],
    ],
    [
      'a misspelt use',
      (f) => {
        f.types.new.area.rates.comercial = f.types.new.area.rates.commercial;
        delete f.types.new.area.rates.commercial;
      },
      ['fees_rate_use_unknown error types.new.area.rates.comercial', 'fees_rate_missing error types.new.area.rates'],
    ],
    [
      'an area answer that does not exist',
      (f) => (f.types.new.area.answer = 'construction_details.total_area'),
      ['condition_field_unknown error types.new.area.answer'],
    ],
    [
      'an area answer of a step the type does not ask',
      (f) => (f.types.repair.area = { answer: 'special_plot.area_m2', rate: 10 }),
      ['fees_answer_not_in_flow error types.repair.area.answer'],
    ],
    [
      'a storey count that is not a number',
      (f) => (f.types.new.storeys.answer = 'construction.shehia'),
      ['fees_answer_not_number error types.new.storeys.answer'],
    ],
    [
      'storey bands that overlap',
      (f) => (f.types.new.storeys.bands[1].from = 2),
      ['fees_band_order error types.new.storeys.bands.1'],
    ],
    [
      'an open band before the last',
      (f) => delete f.types.new.storeys.bands[0].to,
      ['fees_band_open error types.new.storeys.bands.0', 'fees_band_order error types.new.storeys.bands.1'],
    ],
    [
      'an exemption without its Swahili reason',
      (f) => delete f.types.government.exemption.reason.sw,
      ['fees_exemption_reason error types.government.exemption'],
    ],
    ['a line name in English only', (f) => delete f.names.area.sw, ['fees_name_missing error names.area']],
    ['a misspelt part', (f) => (f.types.new.minimun = 1), ['fees_type_part_unknown error types.new.minimun']],
    ['another currency', (f) => (f.currency = 'USD'), ['fees_currency error currency']],
    ['a type left out (a warning)', (f) => delete f.types.special, ['fees_type_missing warning types']],
  ])('tells %s', (_, edit, expected) => {
    expect(feeProblems(edit)).toEqual(expected);
  });

  it('writes a misspelt use for policy staff, with the use meant and every use', () => {
    const set = structuredClone(realSet());
    (set.fees as Json).types.new.area.rates.comercial = 1;
    const problem = formsSetProblems(set).find((p) => p.code === 'fees_rate_use_unknown')!;
    expect(problem.message).toBe(
      '"comercial" is not an answer of "construction.current_land_use". Did you mean "commercial"? Its answers are ' +
        '"residential", "commercial", "mixed", "industrial", "agricultural", "institutional", "vacant" and "other".',
    );
    expect(problem.params).toMatchObject({ use: 'comercial', suggestion: 'commercial' });
  });
});
