import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/shared/reference-data';
import { message } from '../../src/server/i18n/messages';
import { messageCallSites, placeholdersByKey } from '../support/message-call-sites';
import { personal, SAVE } from './application-fixtures';
import { createTestApp, databaseKinds, post, type Envelope, type TestApp } from './helpers';

// Issue 31, item 8: a draft's phone changed, the dialog read "…tuliyoituma kwa simu mpya {{sent_to}}":
// the refusal's message was filled from its parameters only, while the masked number was in its data.
// Every message the server sends (answers, errors, SMS, notices, the command line's) is checked here
// for a placeholder left unfilled, in both languages.

const ROOT = path.resolve(import.meta.dirname, '../..');
const catalogue = placeholdersByKey(LANGUAGES);
const withPlaceholders = [...catalogue].filter(([, names]) => names.size > 0).map(([key]) => key);

/**
 * The keys no literal in the code names, with why each is still safe: checked here by hand, and kept
 * exactly this list (a new computed key must be added and checked).
 */
const NOT_NAMED_BY_A_LITERAL: Record<string, { rendered: string; with: string[] } | 'unused'> = {
  // staff-users-cli.ts: `staff_accounts.${command}d` with { login } (commands disable and enable).
  'staff_accounts.disabled': { rendered: 'src/server/staff-accounts/staff-users-cli.ts', with: ['login'] },
  'staff_accounts.enabled': { rendered: 'src/server/staff-accounts/staff-users-cli.ts', with: ['login'] },
  // In the catalogue, sent by no code today.
  too_many_requests: 'unused',
  engineers_found: 'unused',
};

function sources(dir: string, into: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) sources(file, into);
    else if (/\.tsx?$/.test(file)) into.push(file);
  }
  return into;
}

describe('the message catalogue', () => {
  it('uses the same placeholders in English and Swahili', () => {
    const english = placeholdersByKey(['en']);
    const swahili = placeholdersByKey(['sw']);
    const differ = [...english.keys()].filter(
      (key) => [...english.get(key)!].sort().join() !== [...(swahili.get(key) ?? [])].sort().join(),
    );
    expect(differ).toEqual([]);
  });

  it('fills every placeholder of every key, in both languages, from the values and the answer data', () => {
    // A value for each placeholder, given as parameters or as the answer's data (dotted paths nest).
    const unfilled: string[] = [];
    for (const key of withPlaceholders) {
      const params: Record<string, unknown> = {};
      const data: Record<string, unknown> = {};
      for (const name of catalogue.get(key)!) {
        const [head, ...rest] = name.split('.');
        if (rest.length === 0) params[name] = 'VALUE';
        else data[head!] = { ...(data[head!] as object), [rest.join('.')]: 'VALUE' };
      }
      for (const language of LANGUAGES) {
        const text = message(language, key, { ...params, count: 2 }, data);
        if (/\{\{|\}\}/.test(text)) unfilled.push(`${language} ${key}: ${text}`);
      }
    }
    expect(unfilled).toEqual([]);
  });
});

describe('every place the server sends a message', () => {
  let sites: ReturnType<typeof messageCallSites>['sites'] = [];
  let named = new Set<string>();
  // The whole server's types are read once: about a minute on a busy machine.
  beforeAll(() => {
    ({ sites, named } = messageCallSites(catalogue));
  }, 240_000);

  it('gives each key every value its texts name (read from the code with its types)', () => {
    expect(sites.length).toBeGreaterThan(300);
    const unfilled = sites
      .filter((site) => site.missing.length > 0 && !site.open)
      .map((site) => `${site.where} ${site.key}: no ${site.missing.map((m) => `{{${m}}}`).join(', ')}`);
    expect(unfilled).toEqual([]);
    // Values typed as records of any keys (stored notice parameters): known when they run, and
    // rendered in the API tests. They are few, and each is named here so that a new one is seen.
    const open = sites.filter((site) => site.missing.length > 0 && site.open).map((site) => site.key);
    expect(open.sort()).toEqual([
      'notices.invoice_added.message',
      'notices.invoice_paid.message',
      'notices.verify_link',
    ]);
  });

  it('names every key with placeholders in the code, but the few listed (computed or unused)', () => {
    const unnamed = withPlaceholders.filter((key) => !named.has(key));
    expect(unnamed.sort()).toEqual(Object.keys(NOT_NAMED_BY_A_LITERAL).sort());
    const code = sources(path.join(ROOT, 'src', 'server'))
      .concat(sources(path.join(ROOT, 'src', 'shared')))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    for (const [key, how] of Object.entries(NOT_NAMED_BY_A_LITERAL)) {
      if (how === 'unused') {
        expect(code, key).not.toContain(key);
        continue;
      }
      expect(
        [...catalogue.get(key)!].every((name) => how.with.includes(name)),
        key,
      ).toBe(true);
      expect(readFileSync(path.join(ROOT, how.rendered), 'utf8')).toContain(
        'messageKey: `staff_accounts.${p.command}d`',
      );
    }
  });
});

describe.each(databaseKinds)('the phone-change answer (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DEV_TOOLS: true }, { kind });
  }, 120_000);
  afterAll(() => t.close());

  it.each(LANGUAGES)('says in %s where the code went, and the SMS has no placeholder either', async (language) => {
    const first = await post<Envelope<{ reference_number: string }>>(t.app, SAVE, {
      application_type: 'repair',
      step_number: 1,
      data: personal(),
    });
    expect(first.status).toBe(200);
    const reference_number = first.body!.response.data.reference_number;
    const asked = await post<Envelope<{ phone_confirmation: { sent_to: string } }>>(
      t.app,
      SAVE,
      { application_type: 'repair', step_number: 1, data: { ...personal(), phone: '+255677999888' }, reference_number },
      { 'accept-language': language },
    );
    expect(asked.status).toBe(409);
    const { message: text, data } = asked.body!.response;
    expect(data.phone_confirmation.sent_to).toMatch(/888$/);
    expect(text).toContain(data.phone_confirmation.sent_to);
    expect(text).not.toMatch(/\{\{|\}\}/);
    expect(text).toContain(language === 'sw' ? 'simu mpya' : 'new number');
    const outbox = (await post<Envelope<{ phone: string; message: string }[]>>(t.app, '/api/dev/outbox', {})).body!
      .response.data;
    expect(outbox.some((sms) => sms.phone === '+255677999888')).toBe(true);
    for (const sms of outbox) expect(sms.message).not.toMatch(/\{\{|\}\}/);
  });
});
