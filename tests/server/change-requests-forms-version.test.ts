import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { hashForSchema, type RJSFSchema } from '@rjsf/utils';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SCHEMAS_DIR } from '../../src/server/app';
import { insertApplication } from '../../src/server/applications/applications-repository';
import { formatReferenceNumber, newReferenceNumber } from '../../src/server/applications/reference-number';
import type { ChangeRequestsAnswer } from '../../src/shared/api/change-requests';
import type { JsonSchema } from '../../src/shared/forms';
import { validatorUrl, validatorVersion } from '../../src/shared/validator-url';
import { personal, sample } from './application-fixtures';
import { createTestApp, post, type TestApp } from './helpers';
import { dashboardCall, newPerson, signIn } from './signed-in-fixtures';

// Issue 19, item 1: an application returned for changes is answered in the forms version it was
// submitted under, even after policy staff publish a newer one. The step editor is given that
// version's step (schema, UI schema, its texts) and loads that version's validator, so it checks
// exactly what save_change_step checks on the server.

const TOKEN = 'change-forms-version-token-0123456789abcdef';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const dir = mkdtempSync(path.join(os.tmpdir(), 'kibali-change-forms-'));
cpSync(SCHEMAS_DIR, dir, { recursive: true });
let t: TestApp;

/** Version 2: the street at most 20 characters, and another English title for the repair step. */
function publishStricterRepair(): void {
  const schemaFile = path.join(dir, 'steps/repair.schema.json');
  const schema = JSON.parse(readFileSync(schemaFile, 'utf8'));
  schema.properties.street_village.maxLength = 20;
  writeFileSync(schemaFile, JSON.stringify(schema));
  const textsFile = path.join(dir, 'texts/en.json');
  const texts = JSON.parse(readFileSync(textsFile, 'utf8'));
  texts.repair.title = 'Repair details, version 2';
  writeFileSync(textsFile, JSON.stringify(texts));
}

/** The validator module as the browser imports it, run with Node's require for ajv's runtime parts. */
async function validatorFrom(code: string, schema: JsonSchema) {
  const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as {
    default: (require: NodeJS.Require) => Record<string, (data: unknown) => boolean>;
  };
  return module.default(createRequire(import.meta.url))[hashForSchema(schema as RJSFSchema)]!;
}

const person = newPerson('830');
const LONG_STREET = 'Mtaa wa Mkunazini, karibu na soko, Stone Town'; // 46 characters: valid in 1, not in 2
let reference = '';
let cookie = '';

beforeAll(async () => {
  t = await createTestApp({ STAFF_API_TOKEN: TOKEN }, { formsDir: dir });
  const raw = newReferenceNumber();
  reference = formatReferenceNumber(raw);
  await insertApplication(t.database.db, raw, 'repair', {
    status: 'under_review',
    step_number: 3,
    forms_version: 1,
    answers: {
      personal: { ...personal(), zan_id: person.zan_id, phone: person.phone },
      repair: sample('repair ok (affects neighbours)'),
      uploads: { documents: {} },
    },
    phone: person.phone,
    id_number: person.zan_id,
    submitted: true,
  });
  const returned = await post(
    t.app,
    '/api/staff/return_for_changes',
    {
      reference_number: reference,
      requests: [{ kind: 'step', step: 'repair', remark: 'Give the full street name.' }],
      deadline_working_days: 10,
    },
    AUTH,
  );
  expect(returned.status).toBe(200);
  publishStricterRepair();
  const published = await post(t.app, '/api/staff/reload_forms', { reason: 'Shorter streets' }, AUTH);
  expect(published.body!.response.data).toEqual({ version: '2', published: true });
  cookie = await signIn(t, reference, person.phone);
}, 120_000);

afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

it("answers the asked step as version 1 has it, with only that step's texts, in both languages", async () => {
  const res = await dashboardCall<ChangeRequestsAnswer>(t, 'get_change_requests', cookie);
  const forms = res.body!.response.data.open!.forms;
  expect(forms.version).toBe('1');
  expect(Object.keys(forms.steps)).toEqual(['repair']);
  expect((forms.steps.repair!.schema.properties as Record<string, JsonSchema>).street_village!.maxLength).toBe(200);
  expect(forms.texts.en['repair.title']).toBe('Repair details');
  expect(forms.texts.sw['repair.title']).toMatch(/\S/);
  expect(forms.texts.en['repair.street_village.title']).toMatch(/\S/);
  // Only the asked step's texts travel (not the whole forms' texts).
  expect(Object.keys(forms.texts.en).every((key) => key.startsWith('repair.'))).toBe(true);
});

it("serves version 1's validator for the step, cached for good, and version 2's for the served version", async () => {
  const forms = (await dashboardCall<ChangeRequestsAnswer>(t, 'get_change_requests', cookie)).body!.response.data.open!
    .forms;
  const old = forms.steps.repair!.schema;
  const oldUrl = validatorUrl('repair', validatorVersion('1', old));
  const oldRes = await t.app.inject({ method: 'GET', url: oldUrl });
  expect(oldRes.statusCode).toBe(200);
  expect(oldRes.headers['cache-control']).toContain('immutable');
  const v1 = await validatorFrom(oldRes.payload, old);
  expect(v1({ ...sample('repair ok (affects neighbours)'), street_village: LONG_STREET })).toBe(true);

  const served = (await post(t.app, '/api/forms/get_forms', {})).body!.response.data as unknown as {
    version: string;
    steps: Record<string, { schema: JsonSchema }>;
  };
  expect(served.version).toBe('2');
  const current = served.steps.repair!.schema;
  const currentRes = await t.app.inject({ method: 'GET', url: validatorUrl('repair', validatorVersion('2', current)) });
  expect(currentRes.headers['cache-control']).toContain('immutable');
  const v2 = await validatorFrom(currentRes.payload, current);
  expect(v2({ ...sample('repair ok (affects neighbours)'), street_village: LONG_STREET })).toBe(false);

  // A version that was never published answers the served one, not cached for good.
  const unknown = await t.app.inject({
    method: 'GET',
    url: validatorUrl('repair', `99.${hashForSchema(old as RJSFSchema)}`),
  });
  expect(unknown.statusCode).toBe(200);
  expect(unknown.headers['cache-control']).toBe('no-store');
});

it('saves an answer valid in version 1 though version 2 would refuse it', async () => {
  const saved = await dashboardCall(t, 'save_change_step', cookie, {
    step: 'repair',
    data: { ...sample('repair ok (affects neighbours)'), street_village: LONG_STREET },
  });
  expect(saved.status).toBe(200);
});
