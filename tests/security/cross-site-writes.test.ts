import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { api, personal, SAVE } from '../server/application-fixtures';
import type { RequiredDocument } from '../../src/shared/reference-data';
import { post, TINY_PDF, type Envelope } from '../server/helpers';
import { createWorld, envelopeProblem, StateWatch } from './security-world';

// Cross-site writes, as the attack: another site's page makes the browser POST to the portal (a form,
// or fetch with mode no-cors: multipart and text bodies are sent without a preflight, with the
// applicant's cookies). The browser says where the request comes from in Sec-Fetch-Site; anything but
// same-origin is refused with 403 before the body is read, and nothing changes.

const world = await createWorld();
afterAll(async () => {
  // A refused upload is answered before its body is read: the attacker's side may still be sending it,
  // which would keep its connection (and so the close) waiting.
  world.app.server.closeAllConnections();
  await world.close();
});
let base = '';
beforeAll(async () => {
  base = await world.app.listen({ port: 0, host: '127.0.0.1' });
});

const draft = world.applicant('draft');
const cookie = await world.sessionCookie(world.applicant('submitted'));
// The draft's owner: the attack rides on the applicant's own cookies.
const draftCookie = await world.draftCookie(draft);
const splash = (await post<Envelope<Record<string, unknown>>>(world.app, '/api/splash/get_splash')).body!.response.data;
const document = Object.values(splash)
  .filter(Array.isArray)
  .flat()
  .find(
    (d): d is RequiredDocument => (d as Partial<RequiredDocument>).accept?.includes('application/pdf') === true,
  )!.code;

function uploadForm(): FormData {
  const form = new FormData();
  form.set('reference_number', draft.reference);
  form.set('document_type', document);
  form.set('file', new Blob([new Uint8Array(TINY_PDF)]), 'plan.pdf');
  return form;
}

type Write = (site: Record<string, string>) => Promise<Response>;
const WRITES: [string, Write][] = [
  [
    'a multipart upload to a draft',
    (site) =>
      fetch(`${base}/api/attachment/upload`, {
        method: 'POST',
        headers: { cookie: draftCookie, ...site },
        body: uploadForm(),
      }),
  ],
  [
    'a JSON save of the first step (new draft)',
    (site) =>
      fetch(`${base}${SAVE}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...site },
        body: JSON.stringify({ application_type: 'repair', step_number: 1, data: personal() }),
      }),
  ],
  [
    "a message sent with the applicant's session",
    async (site) =>
      fetch(`${base}/api/dashboard/send_message`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, ...site },
        body: JSON.stringify({ message: 'Sent by another site' }),
      }),
  ],
];

describe.each(WRITES)('%s', (_name, write) => {
  test.each(['cross-site', 'same-site', 'none', 'bogus'])(
    'Sec-Fetch-Site: %s is refused 403 and nothing changes',
    async (site) => {
      const watch = new StateWatch(world);
      await watch.start();
      const res = await write({ 'sec-fetch-site': site, 'accept-language': 'sw' });
      const text = await res.text();
      expect(res.status, text).toBe(403);
      expect(envelopeProblem(res.status, res.headers.get('content-type'), text)).toBeUndefined();
      expect((JSON.parse(text) as Envelope).response.message).toBe(api.sw.cross_site_refused);
      // A new session made for the call is the test's doing: only rows other than sessions count.
      const changed = Object.keys(await watch.changes()).filter((name) => name !== 'session' && name !== 'draft_key');
      expect(changed).toEqual([]);
    },
  );

  test.each([['same-origin'], ['(absent)']])('Sec-Fetch-Site %s passes', async (site) => {
    const res = await write(site === '(absent)' ? {} : { 'sec-fetch-site': site });
    const text = await res.text();
    expect(res.status, text).toBe(200);
  });
});

test('the message is in English too, and GETs are not concerned', async () => {
  const res = await fetch(`${base}/api/attachment/upload`, {
    method: 'POST',
    headers: { 'sec-fetch-site': 'cross-site', 'accept-language': 'en' },
    body: uploadForm(),
  });
  expect(((await res.json()) as Envelope).response.message).toBe(api.en.cross_site_refused);
  const page = await fetch(`${base}/api/openapi.json`, { headers: { 'sec-fetch-site': 'cross-site' } });
  expect(page.status).toBe(200);
});
