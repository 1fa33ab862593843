import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMAS_DIR } from '../../src/server/app';
import { answerEnvelopeSchema } from '../../src/shared/api/call';
import { getForms } from '../../src/shared/api/forms';
import { createAjv, type FormsDocument } from '../../src/shared/forms';
import type { Splash } from '../../src/shared/reference-data';
import { api } from './application-fixtures';
import { createTestApp, post, type TestApp } from './helpers';

const TOKEN = 'a-staff-token-that-is-long-enough-to-pass';
const auth = { authorization: `Bearer ${TOKEN}` };

describe('get_forms', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  it('serves every step of every flow with its schema and UI schema', async () => {
    const res = await post(t.app, '/api/forms/get_forms', {});
    expect(res.status).toBe(200);
    const forms = res.body!.response.data as unknown as FormsDocument;
    expect(Object.keys(forms.flows).sort()).toEqual(['government', 'new', 'repair', 'special']);
    for (const steps of Object.values(forms.flows)) {
      for (const step of steps) {
        expect(forms.steps[step]?.schema.type).toBe('object');
        expect(typeof forms.steps[step]?.uiSchema).toBe('object');
      }
    }
    expect(forms.version).toMatch(/^[1-9][0-9]*$/);
  });

  it('answers as its shared schema says (a cached answer is not checked as it is sent)', async () => {
    const res = await post(t.app, getForms.path, {});
    const valid = createAjv().compile(answerEnvelopeSchema(getForms));
    expect(valid(res.body), JSON.stringify(valid.errors)).toBe(true);
  });

  it('binds reference lists to the current ids, without copying them into the files', async () => {
    const splash = (await post(t.app, '/api/splash/get_splash', {})).body!.response.data as unknown as Splash;
    const forms = (await post(t.app, '/api/forms/get_forms', {})).body!.response.data as unknown as FormsDocument;
    const json = JSON.stringify(forms.steps.construction_details);
    const room = /"x-reference":"rooms"[^}]*"enum":\[([\d,]+)\]/.exec(json);
    expect(room?.[1]?.split(',').map(Number)).toEqual(splash.rooms.map((r) => r.id));
    expect(readFileSync(path.join(SCHEMAS_DIR, 'steps/construction_details.schema.json'), 'utf8')).not.toContain(
      '"enum"',
    );
  });

  it('answers 304 to a client that has the current forms', async () => {
    const first = await post(t.app, '/api/forms/get_forms', {});
    const etag = first.headers.etag as string;
    const again = await post(t.app, '/api/forms/get_forms', {}, { 'if-none-match': etag });
    expect(again.status).toBe(304);
  });
});

describe('reload_forms', () => {
  let dir: string;
  let t: TestApp;
  const stepFile = () => path.join(dir, 'steps/repair.ui.json');

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kibali-schemas-'));
    cpSync(SCHEMAS_DIR, dir, { recursive: true });
    t = await createTestApp({ STAFF_API_TOKEN: TOKEN }, { formsDir: dir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('needs a publisher’s session or the integration’s token', async () => {
    expect((await post(t.app, '/api/staff/reload_forms', {})).status).toBe(401);
    expect((await post(t.app, '/api/staff/reload_forms', {}, { authorization: 'Bearer wrong' })).status).toBe(401);
  });

  it('keeps serving the old forms when an edit is broken, and answers the problems', async () => {
    const before = (await post(t.app, '/api/forms/get_forms', {})).body!.response.data as unknown as FormsDocument;
    const original = readFileSync(stepFile(), 'utf8');
    writeFileSync(stepFile(), JSON.stringify({ ...JSON.parse(original), no_such_field: { 'ui:widget': 'text' } }));
    const res = await post(t.app, '/api/staff/reload_forms', {}, auth);
    expect(res.status).toBe(422);
    expect(res.body!.response.data.problems).toEqual([
      expect.stringContaining('"no_such_field" is not a field of this step\'s schema, so these settings do nothing.'),
    ]);
    const after = (await post(t.app, '/api/forms/get_forms', {})).body!.response.data as unknown as FormsDocument;
    expect(after.version).toBe(before.version);
    writeFileSync(stepFile(), original);
  });

  it('takes a good policy edit live with no restart', async () => {
    const schemaFile = path.join(dir, 'steps/repair.schema.json');
    const schema = JSON.parse(readFileSync(schemaFile, 'utf8'));
    schema.properties.street_village.maxLength = 150;
    writeFileSync(schemaFile, JSON.stringify(schema));
    const res = await post(t.app, '/api/staff/reload_forms', {}, auth);
    expect(res.status).toBe(200);
    const forms = (await post(t.app, '/api/forms/get_forms', {})).body!.response.data as unknown as FormsDocument;
    expect(forms.version).toBe((res.body!.response.data as { version: string }).version);
    expect(
      (forms.steps.repair?.schema.properties as Record<string, { maxLength: number }>).street_village?.maxLength,
    ).toBe(150);
  });
});

describe('without a configured token', () => {
  it('takes no token for the reload (staff sign in with their accounts instead)', async () => {
    const t = await createTestApp();
    try {
      const res = await post(t.app, '/api/staff/reload_forms', {}, auth);
      expect(res.status).toBe(401);
      expect(res.body!.response.message).toBe(api.en.staff_unauthorized);
    } finally {
      await t.close();
    }
  });
});
