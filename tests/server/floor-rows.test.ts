import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Splash } from '../../src/shared/reference-data';
import {
  api,
  buildingSteps,
  call,
  draft,
  engineerProofs,
  FINAL,
  floorsFor,
  SAVE,
  stored,
  validation,
  withReferenceIds,
  type Answers,
} from './application-fixtures';
import { createTestApp, databaseKinds, post, type Envelope, type TestApp } from './helpers';

// The construction details' floor rows must be the ground floor plus one row per storey of the
// construction step (src/shared/cross-step-rules.ts): checked on save of the floors' step and on submit.

/** A validation text with its {{placeholders}} filled in, as the server's i18next does. */
const text = (language: 'en' | 'sw', key: string, params: Record<string, unknown> = {}) =>
  Object.entries(params).reduce(
    (message, [name, value]) => message.replaceAll(`{{${name}}}`, String(value)),
    validation[language][key]!,
  );

describe.each(databaseKinds)('floor rows against the storey count (%s)', (kind) => {
  let t: TestApp;
  let splash: Splash;

  /** A new application saved up to the construction step, with `storeys` storeys (0: none). */
  const upToConstruction = async (storeys: number) => {
    const steps = buildingSteps(splash, Math.max(storeys, 1));
    const construction = steps[2]![1];
    if (storeys === 0) {
      construction.has_storeys = false;
      delete construction.storey_count;
    }
    return { reference: await draft(t, 'new', steps.slice(0, 3)), steps };
  };
  /** The sample floors with the given floor numbers, rooms bound to real reference ids. */
  const floorsNumbered = (...numbers: number[]) => {
    const details = withReferenceIds('construction_details', floorsFor(numbers.length - 1), splash);
    (details.floors as Answers[]).forEach((row, i) => (row.floor = numbers[i]));
    return details;
  };
  const saveFloors = (reference: string, data: Answers, language = 'en') =>
    call(
      t,
      SAVE,
      { application_type: 'new', step_number: 4, data, reference_number: reference },
      { 'accept-language': language },
    );

  beforeAll(async () => {
    t = await createTestApp({}, { kind, engineerProofs });
    splash = (await post<Envelope<Splash>>(t.app, '/api/splash/get_splash', {})).body!.response.data;
  });
  afterAll(() => t?.close());

  it.each([
    [0, [0]],
    [1, [0, 1]],
    [2, [0, 2, 1]],
  ])('saves a building of %i storeys with floors %j', async (storeys, numbers) => {
    const { reference } = await upToConstruction(storeys);
    const res = await saveFloors(reference, floorsNumbered(...numbers));
    expect(res.status).toBe(200);
    expect(res.data.step_number).toBe(5);
  });

  it('refuses too few rows, a repeated floor and a floor above the top storey, in both languages', async () => {
    const { reference } = await upToConstruction(2);
    const short = await saveFloors(reference, floorsNumbered(0, 1));
    expect(short.status).toBe(422);
    expect(short.message).toBe(api.en.validation_failed);
    expect(short.data.errors).toEqual([
      { path: '/construction_details/floors', message: text('en', 'floors_count', { rows: 3, storeys: 2 }) },
    ]);

    const wrong = await saveFloors(reference, floorsNumbered(0, 1, 1, 3), 'sw');
    expect(wrong.status).toBe(422);
    expect(wrong.message).toBe(api.sw.validation_failed);
    expect(wrong.data.errors).toEqual([
      { path: '/construction_details/floors', message: text('sw', 'floors_count', { rows: 3, storeys: 2 }) },
      { path: '/construction_details/floors/2/floor', message: text('sw', 'floor_duplicate', { floor: 1 }) },
      { path: '/construction_details/floors/3/floor', message: text('sw', 'floor_out_of_range', { storeys: 2 }) },
    ]);
    expect((await stored(t, reference)).answers).not.toHaveProperty('construction_details');
  });

  it('says a repeated floor is listed twice without its number: never "floor 0", in both languages', async () => {
    const { reference } = await upToConstruction(1);
    for (const language of ['en', 'sw'] as const) {
      const res = await saveFloors(reference, floorsNumbered(0, 0), language);
      expect(res.status).toBe(422);
      expect(res.data.errors).toEqual([
        { path: '/construction_details/floors/1/floor', message: validation[language].floor_duplicate },
      ]);
      expect(res.data.errors?.[0]?.message).not.toMatch(/\b0\b/);
    }
  });

  it('asks a building without storeys for the ground floor only', async () => {
    const { reference } = await upToConstruction(0);
    const res = await saveFloors(reference, floorsNumbered(0, 1));
    expect(res.status).toBe(422);
    expect(res.data.errors).toEqual([
      { path: '/construction_details/floors', message: validation.en.floors_ground_only },
      { path: '/construction_details/floors/1/floor', message: validation.en.floor_ground_only },
    ]);
  });

  it('lets the storey count change, and refuses the submit until the floors follow it', async () => {
    const { reference, steps } = await upToConstruction(1);
    expect((await saveFloors(reference, floorsNumbered(0, 1))).status).toBe(200);
    // Back on the construction step: two storeys now. Saving it is not refused…
    const construction = { ...steps[2]![1], storey_count: 2 };
    const res = await call(t, SAVE, {
      application_type: 'new',
      step_number: 3,
      data: construction,
      reference_number: reference,
    });
    expect(res.status).toBe(200);
    // …but the application cannot be submitted with the old floors (before any document is looked at).
    const submit = await call(t, FINAL, {
      application_type: 'new',
      reference_number: reference,
      data: { building: steps[4]![1], building_details: steps[5]![1], uploads: {} },
    });
    expect(submit.status).toBe(422);
    expect(submit.data.errors).toEqual([
      { path: '/construction_details/floors', message: text('en', 'floors_count', { rows: 3, storeys: 2 }) },
    ]);
    expect((await stored(t, reference)).status).toBe('draft');
  });

  it('checks the floors sent with the submit against the storeys sent with it', async () => {
    const data: Record<string, Answers> = Object.fromEntries(buildingSteps(splash, 3));
    data.construction_details = floorsNumbered(0, 1, 2, 2);
    const res = await call(t, FINAL, { application_type: 'government', data: { ...data, uploads: {} } });
    expect(res.status).toBe(422);
    expect(res.data.errors).toEqual([
      { path: '/construction_details/floors/3/floor', message: text('en', 'floor_duplicate', { floor: 2 }) },
    ]);
  });
});
