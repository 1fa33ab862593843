import { createHash, randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {}

const LOCK_FILE = 'kibali.lock';

interface Owner {
  pid: number;
  host: string;
}

/** The contents of the locks this process holds (or is about to link into place): each has its own nonce. */
const heldHere = new Set<string>();

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A hard link made, or false when the name is taken: link(2) never replaces, so one taker wins. */
async function linked(from: string, to: string): Promise<boolean> {
  try {
    await fs.link(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

const readText = (file: string) =>
  fs.readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });

/**
 * PGlite takes no lock on its directory and two processes on one directory corrupt it.
 *
 * The lock file holds the owner's pid, host and a nonce, written whole under a temporary name and
 * hard-linked into place: the link fails if the file exists, so of servers starting together exactly
 * one gets it. A lock left by a process that died (kill -9) is taken over, so a restart never waits
 * for it to go stale; the takeover is claimed first by linking a marker named after that very lock's
 * contents, so of two servers finding the same dead lock only one replaces it, and a taker that was
 * late finds the contents changed and starts again (then sees the winner alive and stops).
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await fs.mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const me = JSON.stringify({ pid: process.pid, host: os.hostname(), nonce: randomUUID() });
  const temp = path.join(dataDir, `.${LOCK_FILE}.${randomUUID()}`);
  await fs.writeFile(temp, me, { flag: 'wx' });
  // Before the link: another call of this process that reads the file between the link and the return
  // must already see it held here.
  heldHere.add(me);
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      if (await linked(temp, file)) return releaser(file, me);
      const current = await readText(file);
      if (current === undefined) continue; // released meanwhile: try again
      const owner = parseOwner(current);
      if (owner && holds(owner, current)) throw inUse(dataDir, owner.pid);
      if (owner && owner.host !== os.hostname()) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is locked by a Kibali server on host ${owner.host}. ` +
            `If that server is gone, delete ${file}.`,
        );
      }
      if (await tookOver(file, current, temp)) return releaser(file, me);
    }
  } catch (error) {
    heldHere.delete(me);
    throw error;
  } finally {
    await fs.rm(temp, { force: true });
  }
  heldHere.delete(me);
  throw new DataDirLockedError(
    `Could not take the lock ${file}: another server is starting on it. If none is, delete ${file} ` +
      `and any ${LOCK_FILE}.takeover-* beside it.`,
  );
}

/** Replaces the dead lock `stale` by ours, if this process is the one that claims that lock's takeover. */
async function tookOver(file: string, stale: string, temp: string): Promise<boolean> {
  const marker = `${file}.takeover-${createHash('sha256').update(stale).digest('hex').slice(0, 16)}`;
  if (!(await linked(temp, marker))) return false; // another server is taking it over: look again
  try {
    // Still the dead lock? Otherwise another taker finished before we claimed (and removed its marker).
    if ((await readText(file)) !== stale) return false;
    // Nothing else changes the file meanwhile: its owner is dead and every other taker needs the marker.
    await fs.rename(temp, file);
    return true;
  } finally {
    await fs.rm(marker, { force: true });
  }
}

function releaser(file: string, me: string): () => Promise<void> {
  return async () => {
    const current = await readText(file).catch(() => undefined);
    if (current === me) await fs.rm(file, { force: true });
    heldHere.delete(me);
  };
}

/**
 * Whether the lock's owner still holds it: a live process on this host; for this process's own pid,
 * only a lock it holds now (a container restarts with the pid its dead predecessor had).
 */
function holds(owner: Owner, contents: string): boolean {
  if (owner.host !== os.hostname()) return false;
  if (owner.pid === process.pid) return heldHere.has(contents);
  return isAlive(owner.pid);
}

/**
 * Refuses at once, taking nothing, when a live server holds the directory: the server asks this before
 * it loads the rest of itself, so a second one stops in a moment. `lockDataDir` still takes the lock.
 */
export async function refuseIfInUse(dataDir: string): Promise<void> {
  const contents = await readText(path.join(dataDir, LOCK_FILE)).catch(() => undefined);
  const owner = contents === undefined ? undefined : parseOwner(contents);
  if (owner && holds(owner, contents!)) throw inUse(dataDir, owner.pid);
}

const inUse = (dataDir: string, pid: number) =>
  new DataDirLockedError(
    `The data directory ${dataDir} is in use by another Kibali server (pid ${pid}). ` +
      'Stop that server, or give this one another DATA_DIR, or use DATABASE_URL for several servers.',
  );

function parseOwner(contents: string): Owner | undefined {
  try {
    const parsed = JSON.parse(contents) as { pid?: unknown; host?: unknown };
    return typeof parsed.pid === 'number' && typeof parsed.host === 'string'
      ? { pid: parsed.pid, host: parsed.host }
      : undefined;
  } catch {
    return undefined;
  }
}
