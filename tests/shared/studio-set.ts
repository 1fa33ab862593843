import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SCHEMAS_DIR } from '../../src/server/project-root';
import type { FormsSet } from '../../src/shared/forms';

const read = (file: string) => JSON.parse(readFileSync(path.join(SCHEMAS_DIR, file), 'utf8')) as never;

/** The repository's schemas/ as a forms set, read as plain JSON (the checker's smoke render is not needed here). */
export function realSet(): FormsSet {
  const steps: FormsSet['steps'] = {};
  for (const file of readdirSync(path.join(SCHEMAS_DIR, 'steps')).sort()) {
    const step = /^(.+)\.schema\.json$/.exec(file)?.[1];
    if (step) steps[step] = { schema: read(`steps/${file}`), uiSchema: read(`steps/${step}.ui.json`) };
  }
  return {
    steps,
    flows: read('flows.json'),
    texts: { en: read('texts/en.json'), sw: read('texts/sw.json') },
    documents: read('documents.json'),
    fees: read('fees.json'),
  };
}
