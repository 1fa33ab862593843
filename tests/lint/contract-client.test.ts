import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorsOf, root } from './compile-fixture';

// The client's side of the contract is checked by the compiler (issue 32, item 1): an RTK Query endpoint
// is typed by the call it sends (src/client/app/call-endpoint.ts) and a mock's answer by the call it
// answers (src/client/mocks/mock-call.ts). A fixture compiles clean, and the same with a mistake planted
// does not (as tests/lint/contract-error.test.ts does for the server's error answers).

const fixture = path.join(root, 'tests/lint/fixtures/contract-client/endpoint-and-mock.ts');
const planted = path.join(root, 'tests/lint/fixtures/contract-client/planted.ts');

/** The fixture with one mistake planted (the text it replaces must be there). */
function plant(text: string, from: string, to: string): string {
  const wrong = text.replace(from, to);
  expect(wrong).not.toBe(text);
  return wrong;
}

describe('the client’s side of the contract', () => {
  const text = readFileSync(fixture, 'utf8');

  it('compiles when the endpoint and the mock are their calls’', () => {
    expect(errorsOf(fixture, text)).toEqual([]);
  }, 120_000);

  it('does not compile with the endpoint pointed at another call', () => {
    // get_engineers answers a page of engineers: the page's read of the permit's status fails, and so
    // does the permit number it sends.
    const wrong = plant(
      text,
      'verifyPermit: callQuery(build, verifyPermit, { quiet: true })',
      'verifyPermit: callQuery(build, getEngineers, { quiet: true })',
    );
    const errors = errorsOf(planted, wrong).join('\n');
    expect(errors).toMatch(/permit_number/);
    expect(errors).toMatch(/status/);
  }, 120_000);

  it('does not compile with a mock answering another call’s data', () => {
    const wrong = plant(
      text,
      'mockCall(verifyPermit, ({ answer }) => answer(permit))',
      'mockCall(getEngineers, ({ answer }) => answer(permit))',
    );
    expect(errorsOf(planted, wrong).join('\n')).toMatch(/permit|items/);
  }, 120_000);

  it('does not compile with a fixed answer of the wrong shape', () => {
    const wrong = plant(text, "  status: 'valid',\n", "  status: 'valid-ish',\n");
    expect(errorsOf(planted, wrong).join('\n')).toMatch(/valid-ish|status/);
  }, 120_000);

  it('does not compile with a result the answer is not, without transformResponse, nor a refusal the call does not declare', () => {
    let wrong = plant(
      text,
      'getEngineers: callQuery(build, getEngineers),',
      "getEngineers: callQuery<typeof getEngineers, never, 'fixture', void, { pages: number }>(build, getEngineers),",
    );
    wrong = plant(wrong, "refusalFor(verifyPermit, 'permits.not_found'", "refusalFor(verifyPermit, 'not_signed_in'");
    const errors = errorsOf(planted, wrong).join('\n');
    expect(errors).toMatch(/Expected 3-4 arguments|Expected 4 arguments/);
    expect(errors).toMatch(/not_signed_in/);
  }, 120_000);
});
