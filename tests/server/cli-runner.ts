import { execFile } from 'node:child_process';
import path from 'node:path';
import { bundledScript } from '../support/bundled-script';

/** The command-line scripts as an operator runs them: child processes of src/server/scripts (bundled once). */

const root = path.resolve(import.meta.dirname, '../..');

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs a script of src/server/scripts with only the environment named (no DATABASE_URL from outside),
 * `input` on its stdin (a pipe, as a script or a password manager gives it).
 */
export async function run(script: string, args: string[], env: Record<string, string>, input = ''): Promise<Run> {
  const bundle = await bundledScript(`src/server/scripts/${script}.ts`);
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [bundle, ...args],
      {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'silent', ...env },
        timeout: 170_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    child.stdin?.end(input);
  });
}
