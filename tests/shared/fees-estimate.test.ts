import { describe, expect, it } from 'vitest';
import { estimateFee, type EstimateResult } from '../../src/shared/fees/fee-estimate';
import type { FeeSchedule } from '../../src/shared/fees/fee-schedule';
import type { ApplicationType } from '../../src/shared/wizard-driver';
import { realSet } from './studio-set';

// The estimate against the repository's own schedule (schemas/fees.json), so a change of the policy
// numbers shows here as a change of these tables.

const set = realSet();
const schedule = set.fees!;

type Answers = Record<string, Record<string, unknown>>;
const building = (use: string, area: number, storeys?: number): Answers => ({
  construction: {
    current_land_use: use,
    has_storeys: storeys !== undefined,
    ...(storeys ? { storey_count: storeys } : {}),
  },
  construction_details: { total_area_m2: area },
});
const total = (result: EstimateResult) => ('estimate' in result ? result.estimate.total_tzs : undefined);
const lines = (result: EstimateResult) =>
  'estimate' in result ? result.estimate.lines.map((l) => [l.kind, l.quantity, l.rate_tzs, l.amount_tzs]) : [];

describe('the fee estimate (src/shared/fees/fee-estimate.ts) against schemas/fees.json', () => {
  it.each([
    // use, m², storeys → total: base 50,000 + area × the use's rate, storeys 3–4 at 50,000, 5+ at 100,000
    ['residential', 100, undefined, 150_000],
    ['commercial', 100, undefined, 350_000],
    ['mixed', 100, undefined, 250_000],
    ['industrial', 100, undefined, 300_000],
    ['agricultural', 100, undefined, 100_000], // 100,000: exactly the minimum
    ['institutional', 100, undefined, 200_000],
    ['vacant', 100, undefined, 150_000],
    ['other', 100, undefined, 200_000],
  ])('a new %s building of %i m² (storeys %s) costs %i TZS', (use, area, storeys, expected) => {
    expect(total(estimateFee(set, 'new', building(use, area, storeys)))).toBe(expected);
  });

  it.each([
    [1, 150_000, []],
    [2, 150_000, []],
    [3, 200_000, [['storeys', 1, 50_000, 50_000]]],
    [4, 250_000, [['storeys', 2, 50_000, 100_000]]],
    [
      5,
      350_000,
      [
        ['storeys', 2, 50_000, 100_000],
        ['storeys', 1, 100_000, 100_000],
      ],
    ],
    [
      60,
      5_850_000,
      [
        ['storeys', 2, 50_000, 100_000],
        ['storeys', 56, 100_000, 5_600_000],
      ],
    ],
  ])('charges %i storeys band by band: %i TZS', (storeys, expected, storeyLines) => {
    const result = estimateFee(set, 'new', building('residential', 100, storeys));
    expect(total(result)).toBe(expected);
    expect(lines(result).filter((l) => l[0] === 'storeys')).toEqual(storeyLines);
  });

  it.each([
    // area edge cases: none, a fraction (rounded to the shilling, then the total up to 1,000), the largest
    [
      0,
      100_000,
      [
        ['base', 1, 50_000, 50_000],
        ['area', 0, 1_000, 0],
        ['minimum', 1, 50_000, 50_000],
      ],
    ],
    [
      50,
      100_000,
      [
        ['base', 1, 50_000, 50_000],
        ['area', 50, 1_000, 50_000],
      ],
    ],
    [
      50.0004,
      100_000,
      [
        ['base', 1, 50_000, 50_000],
        ['area', 50.0004, 1_000, 50_000],
      ],
    ],
    [
      50.6,
      101_000,
      [
        ['base', 1, 50_000, 50_000],
        ['area', 50.6, 1_000, 50_600],
        ['rounding', 1, 400, 400],
      ],
    ],
    [
      92.35,
      143_000,
      [
        ['base', 1, 50_000, 50_000],
        ['area', 92.35, 1_000, 92_350],
        ['rounding', 1, 650, 650],
      ],
    ],
    [
      1_000_000,
      1_000_050_000,
      [
        ['base', 1, 50_000, 50_000],
        ['area', 1_000_000, 1_000, 1_000_000_000],
      ],
    ],
  ])('a residential floor area of %f m² gives %i TZS with its lines', (area, expected, expectedLines) => {
    const result = estimateFee(set, 'new', building('residential', area));
    expect(total(result)).toBe(expected);
    expect(lines(result)).toEqual(expectedLines);
  });

  it('names each line in both languages, and the use class from the form’s own option titles', () => {
    const result = estimateFee(set, 'new', building('commercial', 10));
    if (!('estimate' in result)) throw new Error('no estimate');
    const area = result.estimate.lines.find((l) => l.kind === 'area')!;
    expect(area.name).toEqual({ en: 'Floor area', sw: 'Eneo la sakafu' });
    expect(area.detail).toEqual({ en: 'Business', sw: 'Biashara' });
    expect(area.unit).toBe('m2');
    expect(result.estimate.exemption).toBeNull();
  });

  it('exempts government buildings: the lines say how it would be computed, the total is 0, the reason named', () => {
    const result = estimateFee(set, 'government', building('institutional', 200, 3));
    if (!('estimate' in result)) throw new Error('no estimate');
    expect(result.estimate.total_tzs).toBe(0);
    expect(result.estimate.exemption?.en).toMatch(/Government buildings/);
    expect(result.estimate.exemption?.sw).toMatch(/Serikali/);
    expect(lines(result)).toEqual([
      ['base', 1, 50_000, 50_000],
      ['area', 200, 1_500, 300_000],
      ['storeys', 1, 50_000, 50_000],
      ['exemption', 1, -400_000, -400_000],
    ]);
  });

  it.each<[ApplicationType, Answers, number]>([
    ['repair', { repair: { repair_type: 'roof' } }, 30_000],
    ['special', { special_plot: { area_m2: 600 } }, 110_000],
    ['special', { special_plot: { area_m2: 10 } }, 51_000],
    ['special', { special_plot: { area_m2: 0 } }, 50_000],
  ])('a %s application with %j costs %i TZS', (type, answers, expected) => {
    expect(total(estimateFee(set, type, answers))).toBe(expected);
  });

  it.each<[string, ApplicationType, Answers, unknown]>([
    [
      'no floor area',
      'new',
      { construction: { current_land_use: 'residential', has_storeys: false } },
      'construction_details.total_area_m2',
    ],
    [
      'no use',
      'new',
      { construction: { has_storeys: false }, construction_details: { total_area_m2: 10 } },
      'construction.current_land_use',
    ],
    ['a use with no rate', 'new', building('spaceport', 10), 'construction.current_land_use'],
    ['no storeys step at all', 'new', { construction_details: { total_area_m2: 10 } }, 'construction.current_land_use'],
    ['an area that is not a number', 'special', { special_plot: { area_m2: 'big' } }, 'special_plot.area_m2'],
    ['a negative area', 'special', { special_plot: { area_m2: -5 } }, 'special_plot.area_m2'],
  ])('gives no estimate with %s, naming the question', (_, type, answers, answer) => {
    const result = estimateFee(set, type, answers);
    expect(result).toMatchObject({ missing: { reason: 'missing_answer', answer } });
  });

  it('names the missing question in both languages', () => {
    const result = estimateFee(set, 'special', {});
    expect(result).toEqual({
      missing: {
        reason: 'missing_answer',
        answer: 'special_plot.area_m2',
        question: { en: 'Plot area (m²)', sw: 'Ukubwa wa kiwanja (m²)' },
      },
    });
  });

  it('counts no storeys when the step is answered without a storey count (a building without storeys)', () => {
    const result = estimateFee(set, 'new', building('residential', 100));
    expect(lines(result).some((l) => l[0] === 'storeys')).toBe(false);
  });

  it('gives no estimate for a version without a schedule, or a type the schedule leaves out', () => {
    const older = { ...set, fees: undefined };
    expect(estimateFee(older, 'repair', {})).toEqual({ missing: { reason: 'no_schedule' } });
    const partial: FeeSchedule = { ...schedule, types: { new: schedule.types.new } };
    expect(estimateFee({ ...set, fees: partial }, 'repair', {})).toEqual({ missing: { reason: 'no_fees_for_type' } });
  });

  it('applies the minimum and the rounding of the schedule it is given', () => {
    const custom: FeeSchedule = {
      ...schedule,
      types: { special: { base: 1_234, area: { answer: 'special_plot.area_m2', rate: 7 }, minimum: 0, round_to: 500 } },
    };
    const result = estimateFee({ ...set, fees: custom }, 'special', { special_plot: { area_m2: 3 } });
    expect(total(result)).toBe(1_500);
    expect(lines(result)).toEqual([
      ['base', 1, 1_234, 1_234],
      ['area', 3, 7, 21],
      ['rounding', 1, 245, 245],
    ]);
  });
});
