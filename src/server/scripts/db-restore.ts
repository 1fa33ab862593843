import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { pgliteDirOf, restorePglite } from '../db/export/pglite-backup';
import { runScript, ScriptRefusedError } from './script-errors';

// `npm run db:restore -- <file.tar.gz> [--replace]`: the embedded database (DATA_DIR) from a backup of
// db:backup. A database already there is moved aside only with --replace. Stop the server first.
const { values, positionals } = parseArgs({
  options: { replace: { type: 'boolean', default: false } },
  allowPositionals: true,
});
await runScript(async () => {
  const config = loadConfig();
  if (config.DATABASE_URL) {
    throw new ScriptRefusedError(
      'db:restore restores the embedded database; with DATABASE_URL use pg_restore (docs/deployment.md).',
    );
  }
  if (positionals.length !== 1) throw new ScriptRefusedError('Usage: npm run db:restore -- <file.tar.gz> [--replace]');
  const file = path.resolve(positionals[0]!);
  const { movedAside } = await restorePglite(file, config.DATA_DIR, { replace: values.replace });
  console.log(
    `Restored ${pgliteDirOf(config.DATA_DIR)} from ${file}.` +
      (movedAside ? ` The database that was there is in ${movedAside}.` : ''),
  );
});
