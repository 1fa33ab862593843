import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/setup';
import { FormRegistry } from '../forms/form-registry';
import { writeFormsFolder } from '../forms/forms-folder';
import { SCHEMAS_DIR } from '../project-root';
import { runScript } from './script-errors';

// `npm run forms:export [-- --version <n>] [--dir <folder>]`: writes a published forms version (the
// latest by default) into a folder in the layout of schemas/ (schemas/ itself by default), for review
// in git. `--list` lists the published versions instead.
const { values } = parseArgs({
  options: {
    version: { type: 'string' },
    dir: { type: 'string', default: SCHEMAS_DIR },
    list: { type: 'boolean', default: false },
  },
});
await runScript(async () => {
  const database = await openConfiguredDatabase(loadConfig(), () => {});
  try {
    const registry = await FormRegistry.open(database.db, { importFrom: SCHEMAS_DIR });
    if (values.list) {
      for (const v of await registry.list())
        console.log(`${v.version}\t${v.publishedAt.toISOString()}\t${v.publishedBy}\t${v.reason}`);
    } else {
      const wanted = values.version === undefined ? (await registry.current()).version : Number(values.version);
      const published = Number.isInteger(wanted) ? await registry.version(wanted) : undefined;
      if (!published) {
        console.error(`There is no forms version ${values.version}: npm run forms:export -- --list lists them.`);
        process.exitCode = 1;
      } else {
        const dir = path.resolve(values.dir);
        const files = await writeFormsFolder(published.set, dir);
        console.log(
          `Wrote forms version ${published.version} (published ${published.publishedAt.toISOString()} by ` +
            `${published.publishedBy}: ${published.reason}) into ${dir}: ${files.length} files.`,
        );
      }
    }
  } finally {
    await database.close();
  }
});
