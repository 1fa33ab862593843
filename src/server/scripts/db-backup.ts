import path from 'node:path';
import { loadConfig } from '../config';
import { backupPglite } from '../db/export/pglite-backup';
import { runScript, ScriptRefusedError } from './script-errors';

// `npm run db:backup [-- <file.tar.gz>]`: the embedded database as one tarball. Stop the server first.
await runScript(async () => {
  const config = loadConfig();
  if (config.DATABASE_URL) {
    throw new ScriptRefusedError(
      'db:backup backs up the embedded database; with DATABASE_URL use pg_dump (docs/deployment.md).',
    );
  }
  const file = path.resolve(process.argv[2] ?? `kibali-backup-${new Date().toISOString().slice(0, 10)}.tar.gz`);
  const size = await backupPglite(config.DATA_DIR, file);
  console.log(`Wrote ${file} (${size} bytes). Back up the uploaded files (UPLOAD_DIR) and the env file beside it.`);
});
