import { describe, expect, it } from 'vitest';
import { meets } from '../../src/client/studio/preview/condition-check';
import { SAMPLE_DATE, sampleAnswers } from '../../src/client/studio/preview/sample-answers';

// The preview cannot compile a draft's schema (no 'unsafe-eval'): conditions are interpreted, and
// sample answers are made from each question's schema.

describe('meets: a condition of a step, interpreted', () => {
  const showWhen = { properties: { fenced: { const: true } }, required: ['fenced'] };
  it.each([
    [showWhen, { fenced: true }, true],
    [showWhen, { fenced: false }, false],
    [showWhen, {}, false],
    [{ properties: { use: { enum: ['home', 'shop'] } } }, { use: 'shop' }, true],
    [{ properties: { use: { enum: ['home', 'shop'] } } }, { use: 'farm' }, false],
    [{ properties: { area: { minimum: 10, maximum: 90 } } }, { area: 95 }, false],
    [{ properties: { code: { pattern: '^[0-9]+$' } } }, { code: '12a' }, false],
    [{ properties: { code: { type: 'integer' } } }, { code: 2.5 }, false],
    [{ not: showWhen }, { fenced: true }, false],
    [{ anyOf: [showWhen, { required: ['other'] }] }, { other: 1 }, true],
    [{ if: showWhen, then: { required: ['material'] } }, { fenced: true }, false],
    [{ 'x-unknown-keyword': 1 }, {}, true],
  ])('%j on %j → %s', (schema, data, expected) => {
    expect(meets(schema, data)).toBe(expected);
  });
});

describe('sampleAnswers', () => {
  it('answers each kind of question plausibly, and leaves alone what it cannot make up', () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string', maxLength: 6 },
        deed: { type: 'string', pattern: '^[0-9]+$' },
        when: { type: 'string', format: 'date' },
        use: { type: 'string', oneOf: [{ const: 'home' }, { const: 'shop' }] },
        area: { type: 'number', minimum: 10, maximum: 90 },
        storeys: { type: 'integer', maximum: 0.5 },
        fenced: { type: 'boolean' },
        rooms: { type: 'array', items: { type: 'object' } },
      },
    };
    expect(sampleAnswers(schema, 'Jibu la mfano')).toEqual({
      name: 'Jibu l',
      when: SAMPLE_DATE,
      use: 'home',
      area: 50,
      storeys: 0,
      fenced: true,
    });
  });
});
