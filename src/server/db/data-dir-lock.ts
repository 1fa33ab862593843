import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite takes no lock on its directory and two processes on one directory corrupt it.
 * The lock file holds the owner's pid and host; a lock left by a process that died (kill -9)
 * is taken over, so a restart never waits for it to go stale.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await fs.mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, 'kibali.lock');
  const me = JSON.stringify({ pid: process.pid, host: os.hostname() });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await fs.writeFile(file, me, { flag: 'wx' });
      return async () => {
        const current = await fs.readFile(file, 'utf8').catch(() => '');
        if (current === me) await fs.rm(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = await readOwner(file);
      if (owner && heldByAnother(owner)) throw inUse(dataDir, owner.pid);
      if (owner && owner.host !== os.hostname()) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is locked by a Kibali server on host ${owner.host}. ` +
            `If that server is gone, delete ${file}.`,
        );
      }
      await fs.rm(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not take the lock ${file}: another server is starting on it.`);
}

/**
 * Refuses at once, taking nothing, when a live server holds the directory: the server asks this before
 * it loads the rest of itself, so a second one stops in a moment. `lockDataDir` still takes the lock.
 */
export async function refuseIfInUse(dataDir: string): Promise<void> {
  const owner = await readOwner(path.join(dataDir, 'kibali.lock'));
  if (owner && heldByAnother(owner)) throw inUse(dataDir, owner.pid);
}

const heldByAnother = (owner: { pid: number; host: string }) =>
  owner.host === os.hostname() && owner.pid !== process.pid && isAlive(owner.pid);

const inUse = (dataDir: string, pid: number) =>
  new DataDirLockedError(
    `The data directory ${dataDir} is in use by another Kibali server (pid ${pid}). ` +
      'Stop that server, or give this one another DATA_DIR, or use DATABASE_URL for several servers.',
  );

async function readOwner(file: string): Promise<{ pid: number; host: string } | undefined> {
  try {
    const parsed = JSON.parse(await fs.readFile(file, 'utf8')) as { pid?: unknown; host?: unknown };
    return typeof parsed.pid === 'number' && typeof parsed.host === 'string'
      ? { pid: parsed.pid, host: parsed.host }
      : undefined;
  } catch {
    return undefined;
  }
}
