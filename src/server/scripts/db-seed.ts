import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/setup';
import { seedReferenceData } from '../db/seed/seed-reference-data';

// Re-writes the reference lists from src/server/db/seed/reference-data.ts, updating rows in place.
const config = loadConfig();
const database = await openConfiguredDatabase(config, (line) => console.log(line));
try {
  await seedReferenceData(database.db);
  console.log('Reference data seeded.');
} finally {
  await database.close();
}
