import { parseArgs } from 'node:util';
import { SCHEMAS_DIR } from '../app';
import { loadConfig, uploadDir } from '../config';
import { openConfiguredDatabase } from '../db/setup';
import { seedDemo } from '../demo/demo-seed';
import { seedReferenceData } from '../db/seed/seed-reference-data';
import { FormRegistry } from '../forms/form-registry';
import { readSamples } from '../forms/sample-files';
import { runScript } from './script-errors';

// Re-writes the reference lists from seed/reference-data.json, updating rows in place.
// With --demo, adds a set of fictional applications in every state (src/server/demo/demo-seed.ts).
const { values } = parseArgs({ options: { demo: { type: 'boolean', default: false } } });
await runScript(async () => {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config, (line) => console.log(line));
  try {
    // The demo applications are saved under the latest published forms (schemas/ on a first run).
    const forms = values.demo ? await FormRegistry.open(database.db, { importFrom: SCHEMAS_DIR }) : undefined;
    await seedReferenceData(database.db);
    console.log('Reference data seeded.');
    if (forms) {
      const samples = await readSamples(SCHEMAS_DIR);
      const demo = await seedDemo({ db: database.db, forms, uploadsDir: uploadDir(config), samples });
      console.log('\nDemo applications (fictional people):');
      const width = Math.max(...demo.map((d) => d.status.length));
      for (const d of demo)
        console.log(`  ${d.reference_number}  ${d.status.padEnd(width)}  ${d.applicant} (${d.phone}): ${d.story}`);
      console.log(
        [
          '',
          'To see one as its applicant: start the server with development tools on (DEV_TOOLS=1 npm start),',
          'open View (/home/login), type its reference number (the captcha solves itself), then read the SMS code in the',
          'outbox: POST /api/dev/outbox, e.g. curl -s -X POST -H "content-type: application/json" -d "{}"',
          `http://localhost:${config.PORT}/api/dev/outbox. The draft opens with Continue (/home/continue).`,
          'Staff: npm run staff -- list (with the server stopped), or npm run staff -- list --url http://localhost:' +
            `${config.PORT} with STAFF_API_TOKEN set.`,
        ].join('\n'),
      );
    }
  } finally {
    await database.close();
  }
});
