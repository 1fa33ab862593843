import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../../src/server/db/seed/seed-reference-data';
import type { Splash } from '../../src/shared/reference-data';
import { createTestApp, databaseKinds, post, type Envelope, type TestApp } from './helpers';

const LISTS = [
  'beam_tools',
  'foundation_tools',
  'entry_tools',
  'roof_tools',
  'wall_tools',
  'rooms',
  'faqs',
  'engineers',
  'engineer_roles',
  'normal_attachments',
  'not_more_than_three_attachments',
  'more_than_three_attachments',
] as const;

function expectBilingual(text: unknown): void {
  expect(text).toEqual({ en: expect.any(String), sw: expect.any(String) });
  const { en, sw } = text as { en: string; sw: string };
  expect(en.trim().length).toBeGreaterThan(0);
  expect(sw.trim().length).toBeGreaterThan(0);
}

describe.each(databaseKinds)('get_splash (%s)', (kind) => {
  let t: TestApp;
  const getSplash = (headers: Record<string, string> = {}) =>
    post<Envelope<Splash>>(t.app, '/api/splash/get_splash', {}, headers);

  beforeAll(async () => {
    t = await createTestApp({}, { kind, splashRecheckMs: 0 });
  });
  afterAll(() => t.close());

  it('answers the twelve lists and the site settings, every item with an id and both languages', async () => {
    const answer = await getSplash();
    expect(answer.status).toBe(200);
    const data = answer.body!.response.data;
    expect(Object.keys(data).sort()).toEqual([...LISTS, 'site'].sort());
    for (const list of LISTS) {
      expect(data[list].length, list).toBeGreaterThan(0);
      const ids = data[list].map((item) => item.id);
      for (const id of ids) expect(Number.isInteger(id), list).toBe(true);
      expect(new Set(ids).size, list).toBe(ids.length);
    }
    for (const list of [
      'beam_tools',
      'foundation_tools',
      'entry_tools',
      'roof_tools',
      'wall_tools',
      'rooms',
    ] as const) {
      for (const item of data[list]) expectBilingual(item.name);
    }
    for (const faq of data.faqs) {
      expectBilingual(faq.question);
      expectBilingual(faq.answer);
    }
    for (const role of data.engineer_roles) expectBilingual(role.name);
    for (const list of [
      'normal_attachments',
      'not_more_than_three_attachments',
      'more_than_three_attachments',
    ] as const) {
      for (const document of data[list]) {
        expectBilingual(document.name);
        expectBilingual(document.description);
        expect(document.max_bytes).toBeGreaterThan(0);
        expect(document.accept.length).toBeGreaterThan(0);
      }
    }
    for (const engineer of data.engineers) {
      expect(engineer.name.trim().length).toBeGreaterThan(0);
      // Named, never reached: the contacts are get_engineers' (tests/security/splash-contacts.test.ts).
      expect(Object.keys(engineer).sort()).toEqual(['id', 'name', 'registration_number', 'role_id']);
    }
    expect(data.site).toEqual({
      support_phone: expect.any(String),
      whatsapp_number: expect.stringMatching(/^\d+$/),
      demo_hints: true,
    });
  });

  it('has at least 12 FAQs, 150 engineers, engineers in every role and the Sheha letter', async () => {
    const data = (await getSplash()).body!.response.data;
    expect(data.faqs.length).toBeGreaterThanOrEqual(12);
    expect(data.engineers.length).toBeGreaterThanOrEqual(150);
    const roleIds = new Set(data.engineer_roles.map((r) => r.id));
    for (const role of data.engineer_roles) {
      expect(
        data.engineers.some((e) => e.role_id === role.id),
        role.code,
      ).toBe(true);
    }
    for (const engineer of data.engineers) expect(roleIds.has(engineer.role_id)).toBe(true);
    expect(data.normal_attachments.map((d) => d.code)).toContain('sheha_letter');
  });

  it('answers 304 with no body to a matching If-None-Match, and 200 to a stale one', async () => {
    const first = await getSplash();
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/splash/get_splash',
      headers: { 'content-type': 'application/json', 'if-none-match': `"other", ${etag}` },
      payload: '{}',
    });
    expect(again.statusCode).toBe(304);
    expect(again.payload).toBe('');
    expect(again.headers.etag).toBe(etag);
    const stale = await getSplash({ 'if-none-match': '"stale"' });
    expect(stale.status).toBe(200);
    expect(stale.body?.response.code).toBe(200);
  });

  it('has a different ETag and message per language', async () => {
    const en = await getSplash({ 'accept-language': 'en' });
    const sw = await getSplash({ 'accept-language': 'sw' });
    expect(en.headers.etag).not.toBe(sw.headers.etag);
    expect(en.headers.vary).toContain('Accept-Language');
    expect(en.body?.response.message).not.toBe(sw.body?.response.message);
    expect(en.body?.response.data).toEqual(sw.body?.response.data);
    const sw304 = await getSplash({ 'accept-language': 'sw', 'if-none-match': String(en.headers.etag) });
    expect(sw304.status).toBe(200);
  });

  it('serves a change made in the database with a new ETag', async () => {
    const before = await getSplash();
    const room = before.body!.response.data.rooms[0]!;
    // name_sw: name_en is the seed's natural key, which the reseeding test below relies on.
    await t.database.db.updateTable('room').set({ name_sw: 'Baraza la majaribio' }).where('id', '=', room.id).execute();
    const after = await getSplash({ 'if-none-match': String(before.headers.etag) });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body!.response.data.rooms.find((r) => r.id === room.id)?.name).toEqual({
      en: room.name.en,
      sw: 'Baraza la majaribio',
    });
  });

  it('does not duplicate rows when seeded again', async () => {
    const tables = ['material', 'room', 'faq', 'engineer_role', 'engineer'] as const;
    const count = async () =>
      Promise.all(
        tables.map(async (table) => {
          const row = await t.database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow();
          return Number(row.n);
        }),
      );
    const before = await count();
    const splashBefore = (await getSplash()).body!.response.data;
    await seedReferenceData(t.database.db);
    expect(await count()).toEqual(before);
    const splashAfter = (await getSplash()).body!.response.data;
    for (const list of LISTS) {
      expect(
        splashAfter[list].map((item) => item.id),
        list,
      ).toEqual(splashBefore[list].map((item) => item.id));
    }
  });
});
