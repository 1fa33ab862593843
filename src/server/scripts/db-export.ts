import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { defaultExportName, exportToFile } from '../db/export/export-file';
import { pgliteDirOf } from '../db/export/pglite-backup';
import { openConfiguredDatabase } from '../db/setup';
import { runScript, ScriptRefusedError } from './script-errors';

// `npm run db:export [-- <file.sql>]`: the embedded database (DATA_DIR) as a plain-SQL file for
// PostgreSQL (see docs/deployment.md, "Moving from the embedded database to PostgreSQL"). Stop the server first.
await runScript(async () => {
  const config = loadConfig();
  if (config.DATABASE_URL) {
    throw new ScriptRefusedError(
      'db:export reads the embedded database (DATA_DIR); DATABASE_URL is set. To back up PostgreSQL use pg_dump (docs/deployment.md).',
    );
  }
  if (!existsSync(path.join(pgliteDirOf(config.DATA_DIR), 'PG_VERSION'))) {
    throw new ScriptRefusedError(`There is no embedded database in ${config.DATA_DIR} to export.`);
  }
  const file = path.resolve(process.argv[2] ?? defaultExportName(new Date()));
  // Opening takes the data directory's lock (a running server holds it) and brings it to the latest migration.
  const database = await openConfiguredDatabase(config);
  try {
    const summary = await exportToFile(database.db, file);
    console.log(
      `Wrote ${file}: ${summary.rows} rows of ${summary.tables} tables and ${summary.jobs} waiting jobs. ` +
        'Import it into a database migrated with npm run db:migrate: psql -v ON_ERROR_STOP=1 -d <database> -f <file>.',
    );
  } finally {
    await database.close();
  }
});
