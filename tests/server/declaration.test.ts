import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLARED_EVENT } from '../../src/shared/api/declaration';
import type { Splash } from '../../src/shared/reference-data';
import { api, call, draft, personal, REPAIR, sample, SPECIAL, stored, validation } from './application-fixtures';
import { createTestApp, databaseKinds, post, uploadDocuments, type Envelope, type TestApp } from './helpers';

/**
 * Issue 17, item 9: Submit needs the applicant's declaration that the information is true and complete
 * (`declaration: true`). Without it every submitting call answers 422 with a field error in the
 * applicant's language and changes nothing; with it, the declaration's time is in the history.
 */
describe.each(databaseKinds)('the declaration at Submit (%s)', (kind) => {
  let t: TestApp;
  let splash: Splash;

  beforeAll(async () => {
    t = await createTestApp({}, { kind });
    // Uploads go over a real socket (uploadFile).
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    splash = (await post<Envelope<Splash>>(t.app, '/api/splash/get_splash', {})).body!.response.data;
  }, 180_000);
  afterAll(() => t?.close());

  async function readyRepair() {
    const reference = await draft(t, 'repair', [['personal', personal()]]);
    const uploads = await uploadDocuments(t.app, reference, splash.normal_attachments);
    const data = { personal: personal(), repair: sample('repair ok (affects neighbours)'), uploads };
    return { reference, data };
  }
  const eventsOf = async (id: number) =>
    t.database.db
      .selectFrom('application_event')
      .select(['status', 'created_at'])
      .where('application_id', '=', id)
      .orderBy('id')
      .execute();

  it.each([
    ['absent', undefined],
    ['false', false],
  ])('refuses a submit with the declaration %s: 422 on /declaration, in Swahili, nothing changed', async (_, value) => {
    const { reference, data } = await readyRepair();
    const before = await stored(t, reference);
    const refused = await call(
      t,
      REPAIR,
      { reference_number: reference, data, declaration: value },
      { 'accept-language': 'sw' },
    );
    expect(refused.status).toBe(422);
    expect(refused.message).toBe(api.sw.declaration_required);
    expect(refused.data.errors).toEqual([{ path: '/declaration', message: validation.sw.declaration_required }]);
    const after = await stored(t, reference);
    expect(after.status).toBe('draft');
    expect(after.revision).toBe(before.revision);
    expect(after.answers).toEqual(before.answers);
    expect(await eventsOf(after.id)).toEqual([]);
  });

  it('refuses a non-boolean declaration as a malformed body', async () => {
    const { reference, data } = await readyRepair();
    const refused = await call(t, REPAIR, { reference_number: reference, data, declaration: 'yes' });
    expect(refused.status).toBe(400);
    expect((await stored(t, reference)).status).toBe('draft');
  });

  it('refuses every submitting call without it, the special request and a continued submit too', async () => {
    const special = await call(t, SPECIAL, { data: {}, declaration: undefined });
    expect(special.status).toBe(422);
    expect(special.data.errors).toEqual([{ path: '/declaration', message: validation.en.declaration_required }]);
    const { reference, data } = await readyRepair();
    const continued = await call(t, '/api/application/submit_application', {
      reference_number: reference,
      data,
      declaration: undefined,
    });
    expect(continued.status).toBe(422);
    expect(continued.data.errors).toEqual([{ path: '/declaration', message: validation.en.declaration_required }]);
  });

  it('submits with the declaration and records when it was made, before the submission', async () => {
    const { reference, data } = await readyRepair();
    const started = Date.now();
    const submitted = await call(t, REPAIR, { reference_number: reference, data, declaration: true });
    expect(submitted.status).toBe(200);
    const row = await stored(t, reference);
    expect(row.status).toBe('submitted');
    const events = await eventsOf(row.id);
    expect(events.map((e) => e.status)).toEqual([DECLARED_EVENT, 'submitted']);
    expect(new Date(events[0]!.created_at).getTime()).toBeGreaterThanOrEqual(started - 5_000);
  });
});
