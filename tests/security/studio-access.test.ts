import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, test } from 'vitest';
import { STUDIO_API } from '../../src/shared/api/studio';
import { addStaff, staffSignIn } from '../server/staff-fixtures';
import { createWorld, envelopeProblem, listRoutes, STAFF_AUTH, StateWatch } from './security-world';

// The form studio as the attacker meets it: every studio call (read from the app, so a new one is
// swept too) with no session, an applicant's session, the integration's token (alone, or beside an
// editor's cookie), a staff session under the wrong cookie name, and staff whose role is not the
// call's: 401 or 403 before the body is read, no data, nothing of the draft in the answer, nothing
// stored, and never cached.

const world = await createWorld();
afterAll(() => world.close());
const studioRoutes = listRoutes(world.app).filter((r) => r.method === 'POST' && r.url.startsWith(`${STUDIO_API}/`));
const me = world.applicant('permit_issued');

const PUBLISHER_ONLY = new Set([`${STUDIO_API}/publish`, `${STUDIO_API}/rollback`]);
const ADMIN_ONLY = new Set([`${STUDIO_API}/audit`]);

async function send(url: string, headers: Record<string, string>, raw: string) {
  const request: InjectOptions = {
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: raw,
  };
  const res = await world.app.inject(request);
  expect(envelopeProblem(res.statusCode, res.headers['content-type'], res.payload), url).toBeUndefined();
  return {
    status: res.statusCode,
    res,
    data: (JSON.parse(res.payload) as { response: { data: unknown } }).response.data,
  };
}

/** What only the draft's content would contain (a text key and a schema's words). */
const DRAFT_MARKS = ['repair.title', '"properties"', '"flows"'];

test('the sweep covers every call of the contract', () => {
  expect(studioRoutes.map((r) => r.url.slice(STUDIO_API.length + 1)).sort()).toEqual(
    [
      'audit',
      'diff',
      'discard_draft',
      'export_texts',
      'get_draft',
      'history',
      'import_texts',
      'publish',
      'rollback',
      'save_document',
      'save_fees',
      'save_flows',
      'save_question',
      'save_step',
    ].sort(),
  );
});

describe('every studio call refuses anyone who is not staff with its role, before the body is read', () => {
  const callers: Record<string, { expected: 401 | 403; headers: () => Promise<Record<string, string>> }> = {
    'no session': { expected: 401, headers: async () => ({}) },
    "an applicant's session cookie": {
      expected: 401,
      headers: async () => ({ cookie: await world.sessionCookie(me) }),
    },
    "an applicant's session under the staff cookie's name": {
      expected: 401,
      headers: async () => ({ cookie: `kibali_staff_session=${(await world.sessionCookie(me)).split('=')[1]!}` }),
    },
    "the integration's token": { expected: 401, headers: async () => ({ ...STAFF_AUTH }) },
    "the integration's token beside an editor's cookie": {
      expected: 401,
      headers: async () => ({
        ...STAFF_AUTH,
        cookie: await staffSignIn(world.t, await addStaff(world.t, 'policy_editor')),
      }),
    },
    "an editor's session under the applicant cookie's name": {
      expected: 401,
      headers: async () => ({
        cookie: `kibali_session=${(await staffSignIn(world.t, await addStaff(world.t, 'policy_editor'))).split('=')[1]!}`,
      }),
    },
    'a made-up staff session': {
      expected: 401,
      headers: async () => ({ cookie: `kibali_staff_session=${'A'.repeat(43)}` }),
    },
    "an officer's session": {
      expected: 403,
      headers: async () => ({ cookie: await staffSignIn(world.t, await addStaff(world.t, 'officer')) }),
    },
  };

  test.each(Object.keys(callers))('%s', async (name) => {
    const { expected, headers: make } = callers[name]!;
    const headers = await make();
    const watch = new StateWatch(world);
    await watch.start();
    for (const route of studioRoutes) {
      for (const raw of ['{}', '{"base":0,"revision":0,"summary":"x","version":1,"csv":"key"}', '{not json', '']) {
        const res = await send(route.url, headers, raw);
        expect(res.status, `${route.url} (${name})`).toBe(expected);
        expect(res.data).toEqual({});
        expect(res.res.headers['cache-control'], route.url).toBe('no-store');
        expect(DRAFT_MARKS.filter((mark) => res.res.payload.includes(mark))).toEqual([]);
      }
      const query = await world.app.inject({ method: 'POST', url: `${route.url}?token=x`, payload: {} });
      expect(query.statusCode).toBe(401);
    }
    expect(await watch.changes()).toEqual({});
    expect(await world.t.database.db.selectFrom('studio_draft').select('id').execute()).toEqual([]);
  });
});

describe('staff roles: editors edit, publishers publish, admins read the audit', () => {
  test("an editor's session: 403 on publish, rollback and audit, nothing published", async () => {
    const cookie = await staffSignIn(world.t, await addStaff(world.t, 'policy_editor'));
    const watch = new StateWatch(world);
    await watch.start();
    for (const url of [...PUBLISHER_ONLY, ...ADMIN_ONLY]) {
      const res = await send(url, { cookie }, '{"revision":0,"summary":"x","version":1}');
      expect(res.status, url).toBe(403);
      expect(res.data).toEqual({});
      expect(res.res.headers['cache-control']).toBe('no-store');
    }
    expect(await watch.changes()).toEqual({});
  });

  test("a publisher's session: 403 on the audit", async () => {
    const cookie = await staffSignIn(world.t, await addStaff(world.t, 'policy_publisher'));
    const res = await send(`${STUDIO_API}/audit`, { cookie }, '{}');
    expect(res.status).toBe(403);
    expect(res.data).toEqual({});
  });

  test("an editor's live session gets the draft (the sweep is not vacuous), never cached", async () => {
    const cookie = await staffSignIn(world.t, await addStaff(world.t, 'policy_editor'));
    const res = await send(`${STUDIO_API}/get_draft`, { cookie }, '{}');
    expect(res.status).toBe(200);
    expect(res.res.headers['cache-control']).toBe('no-store');
    expect(DRAFT_MARKS.every((mark) => res.res.payload.includes(mark))).toBe(true);
  });
});
