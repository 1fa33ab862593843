import { execFile } from 'node:child_process';
import path from 'node:path';
import { runStaffCli } from '../../src/server/back-office/staff-cli';
import { bundledScript } from '../support/bundled-script';

/**
 * The command-line scripts as an operator runs them. `run`: a child process of src/server/scripts
 * (bundled once), for what only a process shows: the exit code it sets, stdin as a pipe, a second
 * process on a data directory. `staffCli`: `npm run staff` in this process, the very function the
 * script calls with the script's environment, terminal and piped password: a call takes the time of
 * its work rather than a new Node, its modules and PGlite's compiled WebAssembly each time.
 */

const root = path.resolve(import.meta.dirname, '../..');

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Only the environment named (no DATABASE_URL from outside), logs silent. */
const scriptEnv = (env: Record<string, string>) => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  LOG_LEVEL: 'silent',
  ...env,
});

/** Runs a script of src/server/scripts as a child process, `input` on its stdin (a pipe, as a script or a password manager gives it). */
export async function run(script: string, args: string[], env: Record<string, string>, input = ''): Promise<Run> {
  const bundle = await bundledScript(`src/server/scripts/${script}.ts`);
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [bundle, ...args],
      { cwd: root, env: scriptEnv(env), timeout: 170_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    child.stdin?.end(input);
  });
}

/**
 * `npm run staff -- <args>` in this process: what it prints on stdout and stderr (a line each, as
 * console.log writes them), its exit code, and `input`'s first line as the password piped to it (as
 * the script reads a pipe).
 */
export async function staffCli(args: string[], env: Record<string, string>, input = ''): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runStaffCli(args, scriptEnv(env), {
    out: (text) => void (stdout += `${text}\n`),
    err: (text) => void (stderr += `${text}\n`),
    secret: () => Promise.resolve(input.split(/\r?\n/)[0] ?? ''),
  });
  return { code, stdout, stderr };
}
