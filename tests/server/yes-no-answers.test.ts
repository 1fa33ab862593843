import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, draft, json, personal, SAVE, stored, validation, without, type Answers } from './application-fixtures';
import { createTestApp, databaseKinds, type TestApp } from './helpers';

// Item 5 of issue 17: a required yes/no question has no default, so the server must refuse it unanswered
// (the wizard shows it with no option chosen) and keep nothing of that save.

const special = json<Record<string, Answers>>('schemas/samples/special.json');
const DECLARATIONS = [
  'three_acre_area',
  'government_area',
  'agricultural_area',
  'flood_area',
  'near_water_or_power_source',
];

describe.each(databaseKinds)('required yes/no questions (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { kind });
  });
  afterAll(() => t?.close());

  it.each(['en', 'sw'] as const)(
    'refuses the special plot step with its declarations unanswered (%s)',
    async (language) => {
      const reference = await draft(t, 'special', [['personal', personal()]]);
      const before = await stored(t, reference);
      const res = await call(
        t,
        SAVE,
        {
          application_type: 'special',
          step_number: 2,
          reference_number: reference,
          data: without(special.special_plot!, ...DECLARATIONS),
        },
        { 'accept-language': language },
      );
      expect(res.status).toBe(422);
      expect([...res.data.errors!].sort((a, b) => a.path.localeCompare(b.path))).toEqual(
        [...DECLARATIONS]
          .sort()
          .map((name) => ({ path: `/special_plot/${name}`, message: validation[language].required })),
      );
      const after = await stored(t, reference);
      expect(after.step_number).toBe(before.step_number);
      expect(JSON.stringify(after)).not.toContain('flood_area');
    },
  );

  it('keeps exactly the answers given: "No" stays false, "Yes" stays true, none added', async () => {
    const reference = await draft(t, 'special', [['personal', personal()]]);
    const res = await call(t, SAVE, {
      application_type: 'special',
      step_number: 2,
      reference_number: reference,
      data: special.special_plot,
    });
    expect(res.status).toBe(200);
    const row = await stored(t, reference);
    expect(JSON.stringify(row)).toContain('"flood_area":false');
    expect(JSON.stringify(row)).toContain('"three_acre_area":true');
  });
});
