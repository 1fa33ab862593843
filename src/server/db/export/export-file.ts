import { createWriteStream, existsSync, promises as fs } from 'node:fs';
import { once } from 'node:events';
import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { BackupRefusedError } from './pglite-backup';
import { writeSqlExport, type ExportSummary } from './sql-export';

/** The default name of an export: the day's date, so that exports of several days sit side by side. */
export const defaultExportName = (now: Date) => `kibali-export-${now.toISOString().slice(0, 10)}.sql`;

/**
 * Writes the export into `file`, streaming (a write waits while the disk is behind), under a temporary
 * name renamed at the end: a file cut short by an error is never taken for a whole export.
 */
export async function exportToFile(db: Kysely<Database>, file: string, now = new Date()): Promise<ExportSummary> {
  if (existsSync(file)) throw new BackupRefusedError(`${file} exists already: name a new file.`);
  const temp = `${file}.partial`;
  const out = createWriteStream(temp, { flags: 'wx', encoding: 'utf8' });
  let failed: NodeJS.ErrnoException | undefined;
  out.on('error', (error) => (failed ??= error));
  try {
    const summary = await writeSqlExport(
      db,
      async (text) => {
        if (failed) throw failed;
        if (!out.write(text)) await once(out, 'drain');
      },
      now,
    );
    out.end();
    await once(out, 'finish');
    await fs.rename(temp, file);
    return summary;
  } catch (error) {
    out.destroy();
    // Only a file this call made: another export's (the name taken, 'wx') is left alone.
    if (failed?.code !== 'EEXIST') await fs.rm(temp, { force: true });
    throw error;
  }
}
