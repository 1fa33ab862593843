import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorsOf, root } from './compile-fixture';

// The contract's error answers are typed (src/server/http/contract-error.ts): an answer whose data the
// contract does not describe does not compile. A fixture compiles clean, and the same with a mistake
// planted does not.

const fixture = path.join(root, 'tests/lint/fixtures/contract-error/phone-change-answer.ts');
const planted = path.join(root, 'tests/lint/fixtures/contract-error/planted.ts');

describe('an error answer of the contract', () => {
  const text = readFileSync(fixture, 'utf8');

  it('compiles when its data is the contract’s', () => {
    expect(errorsOf(fixture, text)).toEqual([]);
  }, 120_000);

  it('does not compile with a field of phone_change_code_sent left out', () => {
    const wrong = text.replace(', resend_after_s: 60', '');
    expect(wrong).not.toBe(text);
    expect(errorsOf(planted, wrong).join('\n')).toMatch(/resend_after_s/);
  }, 120_000);

  it('does not compile with a code the call does not declare', () => {
    const wrong = text.replace("'phone_change_code_sent'", "'phone_changed'");
    expect(errorsOf(planted, wrong).join('\n')).toMatch(/phone_changed/);
  }, 120_000);
});
