import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The contract's error answers are typed (src/server/http/contract-error.ts): an answer whose data the
// contract does not describe does not compile. A fixture compiles clean, and the same with a mistake
// planted does not.

const root = path.resolve(import.meta.dirname, '../..');
const fixture = path.join(root, 'tests/lint/fixtures/contract-error/phone-change-answer.ts');
const planted = path.join(root, 'tests/lint/fixtures/contract-error/planted.ts');

/** The project's compiler options (tsconfig.json). */
function projectOptions(): ts.CompilerOptions {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  return parsed!.options;
}

/** The compiler's errors for one file given as text (its imports read from the tree). */
function errorsOf(file: string, text: string): string[] {
  const options = projectOptions();
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    path.resolve(name) === file ? ts.createSourceFile(name, text, language) : read(name, language, ...rest);
  host.fileExists = (
    (exists) => (name: string) =>
      path.resolve(name) === file || exists(name)
  )(host.fileExists);
  const program = ts.createProgram([file], options, host);
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(file))
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

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
