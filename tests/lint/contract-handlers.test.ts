import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorsOf, root } from './compile-fixture';

// Every contract route answers its call's answer (src/server/http/contract-route.ts: the handler returns
// what only its call's `answer` makes), and so does every studio call's run (studio-routes.ts StudioRun):
// a fixture compiles clean, and the same with a wrong answer planted does not.

const fixture = path.join(root, 'tests/lint/fixtures/contract-handlers/answers.ts');
const planted = path.join(root, 'tests/lint/fixtures/contract-handlers/planted.ts');

describe('a contract route’s answer', () => {
  const text = readFileSync(fixture, 'utf8');

  it('compiles when the handler and the studio run answer the contract’s data', () => {
    expect(errorsOf(fixture, text)).toEqual([]);
  }, 180_000);

  it('does not compile when a handler answers data its call does not describe', () => {
    const wrong = text.replace("status: 'withdrawn'", "status: 'gone'");
    expect(wrong).not.toBe(text);
    expect(errorsOf(planted, wrong).join('\n')).toMatch(/"gone"/);
  }, 180_000);

  it('does not compile when a handler answers around its call’s answer (res.send)', () => {
    const wrong = text.replace("return answer.ok(withdrawn, 'withdrawn');", 'return res.send(withdrawn);');
    expect(wrong).not.toBe(text);
    expect(errorsOf(planted, wrong).join('\n')).toMatch(/'send' does not exist/);
  }, 180_000);

  it('does not compile when a studio run answers data its call does not describe', () => {
    const wrong = text.replace('({ versions: [] })', "({ versions: 'none' })");
    expect(wrong).not.toBe(text);
    expect(errorsOf(planted, wrong).join('\n')).toMatch(/versions/);
  }, 180_000);
});
