import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldError } from '../../src/shared/envelope';
import type { Splash } from '../../src/shared/reference-data';
import {
  allRows,
  api,
  buildingSteps,
  call,
  codesOf,
  confirmedEngineer,
  draft,
  engineerProofs,
  ENGINEER,
  GOOD_TOKEN,
  json,
  madeUpUploads,
  personal,
  REFERENCE,
  rowCount,
  sample,
  samples,
  SAVE,
  stored,
  validation,
  without,
  type Answers,
  type Language,
} from './application-fixtures';
import { createTestApp, databaseKinds, post, type Envelope, type TestApp } from './helpers';

// Saving steps one by one. Submitting a whole application (with its uploads) is in submit.test.ts.

const flows = json<Record<string, string[]>>('schemas/flows.json');

/** Whether `message` is one of locales/en/validation.json, its limit filled in. */
const isValidationMessage = (message: string) =>
  Object.values(validation.en).some((text) => {
    const [before = '', after = ''] = text.split('{{limit}}');
    return text.includes('{{limit}}')
      ? message.startsWith(before) &&
          message.endsWith(after) &&
          /^-?[\d.]+$/.test(message.slice(before.length, message.length - after.length))
      : message === text;
  });

const byPath = (errors: FieldError[] | undefined) => [...(errors ?? [])].sort((a, b) => a.path.localeCompare(b.path));

describe.each(databaseKinds)('applications (%s)', (kind) => {
  /** The app's own engineer proofs: no code was ever validated, so every token is refused. */
  let t: TestApp;
  /** Engineer proofs of the test's own: GOOD_TOKEN confirms the sample engineer. */
  let tp: TestApp;
  let splash: Splash;
  let normalCodes: string[];

  const repairDraft = () =>
    draft(t, 'repair', [
      ['personal', personal()],
      ['repair', sample('repair ok (no neighbours)')],
    ]);

  beforeAll(async () => {
    [t, tp] = await Promise.all([createTestApp({}, { kind }), createTestApp({}, { kind, engineerProofs })]);
    splash = (await post<Envelope<Splash>>(t.app, '/api/splash/get_splash', {})).body!.response.data;
    normalCodes = codesOf(splash.normal_attachments);
    expect(normalCodes).toContain('sheha_letter');
  });
  afterAll(() => Promise.all([t?.close(), tp?.close()]));

  describe('save_and_continue', () => {
    it('creates a draft on the first call and answers its reference number and the next step', async () => {
      const res = await call(t, SAVE, { application_type: 'repair', step_number: 1, data: personal() });
      expect(res.status).toBe(200);
      expect(res.message).toBe(api.en.saved);
      expect(res.data).toEqual({
        reference_number: expect.stringMatching(REFERENCE),
        step_number: 2,
        next_step: 'repair',
      });
      const row = await stored(t, res.data.reference_number!);
      expect(row).toMatchObject({
        application_type: 'repair',
        status: 'draft',
        step_number: 1,
        answers: { personal: personal() },
        phone: '0777123456',
        id_number: '190012345',
        submitted_at: null,
      });
    });

    it('gives every draft its own reference number', async () => {
      const body = { application_type: 'repair', step_number: 1, data: personal() };
      const numbers = await Promise.all([1, 2, 3].map(async () => (await call(t, SAVE, body)).data.reference_number));
      expect(new Set(numbers).size).toBe(3);
    });

    it('continues the draft with its reference number, typed in lower case with a space for the dash', async () => {
      const reference = await draft(t, 'repair', [['personal', personal()]]);
      const typed = reference.toLowerCase().replace('-', ' ');
      const res = await call(t, SAVE, {
        application_type: 'repair',
        step_number: 2,
        data: sample('repair ok (no neighbours)'),
        reference_number: typed,
      });
      expect(res.status).toBe(200);
      expect(res.data).toEqual({ reference_number: reference, step_number: 3, next_step: 'uploads' });
      const row = await stored(t, reference);
      expect(row.step_number).toBe(2);
      expect(row.answers).toEqual({ personal: personal(), repair: sample('repair ok (no neighbours)') });
    });

    it('keeps the progress when an earlier step is saved again', async () => {
      const reference = await repairDraft();
      const changed = { ...personal(), first_name: 'Mwanaisha' };
      const res = await call(t, SAVE, {
        application_type: 'repair',
        step_number: 1,
        data: changed,
        reference_number: reference,
      });
      // A continue opens past the furthest step saved; the applicant goes on to the step after this one.
      expect(res.data).toEqual({ reference_number: reference, step_number: 3, next_step: 'repair' });
      const row = await stored(t, reference);
      expect(row.step_number).toBe(2);
      expect(row.answers).toEqual({ personal: changed, repair: sample('repair ok (no neighbours)') });
    });

    it('refuses a step whose earlier steps are not saved (409) and stores nothing', async () => {
      const reference = await draft(t, 'repair', [['personal', personal()]]);
      const before = await stored(t, reference);
      const ahead = await call(t, SAVE, {
        application_type: 'repair',
        step_number: 3,
        data: madeUpUploads(normalCodes),
        reference_number: reference,
      });
      expect(ahead.status).toBe(409);
      expect(ahead.message).toBe(api.en.step_out_of_order);
      expect(await stored(t, reference)).toEqual(before);

      const count = await rowCount(t);
      const first = await call(t, SAVE, {
        application_type: 'repair',
        step_number: 2,
        data: sample('repair ok (no neighbours)'),
      });
      expect(first.status).toBe(409);
      expect(await rowCount(t)).toBe(count);
    });

    it('answers 404 for a reference number no application has', async () => {
      const body = { application_type: 'repair', step_number: 1, data: personal() };
      const count = await rowCount(t);
      for (const reference_number of ['ABCDE-FGHJK', 'OOOOO-11111', 'ABCDE-FGHJK-2']) {
        const res = await call(t, SAVE, { ...body, reference_number });
        expect(res.status, reference_number).toBe(404);
        expect(res.message).toBe(api.en.draft_not_found);
      }
      expect(await rowCount(t)).toBe(count);
    });

    it('answers 409 for the reference number of another kind of application', async () => {
      const reference = await draft(t, 'repair', [['personal', personal()]]);
      const before = await stored(t, reference);
      const res = await call(t, SAVE, {
        application_type: 'special',
        step_number: 1,
        data: personal(),
        reference_number: reference,
      });
      expect(res.status).toBe(409);
      expect(res.message).toBe(api.en.other_application_type);
      expect(await stored(t, reference)).toEqual(before);
    });

    it('answers 422 for a step number beyond the flow', async () => {
      const reference = await draft(t, 'repair', [['personal', personal()]]);
      const before = await stored(t, reference);
      for (const [type, step_number] of [
        ['repair', 4],
        ['new', 8],
      ] as const) {
        const res = await call(t, SAVE, { application_type: type, step_number, data: personal() });
        expect(res.status).toBe(422);
        expect(res.data.errors).toEqual([{ path: '/step_number', message: validation.en.invalid }]);
      }
      const res = await call(t, SAVE, {
        application_type: 'repair',
        step_number: 4,
        data: madeUpUploads(normalCodes),
        reference_number: reference,
      });
      expect(res.status).toBe(422);
      expect(await stored(t, reference)).toEqual(before);
    });

    it.each(['en', 'sw'] as Language[])(
      'reports wrong types, missing and extra answers by path, with the %s messages',
      async (language) => {
        const data = without({ ...personal(), phone: 777123456, address: '', nickname: 'Ami' }, 'first_name');
        const count = await rowCount(t);
        const res = await call(
          t,
          SAVE,
          { application_type: 'repair', step_number: 1, data },
          { 'accept-language': language },
        );
        expect(res.status).toBe(422);
        expect(res.message).toBe(api[language].validation_failed);
        const messages = validation[language];
        expect(byPath(res.data.errors)).toEqual([
          { path: '/personal/address', message: messages.minLength!.replace('{{limit}}', '1') },
          { path: '/personal/first_name', message: messages.required },
          { path: '/personal/nickname', message: messages.additionalProperties },
          { path: '/personal/phone', message: messages.type },
        ]);
        expect(await rowCount(t)).toBe(count);
      },
    );

    it('checks conditional answers and choices: a ZanID when it is chosen, an offered option', async () => {
      const res = await call(t, SAVE, {
        application_type: 'repair',
        step_number: 1,
        data: sample('personal bad (zanid missing, spaces)'),
      });
      expect(res.status).toBe(422);
      expect(byPath(res.data.errors)).toEqual([
        { path: '/personal/phone', message: validation.en.pattern },
        { path: '/personal/zan_id', message: validation.en.required },
      ]);
      const choice = await call(t, SAVE, {
        application_type: 'repair',
        step_number: 1,
        data: { ...personal(), identification_type: 'licence' },
      });
      expect(choice.data.errors).toEqual([{ path: '/personal/identification_type', message: validation.en.oneOf }]);
    });

    const invalidSamples = Object.entries(samples).filter(([, s]) => !s.valid);
    it.each(invalidSamples)('refuses the sample "%s" with errors under its step', async (_label, { step, data }) => {
      const [type, steps] = Object.entries(flows).find(([, steps]) => steps.includes(step))!;
      const res = await call(t, SAVE, { application_type: type, step_number: steps.indexOf(step) + 1, data });
      expect(res.status).toBe(422);
      const paths = res.data.errors!.map((e) => e.path);
      expect(paths.length).toBeGreaterThan(0);
      expect(new Set(paths).size).toBe(paths.length);
      for (const error of res.data.errors!) {
        expect(error.path.startsWith(`/${step}/`), error.path).toBe(true);
        expect(isValidationMessage(error.message), error.message).toBe(true);
      }
    });

    const goodBody = () => ({ application_type: 'repair', step_number: 1, data: personal() });
    it.each([
      ['no application_type', () => ({ step_number: 1, data: personal() })],
      ['an unknown application_type', () => ({ ...goodBody(), application_type: 'renew' })],
      ['step_number 0', () => ({ ...goodBody(), step_number: 0 })],
      ['step_number as text', () => ({ ...goodBody(), step_number: '1' })],
      ['data as text', () => ({ ...goodBody(), data: 'personal' })],
      ['data as a list', () => ({ ...goodBody(), data: [personal()] })],
      ['no data', () => ({ application_type: 'repair', step_number: 1 })],
      ['an extra top-level field', () => ({ ...goodBody(), status: 'submitted' })],
      ['a reference number with other characters', () => ({ ...goodBody(), reference_number: "ABCDE'FGHJK" })],
    ])('answers 400 to a body with %s, and stores nothing', async (_label, body) => {
      const count = await rowCount(t);
      const res = await call(t, SAVE, body());
      expect(res.status).toBe(400);
      expect(res.message).toBe(api.en.invalid_body);
      expect(await rowCount(t)).toBe(count);
    });

    it('answers 413 to a body over 1 MiB', async () => {
      const count = await rowCount(t);
      const data = { ...personal(), address: 'x'.repeat(1024 * 1024) };
      const res = await call(t, SAVE, { application_type: 'repair', step_number: 1, data });
      expect(res.status).toBe(413);
      expect(res.message).toBe(api.en.too_large);
      expect(await rowCount(t)).toBe(count);
    });

    it('drops the answer to a question that no longer applies (a ZanID left after choosing passport)', async () => {
      const passport = sample('personal ok (passport)');
      const res = await call(t, SAVE, {
        application_type: 'repair',
        step_number: 1,
        data: { ...passport, zan_id: '190012345' },
      });
      expect(res.status).toBe(200);
      const row = await stored(t, res.data.reference_number!);
      expect(row.answers).toEqual({ personal: passport });
      expect(row.id_number).toBe('AB1234567');
    });

    it('stores a script or SQL payload exactly as typed, and changes nothing else', async () => {
      const other = await repairDraft();
      const before = await allRows(t);
      const script = '<script>alert(1)</script>';
      const drop = "'; drop table application; --";
      const payload = {
        personal: {
          ...personal(),
          first_name: drop,
          last_name: "Robert'); DROP TABLE application;--",
          address: script,
        },
        repair: { ...sample('repair ok (no neighbours)'), street_village: drop, repair_description: script },
      };
      const reference = await draft(t, 'repair', Object.entries(payload));
      const row = await stored(t, reference);
      expect(row.answers).toEqual(payload);
      expect((row.answers.personal as Answers).first_name).toBe(drop);
      const after = await allRows(t);
      expect(after.filter((r) => r.id !== row.id)).toEqual(before);
      expect(after.find((r) => r.reference_number === other.replace('-', ''))).toBeDefined();
      const reference_lists = (await post<Envelope<Splash>>(t.app, '/api/splash/get_splash', {})).body!.response.data;
      expect(reference_lists).toEqual(splash);
    });

    it('refuses text the database cannot hold, not with a 500: half of a surrogate pair or a NUL character is a bad body (400)', async () => {
      const count = await rowCount(t);
      const save = (first_name: string) =>
        call(t, SAVE, { application_type: 'repair', step_number: 1, data: { ...personal(), first_name } });
      // PostgreSQL cannot hold half a character in jsonb: refused as the body is read, with where it is.
      const surrogate = await save('Ami\ud800na');
      expect(surrogate.status).toBe(400);
      expect(surrogate.data.errors).toEqual([{ path: '/data/first_name', message: validation.en.invalid }]);
      // PostgreSQL cannot hold U+0000 in text or jsonb: every JSON body with one is refused as it is read.
      const nul = await save('Ami\u0000na');
      expect(nul.status).toBe(400);
      expect(nul.data.errors).toEqual([{ path: '/', message: validation.en.invalid }]);
      expect(await rowCount(t)).toBe(count);
      // Both halves together are a character like any other: an emoji in a name is saved.
      expect((await save('Ami\ud83d\ude00na')).status).toBe(200);
    });
  });

  describe('the engineer step', () => {
    it('is refused without a proof the app accepts', async () => {
      const reference = await draft(t, 'new', [['personal', personal()]]);
      for (const data of [sample('engineer ok'), confirmedEngineer]) {
        const res = await call(t, SAVE, { application_type: 'new', step_number: 2, data, reference_number: reference });
        expect(res.status).toBe(422);
        expect(res.message).toBe(api.en.engineer_unconfirmed);
        expect(res.data.errors).toEqual([
          { path: '/engineer/validation_token', message: validation.en.engineer_unconfirmed },
        ]);
      }
      const row = await stored(t, reference);
      expect(row.step_number).toBe(1);
      expect(row.answers).not.toHaveProperty('engineer');
    });

    it('is accepted with a valid proof for that engineer, and refused with any other', async () => {
      const reference = await draft(tp, 'new', [['personal', personal()]]);
      const save = (data: Answers) =>
        call(tp, SAVE, { application_type: 'new', step_number: 2, data, reference_number: reference });
      for (const data of [
        { engineer_id: ENGINEER, validation_token: 'another-token' },
        { engineer_id: ENGINEER },
        { engineer_id: 'ZEB/9999', validation_token: GOOD_TOKEN },
      ]) {
        const res = await save(data);
        expect(res.status, JSON.stringify(data)).toBe(422);
        expect(res.data.errors).toEqual([
          { path: '/engineer/validation_token', message: validation.en.engineer_unconfirmed },
        ]);
      }
      expect((await stored(tp, reference)).answers).not.toHaveProperty('engineer');
      const res = await save(confirmedEngineer);
      expect(res.status).toBe(200);
      expect(res.data).toEqual({ reference_number: reference, step_number: 3, next_step: 'construction' });
      expect((await stored(tp, reference)).answers.engineer).toEqual(confirmedEngineer);
    });
  });

  describe('a new application', () => {
    it('recomputes the totals of the floor areas rather than taking them as typed', async () => {
      const steps = buildingSteps(splash, 1);
      const reference = await draft(tp, 'new', steps.slice(0, 3));
      const details = steps[3]![1] as { floors: Answers[] };
      details.floors[0]!.area_m2 = 1;
      const typed = { ...details, total_area_m2: 5000, total_percent_covered: 0 };
      const res = await call(tp, SAVE, {
        application_type: 'new',
        step_number: 4,
        data: typed,
        reference_number: reference,
      });
      expect(res.status).toBe(200);
      const saved = (await stored(tp, reference)).answers.construction_details as {
        floors: { area_m2: number; percent_covered: number }[];
        total_area_m2: number;
        total_percent_covered: number;
      };
      expect(saved.floors.map((f) => [f.area_m2, f.percent_covered])).toEqual([
        [66, 22],
        [26, 8.5],
      ]);
      expect(saved.total_area_m2).toBe(92);
      expect(saved.total_percent_covered).toBe(30.5);
    });
  });
});
