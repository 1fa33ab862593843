import { afterAll, describe, expect, test } from 'vitest';
import { validation } from '../server/application-fixtures';
import { createWorld, envelopeProblem, STAFF_AUTH, StateWatch } from './security-world';

// Half a character (a lone surrogate such as \ud800) is valid JSON but cannot be stored in jsonb: a
// call that wrote a row, then failed on the jsonb of its notice, answered 500 with the write kept (a
// permit revoked, its applicant never told). Every such text is refused as the body is read: 400,
// where it is, in the caller's language, and nothing stored.

const world = await createWorld();
afterAll(() => world.close());

const issued = world.applicant('permit_issued');
const review = world.applicant('under_review');

/** A call that writes what it is sent into a notice or a message, with its text cut in half. */
const ATTACKS: {
  name: string;
  url: string;
  body: Record<string, unknown>;
  path: string;
  auth: () => Promise<Record<string, string>>;
}[] = [
  {
    name: 'a permit revoked with half a character in its reason',
    url: '/api/staff/revoke_permit',
    body: { permit_number: issued.permitNumbers[0], reason: 'Built beyond the plan \ud800' },
    path: '/reason',
    auth: async () => STAFF_AUTH,
  },
  {
    name: 'a status set with half a character in its remark',
    url: '/api/staff/set_status',
    body: { reference_number: review.reference, status: 'approved', remark: '\udc00 approved' },
    path: '/remark',
    auth: async () => STAFF_AUTH,
  },
  {
    name: "an applicant's message with half a character, in a key of the body",
    url: '/api/dashboard/send_message',
    body: { message: 'Habari', ['x\ud800']: 1 },
    path: '/',
    auth: async () => ({ cookie: await world.sessionCookie(review) }),
  },
];

describe.each(ATTACKS)('$name', ({ url, body, path, auth }) => {
  test.each(['en', 'sw'] as const)('is refused (400, in %s) and changes nothing', async (language) => {
    const headers = { 'content-type': 'application/json', 'accept-language': language, ...(await auth()) };
    const watch = new StateWatch(world);
    await watch.start();
    const res = await world.app.inject({
      method: 'POST',
      url,
      headers,
      payload: JSON.stringify(body),
    });
    expect(res.statusCode, res.payload).toBe(400);
    expect(envelopeProblem(res.statusCode, res.headers['content-type'], res.payload)).toBeUndefined();
    const { response } = JSON.parse(res.payload) as {
      response: { data: { errors: { path: string; message: string }[] } };
    };
    expect(response.data.errors).toHaveLength(1);
    expect(response.data.errors[0]!.path).toBe(path);
    expect(response.data.errors[0]!.message).toBe(validation[language].invalid);
    expect(await watch.changes()).toEqual({});
  });
});
