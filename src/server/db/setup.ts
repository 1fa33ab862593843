import path from 'node:path';
import type { Config } from '../config';
import { lockDataDir } from './data-dir-lock';
import { openDatabase, type DatabaseHandle } from './database';
import { migrateToLatest } from './migrate';
import { needsSeeding, seedReferenceData } from './seed/seed-reference-data';

export interface OpenOptions {
  /** PostgreSQL: how long a query of the running server may wait for its answer (ms); see DatabaseOptions. */
  queryTimeoutMs?: number;
}

/**
 * Opens the configured database ready for use: PGlite under DATA_DIR (locked against a second
 * server) or PostgreSQL, migrated to the latest version, reference data seeded on first start.
 */
export async function openConfiguredDatabase(
  config: Config,
  log: (line: string) => void = () => {},
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  const unlock = config.DATABASE_URL ? async () => {} : await lockDataDir(config.DATA_DIR);
  const open = (queryTimeoutMs?: number) =>
    openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: path.join(config.DATA_DIR, 'pglite'), queryTimeoutMs });
  try {
    // Migrations may take long: they run without the running server's query timeout.
    let opened = await open();
    try {
      const applied = await migrateToLatest(opened.db);
      if (applied.length > 0) log(`Applied migrations: ${applied.join(', ')}`);
      if (await needsSeeding(opened.db)) {
        await seedReferenceData(opened.db);
        log('Seeded reference data');
      }
    } catch (error) {
      await opened.close();
      throw error;
    }
    if (config.DATABASE_URL && options.queryTimeoutMs) {
      await opened.close();
      opened = await open(options.queryTimeoutMs);
    }
    const serving = opened;
    return {
      ...serving,
      close: async () => {
        await serving.close();
        await unlock();
      },
    };
  } catch (error) {
    await unlock();
    throw error;
  }
}
