import { ConfigError, loadConfig, uploadDir } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { openConfiguredDatabase } from '../db/setup';
import { Sweeper } from '../retention/sweeper';

// `npm run sweep`: the daily retention sweep, now (with PGlite, while the server is stopped: it holds DATA_DIR).
try {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config, (line) => console.log(line));
  try {
    const counts = await new Sweeper(database.db, uploadDir(config)).run();
    for (const [kind, count] of Object.entries(counts)) console.log(`${kind}: ${count} deleted`);
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) console.error(error.message);
  else console.error('The sweep failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
