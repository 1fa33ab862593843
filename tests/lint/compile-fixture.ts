import path from 'node:path';
import ts from 'typescript';

/**
 * The compiler run the contract's lint tests share (contract-client, contract-error, contract-handlers):
 * a fixture's text compiled with the project's options, its imports read from the tree.
 */

export const root = path.resolve(import.meta.dirname, '../..');

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
export function errorsOf(file: string, text: string): string[] {
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
