import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/setup';
import { runScript } from './script-errors';

// Opening the configured database migrates it to the latest version (and seeds a new one).
await runScript(async () => {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config, (line) => console.log(line));
  await database.close();
  console.log('The database is at the latest migration.');
});
