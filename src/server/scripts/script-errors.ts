import { ConfigError } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { BackupRefusedError } from '../db/export/pglite-backup';

/** What an operator asked that the script will not do as asked (a file that exists, a wrong database). */
export class ScriptRefusedError extends Error {}

/**
 * Runs a command-line script: what an operator can put right (a bad setting, the data directory held
 * by a running server, a refused request) is said in one line with exit code 1, not as a stack trace;
 * anything else is a fault and keeps its stack.
 */
export async function runScript(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    if (!(
      error instanceof ConfigError ||
      error instanceof DataDirLockedError ||
      error instanceof BackupRefusedError ||
      error instanceof ScriptRefusedError
    ))
      throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}
