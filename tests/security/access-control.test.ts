import { createHash } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, test } from 'vitest';
import { STUDIO_API } from '../../src/shared/api/studio';
import { createTestApp } from '../server/helpers';
import { addStaff, staffSignIn } from '../server/staff-fixtures';
import {
  bodySchemaOf,
  createWorld,
  envelopeProblem,
  listRoutes,
  STAFF_AUTH,
  STAFF_TOKEN,
  StateWatch,
  type Applicant,
  type Route,
} from './security-world';

// Every dashboard and back-office call (read from the app, so a new one is swept too) with no
// session, a made-up, expired, idle or logged-out one, another applicant's session and ids, a
// missing or wrong staff token, and staff sessions whose role is not the back office's: the right
// refusal (401, 403 or 404) in the envelope, no data in it, nothing of the other applicant anywhere in
// any answer, and nothing stored.

const world = await createWorld();
afterAll(() => world.close());
const routes = listRoutes(world.app).filter((r) => r.method === 'POST');
const dashboardRoutes = routes.filter((r) => r.url.startsWith('/api/dashboard/'));
// The staff session's own calls (sign-in and the like) are for anyone: tests/server/staff-sign-in.test.ts.
// The form studio's calls are the policy roles' (no token): swept by tests/security/studio-access.test.ts.
const staffRoutes = routes.filter(
  (r) => r.url.startsWith('/api/staff/') && !r.url.startsWith('/api/staff/session/') && !r.url.startsWith(STUDIO_API),
);
const db = world.t.database.db;

const me = world.applicant('permit_issued');
/** Another applicant with documents and a permit (the demo's expired one). */
const them = world.list.find((a) => a !== me && a.permitNumbers.length > 0)!;

/** What only the other applicant's data would contain: ids, numbers and personal details. */
async function secretsOf(applicant: Applicant): Promise<string[]> {
  const row = await db
    .selectFrom('application')
    .select(['answers', 'phone', 'id_number', 'reference_number'])
    .where('id', '=', applicant.id)
    .executeTakeFirstOrThrow();
  const personal = (row.answers as { personal: Record<string, string> }).personal;
  const invoices = await db
    .selectFrom('invoice')
    .select('control_number')
    .where('application_id', '=', applicant.id)
    .execute();
  return [
    applicant.reference,
    row.reference_number,
    row.phone!,
    row.phone!.slice(-9),
    row.id_number!,
    personal.first_name!,
    personal.last_name!,
    ...applicant.attachmentIds,
    ...applicant.invoiceIds,
    ...applicant.permitNumbers,
    ...invoices.flatMap((i) => (i.control_number ? [i.control_number] : [])),
  ].filter((s) => s && s.length >= 5);
}
const theirSecrets = await secretsOf(them);

/** A body for the route built from `applicant`'s ids where the schema asks for one. */
function bodyWith(route: Route, applicant: Applicant): Record<string, unknown> {
  const properties = bodySchemaOf(world.app, route)?.properties ?? {};
  const values: Record<string, unknown> = {
    reference_number: applicant.reference,
    attachment_id: applicant.attachmentIds[0],
    invoice_id: applicant.invoiceIds[0] ?? 'no-invoice',
    permit_number: applicant.permitNumbers[0] ?? 'no-permit',
    type_of_work: 'Extension',
    reason: 'More time',
    message: 'Hello',
    title: 'Note',
    status: 'under_review',
  };
  return Object.fromEntries(
    Object.keys(properties)
      .filter((name) => name in values)
      .map((name) => [name, values[name]]),
  );
}

const tokenHash = (cookie: string) => createHash('sha256').update(cookie.split('=')[1]!).digest('hex');

async function send(route: Route, body: unknown, headers: Record<string, string>, raw?: string) {
  const request: InjectOptions = {
    method: 'POST',
    url: route.url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: raw ?? JSON.stringify(body),
  };
  const res = await world.app.inject(request);
  expect(envelopeProblem(res.statusCode, res.headers['content-type'], res.payload), route.url).toBeUndefined();
  return {
    status: res.statusCode,
    payload: res.payload,
    data: (JSON.parse(res.payload) as { response: { data: unknown } }).response.data,
    res,
  };
}

describe('dashboard calls without a live session: 401, no data, nothing stored', () => {
  const sessions: Record<string, () => Promise<Record<string, string>>> = {
    'no cookie': async () => ({}),
    'an empty cookie': async () => ({ cookie: 'kibali_session=' }),
    'a made-up token': async () => ({ cookie: `kibali_session=${'A'.repeat(43)}` }),
    'an over-long token': async () => ({ cookie: `kibali_session=${'A'.repeat(5000)}` }),
    'a logged-out session': async () => {
      const cookie = await world.sessionCookie(me);
      await world.app.inject({ method: 'POST', url: '/api/application/logout', headers: { cookie }, payload: {} });
      return { cookie };
    },
    'an idle session (31 minutes)': async () => {
      const cookie = await world.sessionCookie(me);
      await db
        .updateTable('applicant_session')
        .set({ last_seen_at: new Date(Date.now() - 31 * 60_000) })
        .where('token_hash', '=', tokenHash(cookie))
        .execute();
      return { cookie };
    },
    'an expired session (past 12 hours)': async () => {
      const cookie = await world.sessionCookie(me);
      await db
        .updateTable('applicant_session')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('token_hash', '=', tokenHash(cookie))
        .execute();
      return { cookie };
    },
    'the staff token instead': async () => ({ ...STAFF_AUTH }),
    'the token in a header instead of the cookie': async () => ({
      authorization: `Bearer ${(await world.sessionCookie(me)).split('=')[1]!}`,
    }),
  };

  test.each(Object.keys(sessions))('%s', async (name) => {
    const headers = await sessions[name]!();
    const watch = new StateWatch(world);
    await watch.start();
    for (const route of dashboardRoutes) {
      for (const [body, raw] of [
        [bodyWith(route, me), undefined],
        [undefined, 'not json at all'],
      ] as const) {
        const res = await send(route, body, headers, raw);
        expect(res.status, `${route.url} (${name})`).toBe(401);
        expect(res.data, route.url).toEqual({});
      }
    }
    expect(await watch.changes()).toEqual({});
  });
});

describe("another applicant's ids with my session: refused, nothing of theirs in any answer, nothing stored", () => {
  test.each(dashboardRoutes.map((r) => [r.url, r] as const))('%s', async (_url, route) => {
    const cookie = await world.sessionCookie(me);
    const watch = new StateWatch(world);
    await watch.start();
    const body = bodyWith(route, them);
    const res = await send(route, body, { cookie });
    const takesIds = Object.keys(body).some((k) => ['reference_number', 'attachment_id', 'permit_number'].includes(k));
    if (takesIds) {
      expect(res.status, route.url).toBe(403);
      expect(res.data).toEqual({});
      expect(await watch.changes()).toEqual({});
    } else {
      expect(res.status, route.url).toBeLessThan(500);
    }
    const leaked = theirSecrets.filter((secret) => res.payload.includes(secret));
    expect(leaked, route.url).toEqual([]);
  });

  test('and their session sees only theirs: my ids refused the same way', async () => {
    const cookie = await world.sessionCookie(them);
    const mine = await secretsOf(me);
    for (const route of dashboardRoutes) {
      const res = await send(route, bodyWith(route, me), { cookie });
      expect(
        mine.filter((secret) => res.payload.includes(secret)),
        route.url,
      ).toEqual([]);
    }
  });
});

describe('back-office calls without the right token: 401 before the body is read, no data, nothing stored', () => {
  const tokens: Record<string, Record<string, string>> = {
    'no token': {},
    'an empty bearer': { authorization: 'Bearer ' },
    'a wrong token': { authorization: `Bearer ${STAFF_TOKEN.slice(0, -1)}X` },
    'the token with a character more': { authorization: `Bearer ${STAFF_TOKEN}x` },
    'a prefix of the token': { authorization: `Bearer ${STAFF_TOKEN.slice(0, 16)}` },
    'the token as Basic credentials': {
      authorization: `Basic ${Buffer.from(`staff:${STAFF_TOKEN}`).toString('base64')}`,
    },
    'the token without the Bearer scheme': { authorization: STAFF_TOKEN },
    'the token in a cookie': { cookie: `token=${STAFF_TOKEN}; kibali_session=${STAFF_TOKEN}` },
    'the token in another header': { 'x-staff-token': STAFF_TOKEN, 'x-api-key': STAFF_TOKEN },
  };

  test.each(Object.keys(tokens))('%s', async (name) => {
    const cookie = await world.sessionCookie(me); // an applicant's session grants nothing here
    const watch = new StateWatch(world);
    await watch.start();
    for (const route of staffRoutes) {
      for (const raw of [JSON.stringify(bodyWith(route, them)), '{not json', '']) {
        const res = await send(route, undefined, { ...tokens[name], ...(name === 'no token' ? { cookie } : {}) }, raw);
        expect(res.status, `${route.url} (${name})`).toBe(401);
        expect(res.data).toEqual({});
        expect(theirSecrets.filter((secret) => res.payload.includes(secret))).toEqual([]);
      }
      const query = await world.app.inject({ method: 'POST', url: `${route.url}?token=${STAFF_TOKEN}`, payload: {} });
      expect(query.statusCode, `${route.url}?token=`).toBe(401);
    }
    expect(await watch.changes()).toEqual({});
  });

  test('with the right token the same calls answer (the sweep is not vacuous)', async () => {
    const res = await send(
      staffRoutes.find((r) => r.url.endsWith('/get_application'))!,
      { reference_number: them.reference },
      STAFF_AUTH,
    );
    expect(res.status).toBe(200);
    expect(theirSecrets.some((secret) => res.payload.includes(secret))).toBe(true);
  });
});

describe('back-office calls with a staff session: 403 for roles other than officer and admin, 401 without a live one', () => {
  const staffCookies: Record<string, () => Promise<Record<string, string>>> = {
    'a policy editor': async () => ({ cookie: await staffSignIn(world.t, await addStaff(world.t, 'policy_editor')) }),
    'a policy publisher': async () => ({
      cookie: await staffSignIn(world.t, await addStaff(world.t, 'policy_publisher')),
    }),
    "an officer's session after sign-out": async () => {
      const cookie = await staffSignIn(world.t, await addStaff(world.t, 'officer'));
      await world.app.inject({ method: 'POST', url: '/api/staff/session/sign_out', headers: { cookie }, payload: {} });
      return { cookie };
    },
    "an officer's session, idle 31 minutes": async () => {
      const cookie = await staffSignIn(world.t, await addStaff(world.t, 'officer'));
      await db
        .updateTable('staff_session')
        .set({ last_seen_at: new Date(Date.now() - 31 * 60_000) })
        .where('token_hash', '=', tokenHash(cookie))
        .execute();
      return { cookie };
    },
    "a disabled officer's session": async () => {
      const officer = await addStaff(world.t, 'officer');
      const cookie = await staffSignIn(world.t, officer);
      await db
        .updateTable('staff_account')
        .set({ disabled_at: new Date() })
        .where('login', '=', officer.login)
        .execute();
      return { cookie };
    },
    "an applicant's session under the staff cookie's name": async () => ({
      cookie: `kibali_staff_session=${(await world.sessionCookie(me)).split('=')[1]!}`,
    }),
    "an officer's session under the applicant cookie's name": async () => ({
      cookie: `kibali_session=${(await staffSignIn(world.t, await addStaff(world.t, 'officer'))).split('=')[1]!}`,
    }),
  };

  test.each(Object.keys(staffCookies))('%s', async (name) => {
    const headers = await staffCookies[name]!();
    const forbidden = name.startsWith('a policy');
    const watch = new StateWatch(world);
    await watch.start();
    for (const route of staffRoutes) {
      // reload_forms is the publishers' (tests/server/staff-roles.test.ts); every other call the officers'.
      if (name === 'a policy publisher' && route.url === '/api/staff/reload_forms') continue;
      for (const raw of [JSON.stringify(bodyWith(route, them)), '{not json']) {
        const res = await send(route, undefined, headers, raw);
        expect(res.status, `${route.url} (${name})`).toBe(forbidden ? 403 : 401);
        expect(res.data).toEqual({});
        expect(theirSecrets.filter((secret) => res.payload.includes(secret))).toEqual([]);
      }
    }
    expect(await watch.changes()).toEqual({});
  });

  test("an officer's live session gets through (the sweep is not vacuous)", async () => {
    const cookie = await staffSignIn(world.t, await addStaff(world.t, 'officer'));
    const res = await send(
      staffRoutes.find((r) => r.url.endsWith('/get_application'))!,
      { reference_number: them.reference },
      { cookie },
    );
    expect(res.status).toBe(200);
    expect(theirSecrets.some((secret) => res.payload.includes(secret))).toBe(true);
  });
});

test('with development tools off their calls do not exist (404); without a token the back office takes none (401)', async () => {
  const off = await createTestApp({ STAFF_API_TOKEN: undefined, DEV_TOOLS: false });
  try {
    const offRoutes = listRoutes(off.app);
    expect(offRoutes.some((r) => r.url.startsWith('/api/dev/'))).toBe(false);
    for (const route of routes.filter((r) => r.url.startsWith('/api/dev/'))) {
      for (const headers of [{}, STAFF_AUTH, { authorization: 'Bearer ' }]) {
        const res = await off.app.inject({ method: 'POST', url: route.url, headers, payload: {} });
        expect(res.statusCode, route.url).toBe(404);
        expect(JSON.parse(res.payload)).toMatchObject({ response: { code: 404, data: {} } });
      }
    }
    for (const route of staffRoutes) {
      for (const headers of [{}, STAFF_AUTH, { authorization: 'Bearer ' }]) {
        const res = await off.app.inject({ method: 'POST', url: route.url, headers, payload: {} });
        expect(res.statusCode, route.url).toBe(401);
        expect(JSON.parse(res.payload)).toMatchObject({ response: { code: 401, data: {} } });
      }
    }
  } finally {
    await off.close();
  }
});
