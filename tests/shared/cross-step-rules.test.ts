import { describe, expect, it } from 'vitest';
import {
  crossStepErrors,
  expectedFloors,
  floorRowErrors,
  storeysOf,
  type RuleError,
} from '../../src/shared/cross-step-rules';

const storeys = (count: number | null) =>
  count === null ? { has_storeys: false } : { has_storeys: true, storey_count: count };
const rows = (...numbers: unknown[]) => ({ floors: numbers.map((floor) => ({ floor, rooms: [] })) });

const count = (n: number): RuleError => ({ path: '/floors', key: 'floors_count', params: { rows: n + 1, storeys: n } });
const groundOnly: RuleError = { path: '/floors', key: 'floors_ground_only', params: {} };
const duplicate = (index: number, floor: number): RuleError => ({
  path: `/floors/${index}/floor`,
  key: 'floor_duplicate',
  params: { floor },
});
const above = (index: number, n: number): RuleError => ({
  path: `/floors/${index}/floor`,
  key: 'floor_out_of_range',
  params: { storeys: n },
});
const notGround = (index: number): RuleError => ({
  path: `/floors/${index}/floor`,
  key: 'floor_ground_only',
  params: {},
});

describe('storeysOf', () => {
  it.each([
    [{ has_storeys: false }, 0],
    [{ has_storeys: false, storey_count: 4 }, 0],
    [{ has_storeys: true, storey_count: 3 }, 3],
    [{ has_storeys: true }, undefined],
    [{ has_storeys: true, storey_count: 2.5 }, undefined],
    [{ has_storeys: true, storey_count: '2' }, undefined],
    [{}, undefined],
    [undefined, undefined],
  ])('%j → %s', (construction, expected) => {
    expect(storeysOf(construction)).toBe(expected);
  });
});

describe('expectedFloors', () => {
  it('is the ground floor and each storey', () => {
    expect(expectedFloors(0)).toEqual([0]);
    expect(expectedFloors(3)).toEqual([0, 1, 2, 3]);
  });
});

describe('floorRowErrors', () => {
  it.each<[string, unknown, unknown, RuleError[]]>([
    ['no storeys, the ground floor', storeys(null), rows(0), []],
    ['two storeys, in order', storeys(2), rows(0, 1, 2), []],
    ['two storeys, in any order', storeys(2), rows(2, 0, 1), []],
    ['no storeys, two rows', storeys(null), rows(0, 1), [groundOnly, notGround(1)]],
    ['no storeys, floor 1 alone', storeys(null), rows(1), [notGround(0)]],
    ['two storeys, a row missing', storeys(2), rows(0, 1), [count(2)]],
    ['one storey, a row too many', storeys(1), rows(0, 1, 0), [count(1), duplicate(2, 0)]],
    ['two storeys, a floor repeated instead of another', storeys(2), rows(0, 1, 1), [duplicate(2, 1)]],
    ['two storeys, a floor above the top one', storeys(2), rows(0, 1, 3), [above(2, 2)]],
    ['a repeated floor above the top one counts once', storeys(1), rows(0, 5, 5), [count(1), above(1, 1), above(2, 1)]],
    ['rows without a floor number are the schema’s business', storeys(1), rows(0, 'x', undefined), [count(1)]],
    ['storeys not answered yet', { has_storeys: true }, rows(0, 0, 9), []],
    ['no construction step', undefined, rows(0, 1), []],
    ['no floors yet', storeys(2), {}, []],
    ['floors not a list', storeys(2), { floors: 'three' }, []],
  ])('%s', (_label, construction, details, expected) => {
    expect(floorRowErrors(construction, details)).toEqual(expected);
  });
});

describe('crossStepErrors', () => {
  const marked = (module: string) => ({ schema: { type: 'object', 'x-step-module': module } });
  const steps = {
    personal: marked('applicant'),
    construction: marked('storeys'),
    construction_details: marked('floors'),
  };

  it('names the floors step in the paths', () => {
    expect(crossStepErrors({ construction: storeys(1), construction_details: rows(0, 0) }, steps)).toEqual([
      { path: '/construction_details/floors/1/floor', key: 'floor_duplicate', params: { floor: 0 } },
    ]);
  });

  it('finds the steps by their module, whatever they are called', () => {
    const renamed = { size: marked('storeys'), rooms_by_floor: marked('floors') };
    expect(crossStepErrors({ size: storeys(0), rooms_by_floor: rows(0, 1) }, renamed)).toEqual([
      { path: '/rooms_by_floor/floors', key: 'floors_ground_only', params: {} },
      { path: '/rooms_by_floor/floors/1/floor', key: 'floor_ground_only', params: {} },
    ]);
    // Steps named as the old ones but without the markers carry no rule.
    expect(crossStepErrors({ construction: storeys(1), construction_details: rows(0, 0) }, {})).toEqual([]);
  });

  it('looks only at the flow given', () => {
    expect(
      crossStepErrors({ construction: storeys(1), construction_details: rows(0, 0) }, steps, ['personal', 'repair']),
    ).toEqual([]);
  });

  it('has nothing to say about applications without floors (repair, special)', () => {
    expect(crossStepErrors({ personal: {}, repair: {} }, steps)).toEqual([]);
  });
});
