import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Every contract route answers its call's answer (src/server/http/contract-route.ts: the handler returns
// what only its call's `answer` makes), and so does every studio call's run (studio-routes.ts StudioRun):
// a fixture compiles clean, and the same with a wrong answer planted does not.

const root = path.resolve(import.meta.dirname, '../..');
const fixture = path.join(root, 'tests/lint/fixtures/contract-handlers/answers.ts');
const planted = path.join(root, 'tests/lint/fixtures/contract-handlers/planted.ts');

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
