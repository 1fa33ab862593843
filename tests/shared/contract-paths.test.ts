import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contractPathsOnly } from '../../scripts/contract-paths-plugin';

const apiDir = path.resolve(import.meta.dirname, '../../src/shared/api');
const source = (file: string) => readFileSync(path.join(apiDir, file), 'utf8');

describe("the browser's build of the shared calls (scripts/contract-paths-plugin.ts)", () => {
  it('keeps each call its path and method, and drops its body and answer schemas', () => {
    const out = contractPathsOnly(source('applications.ts'), 'applications.ts')!;
    const saveCall = out.slice(out.indexOf('export const saveAndContinue'), out.indexOf('export type SaveStepRequest'));
    expect(saveCall).toContain("path: '/api/application/save_and_continue'");
    expect(saveCall).toContain("method: 'POST'");
    expect(saveCall).toContain('body: undefined');
    expect(saveCall).toContain('answer: undefined');
    expect(saveCall).not.toContain('additionalProperties');
    // What else the file exports stays (the client may use a schema on its own).
    expect(out).toContain('export const formsChangedSchema');
  });

  it('reads every file of src/shared/api, and leaves a file without calls as it is', () => {
    // call.ts defines apiCall (its comment names it).
    const files = readdirSync(apiDir).filter((f) => f.endsWith('.ts') && f !== 'call.ts');
    let calls = 0;
    for (const file of files) {
      const code = source(file);
      const out = contractPathsOnly(code, file);
      const made = (code.match(/\bapiCall\(\{/g) ?? []).length;
      calls += made;
      if (made === 0) expect(out, file).toBeUndefined();
      else expect((out!.match(/answer: undefined/g) ?? []).length, file).toBe(made);
    }
    expect(calls).toBeGreaterThan(80);
  });

  it('refuses a call it cannot read (not an object literal)', () => {
    expect(() => contractPathsOnly("const c = { path: '/api/x' };\nexport const x = apiCall(c);", 'x.ts')).toThrow(
      /object literal/,
    );
  });
});
