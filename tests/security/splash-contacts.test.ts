import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../server/helpers';

// The attack: a stranger, or a script, asks for the public reference data every visitor's browser reads
// (get_splash, no session, no captcha, cached by every proxy that keeps public answers) and harvests the
// engineers' emails and phones from it. The engineers' contacts are the engineer registry's: the public
// Engineers page shows them a page at a time (get_engineers), the wizard never needs them, and the
// splash must not hand the whole registry to anyone who asks once.

describe.each(databaseKinds)('get_splash gives away no engineer contact (%s)', (kind) => {
  let t: TestApp;
  /** Every engineer the database holds, active or not, with the contacts the registry keeps. */
  let engineers: { registration_number: string; email: string; mobile: string; active: boolean }[];

  beforeAll(async () => {
    t = await createTestApp({}, { kind });
    engineers = await t.database.db
      .selectFrom('engineer')
      .select(['registration_number', 'email', 'mobile', 'active'])
      .execute();
  });
  afterAll(() => t.close());

  /** The answer's bytes, as a stranger's client receives them (uncompressed, no cookie). */
  async function splashBytes(headers: Record<string, string> = {}): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/splash/get_splash',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'identity', ...headers },
      payload: '{}',
    });
    expect(res.statusCode).toBe(200);
    return res.payload;
  }

  /** The contacts found in `bytes`: each email (any case), and each phone as stored, digits only or local. */
  function contactsIn(bytes: string): string[] {
    const lower = bytes.toLowerCase();
    return engineers.flatMap(({ registration_number, email, mobile }) => {
      const digits = mobile.replace(/\D/g, '');
      const forms = [email.toLowerCase(), mobile.toLowerCase(), digits, `0${digits.slice(-9)}`];
      return forms.filter((form) => lower.includes(form)).map((form) => `${registration_number}: ${form}`);
    });
  }

  test('the seeded registry is there to harvest', () => {
    expect(engineers.length).toBeGreaterThanOrEqual(150);
    for (const { email, mobile } of engineers) {
      expect(email).toContain('@');
      expect(mobile.replace(/\D/g, '').length).toBeGreaterThanOrEqual(9);
    }
  });

  test('no email or phone of any engineer is in the answer, in either language', async () => {
    for (const language of ['en', 'sw']) {
      const bytes = await splashBytes({ 'accept-language': language });
      // The engineers are in it (the wizard names a confirmed engineer by registration number).
      for (const { registration_number } of engineers.filter((e) => e.active))
        expect(bytes).toContain(registration_number);
      expect(contactsIn(bytes)).toEqual([]);
    }
  });
});
