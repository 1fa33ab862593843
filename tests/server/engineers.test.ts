import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engineer, Splash } from '../../src/shared/reference-data';
import { withSeededContacts } from '../fixtures/seeded-engineers';
import { createTestApp, databaseKinds, post, type Envelope, type TestApp } from './helpers';

interface EngineersPage {
  items: Engineer[];
  total: number;
  page: number;
  page_size: number;
}

const byNameThenId = (a: Engineer, b: Engineer) => (a.name === b.name ? a.id - b.id : a.name < b.name ? -1 : 1);

describe.each(databaseKinds)('get_engineers (%s)', (kind) => {
  let t: TestApp;
  let all: Engineer[];
  let roles: Splash['engineer_roles'];

  const find = async (body: Record<string, unknown>) => {
    const answer = await post<Envelope<EngineersPage>>(t.app, '/api/engineer/get_engineers', body);
    expect(answer.status).toBe(200);
    return answer.body!.response.data;
  };
  const roleId = (code: string) => roles.find((r) => r.code === code)!.id;

  beforeAll(async () => {
    t = await createTestApp({}, { kind });
    const splash = await post<Envelope<Splash>>(t.app, '/api/splash/get_splash', {});
    // Every active engineer (the splash names them all), with the contacts the seed gave them.
    all = splash.body!.response.data.engineers.map(withSeededContacts).sort(byNameThenId);
    roles = splash.body!.response.data.engineer_roles;
  });
  afterAll(() => t.close());

  it('pages through every engineer once, in a stable order', async () => {
    const pageSize = 25;
    const seen: Engineer[] = [];
    for (let page = 1; page <= Math.ceil(all.length / pageSize); page++) {
      const found = await find({ page, page_size: pageSize });
      expect(found).toMatchObject({ total: all.length, page, page_size: pageSize });
      expect(found.items.length).toBe(Math.min(pageSize, all.length - (page - 1) * pageSize));
      seen.push(...found.items);
    }
    expect(new Set(seen.map((e) => e.id)).size).toBe(all.length);
    expect(seen).toEqual(all);
    expect(await find({ page: 2, page_size: 10 })).toEqual(await find({ page: 2, page_size: 10 }));
    const beyond = await find({ page: 100, page_size: 100 });
    expect(beyond).toEqual({ items: [], total: all.length, page: 100, page_size: 100 });
  });

  it('searches names case-insensitively', async () => {
    const part = all[0]!.name.split(' ')[0]!.slice(1, 4).toUpperCase();
    const found = await find({ search: part, page: 1, page_size: 100 });
    const expected = all.filter((e) => `${e.name} ${e.email}`.toLowerCase().includes(part.toLowerCase()));
    expect(found.total).toBe(expected.length);
    expect(found.items).toEqual(expected.slice(0, 100));
    expect(found.total).toBeLessThan(all.length);
  });

  it('searches by email and by registration number, and finds only that engineer', async () => {
    const engineer = all[7]!;
    const byEmail = await find({ search: engineer.email.toUpperCase(), page: 1, page_size: 10 });
    expect(byEmail).toMatchObject({ items: [engineer], total: 1 });
    const byNumber = await find({ search: engineer.registration_number, page: 1, page_size: 10 });
    expect(byNumber).toMatchObject({ items: [engineer], total: 1 });
  });

  it('searches phone digits with or without spaces', async () => {
    const engineer = all[3]!;
    const tail = engineer.mobile.split(' ').slice(-2).join(' '); // e.g. "010 417"
    const spaced = await find({ search: tail, page: 1, page_size: 100 });
    const packed = await find({ search: tail.replace(/ /g, ''), page: 1, page_size: 100 });
    expect(spaced.items).toContainEqual(engineer);
    expect(packed).toEqual(spaced);
    expect(spaced.total).toBeLessThan(5);
    const block = await find({ search: '700 0', page: 1, page_size: 10 });
    expect(block.total).toBe(all.length);
  });

  it('filters by role code, alone and with a search', async () => {
    const architects = all.filter((e) => e.role_id === roleId('architect'));
    const found = await find({ role: 'architect', page: 1, page_size: 100 });
    expect(found.total).toBe(architects.length);
    expect(found.items).toEqual(architects);

    const name = architects[0]!.name.split(' ')[1]!;
    const both = await find({ role: 'architect', search: name, page: 1, page_size: 100 });
    const expected = architects.filter((e) => `${e.name} ${e.email}`.toLowerCase().includes(name.toLowerCase()));
    expect(both.items).toEqual(expected);
    expect(both.total).toBe(expected.length);
    expect(both.total).toBeLessThan(found.total);

    expect((await find({ role: '', page: 1, page_size: 10 })).total).toBe(all.length);
  });

  it('finds nothing for an unknown role', async () => {
    expect(await find({ role: 'astronaut', page: 1, page_size: 10 })).toEqual({
      items: [],
      total: 0,
      page: 1,
      page_size: 10,
    });
  });

  it.each(['%', '_', '%%', '_%_', 'a%', '\\'])('takes the search "%s" literally', async (search) => {
    const found = await find({ search, page: 1, page_size: 10 });
    expect(found.total).toBe(0);
    expect(found.items).toEqual([]);
  });

  it('ignores a blank search', async () => {
    expect((await find({ search: '   ', page: 1, page_size: 10 })).total).toBe(all.length);
  });

  it.each([
    ['page 0', { page: 0, page_size: 10 }, '/page'],
    ['page_size 7', { page: 1, page_size: 7 }, '/page_size'],
    ['a role in capitals', { role: 'Architect', page: 1, page_size: 10 }, '/role'],
    ['a role with other characters', { role: "architect' or 1=1", page: 1, page_size: 10 }, '/role'],
    ['a search over 100 characters', { search: 'a'.repeat(101), page: 1, page_size: 10 }, '/search'],
    ['no page', { page_size: 10 }, '/page'],
    ['an unknown property', { page: 1, page_size: 10, sort: 'name' }, '/sort'],
  ])('refuses %s with 400', async (_name, body, path) => {
    const answer = await post(t.app, '/api/engineer/get_engineers', body);
    expect(answer.status).toBe(400);
    expect(answer.body?.response.code).toBe(400);
    expect(answer.body?.response.data.errors).toEqual([{ path, message: expect.any(String) }]);
  });
});
