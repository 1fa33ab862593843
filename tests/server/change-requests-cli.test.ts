import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplication } from '../../src/server/applications/applications-repository';
import { formatReferenceNumber, newReferenceNumber } from '../../src/server/applications/reference-number';
import { parseRequest } from '../../src/server/changes/change-cli';
import { personal, sample } from './application-fixtures';
import { staffCli } from './cli-runner';
import { createTestApp, type TestApp } from './helpers';

// The requests for changes from the command line (`npm run staff -- return|extend|withdraw-overdue|
// overdue|holidays|add-holiday|remove-holiday`), against a running server with its token.

const TOKEN = 'change-cli-token-0123456789-0123456789';
const SLOW = 180_000;

describe('parseRequest', () => {
  it.each([
    ['step:repair=Say more', { kind: 'step', step: 'repair', remark: 'Say more' }],
    [
      'step:repair:repair_description,repair_type=Say more: which walls?',
      { kind: 'step', step: 'repair', fields: ['repair_description', 'repair_type'], remark: 'Say more: which walls?' },
    ],
    [
      'document:sheha_letter:replace=The stamp = unreadable',
      { kind: 'document', document_type: 'sheha_letter', action: 'replace', remark: 'The stamp = unreadable' },
    ],
  ])('%s', (text, expected) => {
    expect(parseRequest(text)).toEqual(expected);
  });

  it.each(['step:repair', 'document:sheha_letter=x', 'document:sheha_letter:swap=x', 'floor:1=x', 'step=x'])(
    'explains what is wrong with %s',
    (text) => {
      expect(typeof parseRequest(text)).toBe('string');
    },
  );
});

describe('the command line against a server', () => {
  let t: TestApp;
  let base = '';
  let reference = '';
  const staff = (...args: string[]) => staffCli(['--url', base, ...args], { STAFF_API_TOKEN: TOKEN });

  beforeAll(async () => {
    t = await createTestApp({ STAFF_API_TOKEN: TOKEN });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = t.app.listeningOrigin;
    const stored = newReferenceNumber();
    await insertApplication(t.database.db, stored, 'repair', {
      status: 'under_review',
      step_number: 3,
      forms_version: 1,
      answers: { personal: personal(), repair: sample('repair ok (affects neighbours)'), uploads: { documents: {} } },
      phone: '+255700088801',
      id_number: null,
      submitted: true,
    });
    reference = formatReferenceNumber(stored);
  }, SLOW);
  afterAll(() => t?.close());

  it(
    'returns with requests, shows the round, lists holidays, refuses a wrong request (exit 2) and a bad step (exit 1)',
    async () => {
      const wrong = await staff('return', reference, '--request', 'step:repair', '--days', '5');
      expect(wrong.code).toBe(2);
      expect(wrong.stderr).toContain('=<remark>');
      const badStep = await staff('return', reference, '--request', 'step:engineer=Who?', '--days', '5');
      expect(badStep.code).toBe(1);
      expect(badStep.stderr).toContain('/requests/0/step');

      const returned = await staff(
        'return',
        reference,
        '--request',
        'step:repair:repair_description=Describe the repair in more detail.',
        '--request',
        'document:sheha_letter:replace=The stamp cannot be read.',
        '--days',
        '10',
      );
      expect(returned.code, returned.stderr).toBe(0);
      expect(returned.stdout).toContain('Returned for changes');
      expect(returned.stdout).toMatch(/due: \d{4}-\d{2}-\d{2} \(round 1\)/);

      const shown = await staff('show', reference);
      expect(shown.stdout).toContain('Requests for changes:');
      expect(shown.stdout).toContain('step repair (repair_description): Describe the repair in more detail.');
      expect(shown.stdout).toContain('document sheha_letter (replace): The stamp cannot be read.');

      const extended = await staff('extend', reference, '--days', '20');
      expect(extended.code, extended.stderr).toBe(0);
      expect(extended.stdout).toContain('The deadline for the changes is now');
      const early = await staff('withdraw-overdue', reference, '--reason', 'No answer.');
      expect(early.code).toBe(1);

      const overdue = await staff('overdue');
      expect(overdue.code).toBe(0);
      expect(overdue.stdout).toContain('REFERENCE');

      const holidays = await staff('holidays', '--year', '2026');
      expect(holidays.code, holidays.stderr).toBe(0);
      expect(holidays.stdout).toContain('2026-01-12  Zanzibar Revolution Day');
      expect(holidays.stdout).toContain('expected date');
      const added = await staff(
        'add-holiday',
        '2026-11-30',
        '--name-en',
        'A day off',
        '--name-sw',
        'Siku ya mapumziko',
      );
      expect(added.code, added.stderr).toBe(0);
      expect((await staff('add-holiday', '2026-11-30', '--name-en', 'x', '--name-sw', 'y')).code).toBe(1);
      expect((await staff('remove-holiday', '2026-11-30')).code).toBe(0);
    },
    SLOW,
  );
});
