import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/setup';
import { FormRegistry } from '../forms/form-registry';
import { SCHEMAS_DIR } from '../project-root';
import { runScript } from './script-errors';

// `npm run forms:import [-- --dir <folder>] [--reason "<why>"] [--by "<who>"]`: checks a folder in the
// layout of schemas/ and publishes it as a new forms version; every server serves it within 2 s.
// With PGlite (no DATABASE_URL) stop the server first, or use reload_forms on the running server.
const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: SCHEMAS_DIR },
    reason: { type: 'string', default: 'forms:import' },
    by: { type: 'string', default: `${os.userInfo().username} (forms:import)` },
  },
});
const dir = path.resolve(values.dir);
await runScript(async () => {
  const database = await openConfiguredDatabase(loadConfig(), () => {});
  try {
    const registry = await FormRegistry.open(database.db, { importFrom: dir, by: values.by });
    const result = await registry.importFolder(dir, { by: values.by, reason: values.reason });
    if (!result.ok) {
      console.error(`Nothing was published: the forms in ${dir} have ${result.problems.length} problem(s):`);
      for (const problem of result.problems) console.error(`  - ${problem}`);
      process.exitCode = 1;
    } else if (result.published) {
      console.log(`Published the forms of ${dir} as version ${result.version}.`);
    } else {
      console.log(`The forms of ${dir} are already the latest version (${result.version}): nothing published.`);
    }
  } finally {
    await database.close();
  }
});
