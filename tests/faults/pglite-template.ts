import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedReferenceData } from '../../src/server/db/seed/seed-reference-data';
import { ROOT } from './server-process';

/**
 * A new PGlite database costs seconds of CPU (initdb, migrations, seed) where a copy of one costs
 * milliseconds: the fault tests make one, migrated and seeded, and give each test a copy. The made one
 * is kept in the temporary folder under a name that changes with the migrations, the seed and PGlite,
 * like a compiler's cache; an older one is removed when a new one is made.
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

async function template(): Promise<string> {
  const dir = path.join(os.tmpdir(), `${PREFIX}${fingerprint()}`);
  if (existsSync(path.join(dir, 'complete'))) return dir;
  for (const old of readdirSync(os.tmpdir()).filter((name) => name.startsWith(PREFIX))) {
    rmSync(path.join(os.tmpdir(), old), { recursive: true, force: true });
  }
  const building = mkdtempSync(path.join(os.tmpdir(), 'kibali-faults-building-'));
  try {
    const database = await openDatabase({ pgliteDir: path.join(building, 'pglite') });
    try {
      await migrateToLatest(database.db);
      await seedReferenceData(database.db);
    } finally {
      await database.close();
    }
    writeFileSync(path.join(building, 'complete'), '');
    renameSync(building, dir);
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  return dir;
}

/** A new data directory holding a migrated, seeded PGlite database (`<dir>/pglite`), as the server keeps it. */
export async function seededDataDir(name: string): Promise<string> {
  const from = await template();
  const dir = mkdtempSync(path.join(os.tmpdir(), `kibali-faults-${name}-`));
  cpSync(path.join(from, 'pglite'), path.join(dir, 'pglite'), { recursive: true });
  return dir;
}
