import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { lockDataDir } from '../data-dir-lock';

/**
 * The embedded database's backup: its whole data directory as one gzipped tarball (PGlite's own
 * dumpDataDir), and back. Both take the data directory's lock, so neither runs beside a server (a copy
 * of files a server is writing would be torn); uploaded files are backed up beside it (UPLOAD_DIR).
 */

export class BackupRefusedError extends Error {}

/** PGlite's folder inside DATA_DIR (as setup.ts opens it). */
export const pgliteDirOf = (dataDir: string) => path.join(dataDir, 'pglite');

/** Writes the tarball to `file` (a new file: an earlier backup is never overwritten). Answers its size. */
export async function backupPglite(dataDir: string, file: string): Promise<number> {
  const dir = pgliteDirOf(dataDir);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new BackupRefusedError(`There is no database in ${dir}.`);
  if (existsSync(file)) throw new BackupRefusedError(`${file} exists already: name a new file.`);
  const unlock = await lockDataDir(dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = new PGlite(dir);
    let tarball: Blob;
    try {
      // dumpDataDir before the database is ready waits forever.
      await pglite.waitReady;
      tarball = await pglite.dumpDataDir('gzip');
    } finally {
      await pglite.close();
    }
    await writeWhole(file, new Uint8Array(await tarball.arrayBuffer()));
    return tarball.size;
  } finally {
    await unlock();
  }
}

/**
 * Makes DATA_DIR's database from a tarball of backupPglite. A database already there is kept, moved
 * aside to pglite.before-restore-<time> (with `replace`; without it, the restore is refused).
 */
export async function restorePglite(
  file: string,
  dataDir: string,
  options: { replace?: boolean; now?: Date } = {},
): Promise<{ movedAside?: string }> {
  if (!existsSync(file)) throw new BackupRefusedError(`There is no backup file ${file}.`);
  const dir = pgliteDirOf(dataDir);
  const unlock = await lockDataDir(dataDir);
  try {
    let movedAside: string | undefined;
    if (existsSync(dir)) {
      if (!options.replace) {
        throw new BackupRefusedError(
          `${dir} holds a database already: add --replace to move it aside and restore in its place.`,
        );
      }
      const stamp = (options.now ?? new Date()).toISOString().replace(/[:.]/g, '-');
      movedAside = `${dir}.before-restore-${stamp}`;
      await fs.rename(dir, movedAside);
    }
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = new PGlite(dir, { loadDataDir: new Blob([await fs.readFile(file)]) });
    try {
      await pglite.waitReady;
      // A tarball that is not a Kibali database fails here, not at the next server start.
      await pglite.query('select count(*) from kysely_migration');
    } catch (error) {
      await pglite.close().catch(() => {});
      await fs.rm(dir, { recursive: true, force: true });
      if (movedAside) await fs.rename(movedAside, dir);
      throw new BackupRefusedError(`${file} is not a backup of Kibali's database: ${(error as Error).message}`);
    }
    await pglite.close();
    return movedAside ? { movedAside } : {};
  } finally {
    await unlock();
  }
}

/** Written under a temporary name and renamed: a backup cut short never looks like a whole one. */
async function writeWhole(file: string, bytes: Uint8Array): Promise<void> {
  const temp = `${file}.partial`;
  await fs.writeFile(temp, bytes, { flag: 'wx' });
  await fs.rename(temp, file);
}
