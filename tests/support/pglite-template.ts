import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedReferenceData } from '../../src/server/db/seed/seed-reference-data';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * A new PGlite database costs seconds of CPU (initdb, migrations, seed) where a copy of one costs
 * milliseconds: the fault and browser tests make one, migrated and seeded, and give each server a copy. The made one
 * is kept in the temporary folder under a name that changes with the migrations, the seed and PGlite,
 * like a compiler's cache; one unused for a day is removed when a new one is made.
 */

const PREFIX = 'kibali-faults-template-';

function fingerprint(): string {
  const hash = createHash('sha256');
  const files = [
    ...readdirSync(path.join(ROOT, 'src/server/db/migrations')).map((f) => `src/server/db/migrations/${f}`),
    ...readdirSync(path.join(ROOT, 'src/server/db/seed')).map((f) => `src/server/db/seed/${f}`),
    'seed/reference-data.json',
    'node_modules/@electric-sql/pglite/package.json',
  ].sort();
  for (const file of files) hash.update(file).update(readFileSync(path.join(ROOT, file)));
  return hash.digest('hex').slice(0, 16);
}

let made: Promise<string> | undefined;
/** The template, made once per process (servers started side by side ask for it at once). */
function template(): Promise<string> {
  made ??= makeTemplate();
  return made;
}

async function makeTemplate(): Promise<string> {
  const dir = path.join(os.tmpdir(), `${PREFIX}${fingerprint()}`);
  if (existsSync(path.join(dir, 'complete'))) {
    // Marked as in use: another checkout's run removes only a template left untouched for a day.
    const now = new Date();
    utimesSync(dir, now, now);
    return dir;
  }
  // Another checkout's run may be copying from its own template right now (another fingerprint): only
  // one left untouched for a day goes.
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const old of readdirSync(os.tmpdir()).filter((name) => name.startsWith(PREFIX))) {
    const at = path.join(os.tmpdir(), old);
    if (statSync(at).mtimeMs < dayAgo) rmSync(at, { recursive: true, force: true });
  }
  const building = mkdtempSync(path.join(os.tmpdir(), 'kibali-faults-building-'));
  try {
    // initdb here rather than in the worker thread openDatabase uses (vitest's global setup, which
    // makes it for the browser tests, cannot resolve the worker's module).
    const { PGlite } = await import('@electric-sql/pglite');
    const created = new PGlite(path.join(building, 'pglite'));
    await created.waitReady;
    await created.close();
    const database = await openDatabase({ pgliteDir: path.join(building, 'pglite') });
    try {
      await migrateToLatest(database.db);
      await seedReferenceData(database.db);
    } finally {
      await database.close();
    }
    writeFileSync(path.join(building, 'complete'), '');
    try {
      renameSync(building, dir);
    } catch (error) {
      // Another test run on this machine made it meanwhile: theirs is the same.
      if (!existsSync(path.join(dir, 'complete'))) throw error;
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  return dir;
}

/** Makes `dir` a data directory holding a migrated, seeded PGlite database (`<dir>/pglite`), as the server keeps it. */
export async function copySeededDataDir(dir: string): Promise<void> {
  const from = await template();
  cpSync(path.join(from, 'pglite'), path.join(dir, 'pglite'), { recursive: true });
}

/** A new data directory in the temporary folder, as copySeededDataDir makes it. */
export async function seededDataDir(name: string): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `kibali-faults-${name}-`));
  await copySeededDataDir(dir);
  return dir;
}
