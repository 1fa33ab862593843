import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, test } from 'vitest';
import { DemoIdentityRegistry } from '../../src/server/identity/identity-registry';
import { APPLICATION_STATUSES } from '../../src/shared/dashboard';
import { APPLICATION_TYPES } from '../../src/shared/wizard-driver';
import { samples } from '../server/application-fixtures';
import { fromSchema, hostileString, hostileValue, withPollutingKey } from './hostile-values';
import {
  bodySchemaOf,
  createWorld,
  envelopeProblem,
  listRoutes,
  snapshot,
  STAFF_TOKEN,
  StateWatch,
  type JsonSchema,
  type Route,
} from './security-world';

// Property-based: random and hostile requests to EVERY route the app serves (read from the app, so
// a new route is covered without a change here), with and without a session or the staff token.
// Whatever is sent: never a 5xx, always the envelope, no prototype polluted, and a refused request
// (4xx) leaves every table and the uploads folder exactly as they were.

const RUNS = Number(process.env.SECURITY_RUNS ?? 60);

const world = await createWorld();
afterAll(() => world.close());
const routes = listRoutes(world.app);

const mine = world.applicant('permit_issued');
const theirs = world.applicant('submitted');
const draft = world.applicant('draft');
const all = Object.values(world.applicants);
const engineers = await world.t.database.db.selectFrom('engineer').select('registration_number').limit(3).execute();
const documents = (await world.app.forms.get()).forms.documents;

/** Real values by property name, so that hostile requests reach real records. */
const SEEDS: Record<string, unknown[]> = {
  reference_number: [
    ...all.map((a) => a.reference),
    draft.stored.toLowerCase(),
    ` ${theirs.stored.slice(0, 5)} ${theirs.stored.slice(5)} `,
  ],
  attachment_id: all.flatMap((a) => a.attachmentIds),
  invoice_id: all.flatMap((a) => a.invoiceIds),
  permit_number: all.flatMap((a) => a.permitNumbers),
  engineer_id: engineers.map((e) => e.registration_number),
  document_type: documents.map((d) => d.id),
  zan_id: DemoIdentityRegistry.PEOPLE.map((p) => p.zan_id),
  status: [...APPLICATION_STATUSES, 'expired'],
  application_type: [...APPLICATION_TYPES],
  step_number: [1, 2, 3, 7],
  page: [1, 2],
  page_size: [10, 20],
};

const validSamples = Object.values(samples).filter((s) => s.valid && Object.keys(s.data).length > 0);

/** A valid step sample with one answer replaced by something hostile (or left as is). */
const stepAnswers = fc
  .tuple(fc.constantFrom(...validSamples), fc.nat(), hostileValue, fc.boolean())
  .map(([sample, index, value, replace]) => {
    const data: Record<string, unknown> = structuredClone(sample.data);
    const keys = Object.keys(data);
    if (replace) data[keys[index % keys.length]!] = value;
    return { step: sample.step, data };
  });

/** A hostile stand-in for `name` whose schema is `schema`: by schema, a real value, or anything. */
function propertyValue(name: string, schema: JsonSchema): fc.Arbitrary<unknown> {
  const choices: fc.WeightedArbitrary<unknown>[] = [
    { weight: 3, arbitrary: fromSchema(schema) },
    { weight: 3, arbitrary: hostileValue },
  ];
  const seeds = SEEDS[name] ?? [];
  if (seeds.length) choices.push({ weight: 3, arbitrary: fc.constantFrom(...seeds) });
  if (schema.type === 'string') {
    // Well-formed but for one poisoned character: what gets past the schema to the database.
    const wellFormed = seeds.length ? fc.constantFrom(...seeds.map(String)) : fromSchema(schema);
    choices.push({
      weight: 3,
      arbitrary: fc
        .tuple(wellFormed as fc.Arbitrary<string>, fc.constantFrom('\u0000', '\ud800', '\u202e', "'", '<', '%', '\\'))
        .map(([text, poison]) => `${text.slice(0, -1)}${poison}`),
    });
  }
  if (name === 'data') {
    const byStep = typeof schema.additionalProperties === 'object';
    choices.push({
      weight: 5,
      arbitrary: byStep
        ? fc
            .array(stepAnswers, { minLength: 1, maxLength: 3 })
            .map((steps) => Object.fromEntries(steps.map((s) => [s.step, s.data])))
        : stepAnswers.map((s) => s.data),
    });
  }
  return fc.oneof(...choices);
}

/** Bodies shaped by the route's schema, each property possibly hostile, sometimes with an extra or polluting key. */
function schemaBody(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema?.properties ?? {});
  const shaped =
    properties.length === 0
      ? fc.constant({})
      : fc.record(Object.fromEntries(properties.map(([name, s]) => [name, propertyValue(name, s)])), {
          requiredKeys: [],
        });
  return fc
    .tuple(
      shaped,
      fc.option(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra', ''), hostileValue)),
    )
    .map(([body, extra]) => (extra ? withPollutingKey(body, extra[0], extra[1]) : body));
}

/** encodeURIComponent, or the UTF-8 bytes percent-encoded where it refuses (lone surrogates). */
const encode = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
};

const nested = (depth: number, open: string, close: string) => `${open.repeat(depth)}${close.repeat(depth)}`;
/** Bodies that are not what JSON.stringify would make. */
const RAW_BODIES = [
  '',
  ' ',
  'null',
  '[]',
  '"x"',
  '1',
  '{',
  '{"a":}',
  '{"a":1,}',
  "{'a':1}",
  '\ufeff{}',
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  '{"a":"\\udc00\\ud800"}',
  `${'['.repeat(50_000)}"\\ud800"${']'.repeat(50_000)}`,
  '{"page":1,"page":"x"}',
  nested(100_000, '[', ']'),
  `{"data":${nested(50_000, '[', ']')}}`,
  `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
  `{"x":"${'y'.repeat(1024 * 1024)}"}`,
];

const CONTENT_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/xml',
  'application/vnd.api+json',
  'application/json; charset=utf-16le',
  'application/json; charset=latin1',
  'image/png',
  '',
];

type Auth = 'none' | 'valid' | 'wrong' | 'other' | 'ended' | 'garbage';

const group = (route: Route) => /^\/api\/(staff|dashboard)\//.exec(route.url)?.[1] ?? 'public';

function authHeaders(
  route: Route,
  auth: Auth,
  cookies: { mine: string; theirs: string; ended: string },
): Record<string, string> {
  if (group(route) === 'staff') {
    const tokens: Record<Auth, string | undefined> = {
      none: undefined,
      valid: `Bearer ${STAFF_TOKEN}`,
      wrong: `Bearer ${STAFF_TOKEN.slice(0, -1)}x`,
      other: `bearer ${STAFF_TOKEN}`,
      ended: 'Bearer ',
      garbage: `Basic ${Buffer.from(`staff:${STAFF_TOKEN}`).toString('base64')}`,
    };
    return tokens[auth] === undefined ? {} : { authorization: tokens[auth] };
  }
  const cookie: Record<Auth, string | undefined> = {
    none: undefined,
    valid: cookies.mine,
    other: cookies.theirs,
    ended: cookies.ended,
    wrong: `kibali_session=${'A'.repeat(43)}`,
    garbage: 'kibali_session=%zz; kibali_session=; =;;',
  };
  return cookie[auth] === undefined ? {} : { cookie: cookie[auth] };
}

interface Sent {
  payload?: string;
  contentType?: string;
  language: string;
  auth: Auth;
  path?: string;
}

function requestArbitrary(route: Route): fc.Arbitrary<Sent> {
  const common = {
    language: fc.constantFrom('en', 'sw', 'sw-TZ,sw;q=0.9', 'xx', '*', 'en;q=abc', ',;;'),
    auth: fc.constantFrom<Auth>('valid', 'valid', 'none', 'wrong', 'other', 'ended', 'garbage'),
  };
  if (route.method === 'GET') {
    const segment = fc.oneof(hostileString, fc.constantFrom('personal', 'uploads', '__proto__', 'constructor'));
    return fc.record({
      ...common,
      path: fc.tuple(segment, fc.option(hostileString)).map(([param, query]) => {
        const url = route.url.replace(/:([A-Za-z_]+)/g, () => encode(param));
        return query === null ? url : `${url}?v=${encode(query)}&${encode(query)}=1`;
      }),
    });
  }
  const schema = bodySchemaOf(world.app, route);
  return fc.record({
    ...common,
    payload: fc.oneof(
      { weight: 8, arbitrary: schemaBody(schema).map((body) => JSON.stringify(body)) },
      { weight: 2, arbitrary: hostileValue.map((value) => JSON.stringify(value) ?? '') },
      { weight: 2, arbitrary: fc.constantFrom(...RAW_BODIES) },
    ),
    contentType: fc.oneof(
      { weight: 8, arbitrary: fc.constant('application/json') },
      { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    ),
  });
}

/** Answers that are not an envelope by design: the OpenAPI document, a step's validator, a downloaded file. */
const notAnEnvelope = (route: Route, status: number, contentType: string) =>
  status === 200 && (route.url === '/api/openapi.json' || !contentType.startsWith('application/json'));

/** The tables a refused call may write: the counts of wrong tries that lockouts are made of. */
const COUNTED_WHEN_REFUSED: Readonly<Record<string, readonly string[]>> = {
  '/api/staff/session/sign_in': ['code_lockout'],
};

const masked = (sent: Sent) => ({ ...sent, payload: sent.payload && sent.payload.slice(0, 300) });

async function sweep(route: Route, runs: number): Promise<void> {
  const cookies = {
    mine: await world.sessionCookie(mine),
    theirs: await world.sessionCookie(theirs),
    ended: await world.sessionCookie(mine),
  };
  await world.app.inject({ method: 'POST', url: '/api/application/logout', headers: { cookie: cookies.ended } });
  const watch = new StateWatch(world);
  await watch.start();
  await fc.assert(
    fc.asyncProperty(requestArbitrary(route), async (sent) => {
      const headers: Record<string, string> = {
        'accept-language': sent.language,
        ...authHeaders(route, sent.auth, cookies),
      };
      if (sent.contentType) headers['content-type'] = sent.contentType;
      const request: InjectOptions = {
        method: route.method,
        url: sent.path ?? route.url,
        headers,
        ...(sent.payload === undefined ? {} : { payload: sent.payload }),
      };
      const res = await world.app.inject(request);
      const what = JSON.stringify(masked(sent));
      expect(res.statusCode, `${route.method} ${route.url} ${what} → ${res.payload.slice(0, 300)}`).toBeLessThan(500);
      const contentType = String(res.headers['content-type'] ?? '');
      if (!notAnEnvelope(route, res.statusCode, contentType)) {
        expect(
          envelopeProblem(res.statusCode, contentType, res.payload),
          `${what} → ${res.payload.slice(0, 300)}`,
        ).toBe(undefined);
      }
      expect(({} as Record<string, unknown>).polluted, 'Object.prototype polluted').toBeUndefined();
      const changed = await watch.changes();
      if (res.statusCode >= 400) {
        // A wrong staff password is counted against the login typed, known or not (its lockout), as a
        // wrong code is against its subject: the one write a refused call may make.
        const counted = COUNTED_WHEN_REFUSED[route.url] ?? [];
        const unexpected = Object.fromEntries(Object.entries(changed).filter(([table]) => !counted.includes(table)));
        expect(unexpected, `a refused ${route.url} (${res.statusCode}) changed stored state: ${what}`).toEqual({});
      }
    }),
    { numRuns: runs },
  );
}

describe('hostile bodies to every route', () => {
  test('the route list comes from the app and names every group', () => {
    const urls = routes.map((r) => r.url);
    const documented = Object.keys((world.app.swagger() as { paths: Record<string, unknown> }).paths).map((p) =>
      p.replace(/\{([A-Za-z_]+)\}/g, ':$1'),
    );
    for (const path of documented) expect(urls).toContain(path);
    for (const prefix of ['/api/application/', '/api/dashboard/', '/api/staff/', '/api/attachment/', '/api/dev/']) {
      expect(
        urls.some((u) => u.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
    expect(routes.length).toBeGreaterThan(40);
  });

  test.each(routes.map((r) => [`${r.method} ${r.url}`, r] as const))('%s', async (_name, route) => {
    await sweep(route, RUNS);
  });

  test('unknown paths and methods: a 404 envelope, nothing changed', async () => {
    const before = await snapshot(world);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
        fc.oneof(
          hostileString.map((s) => `/api/${encode(s)}`),
          fc.constantFrom(...routes.map((r) => r.url)).map((u) => `${u}/x`),
          fc.constantFrom(
            '/api/dashboard/',
            '/api/staff/',
            '/api/dev/',
            '/api/%2e%2e/%2e%2e/etc/passwd',
            '/api/%',
            '/api/dashboard/%zz',
            '/api/forms/validators/%E0%A4%A.js',
            '/api//staff//set_status',
          ),
        ),
        async (method, url) => {
          const res = await world.app.inject({
            method: method as InjectOptions['method'],
            url,
            payload: method === 'GET' ? undefined : '{}',
            headers: { 'content-type': 'application/json' },
          });
          expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
          if (method !== 'OPTIONS') {
            expect(envelopeProblem(res.statusCode, res.headers['content-type'], res.payload), `${method} ${url}`).toBe(
              undefined,
            );
          }
        },
      ),
      { numRuns: RUNS },
    );
    expect(await snapshot(world)).toEqual(before);
  });
});
