import { describe, expect, it } from 'vitest';
import { createServerAjv } from '../../src/server/forms/server-ajv';

// The validator the server checks answers with runs patterns on RE2 (issue 31, item 1).

describe("the server's validator", () => {
  it('keeps each pattern its own (ajv keeps one engine per pattern, by its text)', () => {
    const validate = createServerAjv().compile({
      type: 'object',
      properties: {
        phone: { type: 'string', pattern: '^(\\+255|0)[67][0-9]{8}$' },
        code: { type: 'string', pattern: '^ZEB/[0-9]{4}$' },
      },
      patternProperties: { '^(x_[a-z]+)$': { type: 'string' } },
      additionalProperties: false,
    });
    expect(validate({ phone: '0712345678', code: 'ZEB/1234', x_note: 'a' })).toBe(true);
    expect(validate({ phone: 'ZEB/1234' })).toBe(false);
    expect(validate({ code: '0712345678' })).toBe(false);
    expect(validate({ y_note: 'a' })).toBe(false);
  });

  it('answers a hostile answer to the words pattern at once: RE2 reads it once', () => {
    const validate = createServerAjv().compile({ type: 'string', pattern: '^([a-zA-Z0-9]+\\s?)+$' });
    // A backtracking engine tries 2^199 ways before it refuses this.
    expect(validate(`${'a'.repeat(199)}!`)).toBe(false);
    expect(validate('Shangani Mji Mkongwe')).toBe(true);
  });

  it('refuses every answer to a pattern RE2 cannot run (a version published before the checker refused it)', () => {
    const validate = createServerAjv().compile({ type: 'string', pattern: '^(a+)\\1$' });
    expect(validate('aa')).toBe(false);
    expect(validate('ab')).toBe(false);
  });
});
