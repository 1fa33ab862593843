import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { FormsSet } from '../../shared/forms';
import { LANGUAGES } from '../../shared/reference-data';
import { SCHEMAS_DIR } from '../project-root';

/**
 * A set's files in the layout of schemas/, by path relative to the folder: flows.json,
 * steps/<id>.schema.json and <id>.ui.json, texts/<language>.json, documents.json, fees.json (when the set has a fee schedule).
 */
export function formsFiles(set: FormsSet): Map<string, unknown> {
  const files = new Map<string, unknown>();
  files.set('flows.json', set.flows);
  for (const [id, step] of Object.entries(set.steps)) {
    files.set(`steps/${id}.schema.json`, step.schema);
    files.set(`steps/${id}.ui.json`, step.uiSchema);
  }
  for (const language of LANGUAGES) files.set(`texts/${language}.json`, set.texts[language]);
  files.set('documents.json', set.documents);
  if (set.fees) files.set('fees.json', set.fees);
  return files;
}

/**
 * Formats JSON as the repository keeps it (its prettier settings) when prettier is installed (a
 * development checkout), so that an exported version diffs cleanly in git; plain JSON otherwise.
 */
async function formatter(): Promise<(file: string, json: string) => Promise<string>> {
  try {
    const prettier = await import('prettier');
    return async (file, json) => {
      // The repository's settings, wherever the folder is.
      const options = (await prettier.resolveConfig(path.join(SCHEMAS_DIR, file))) ?? {};
      return prettier.format(json, { ...options, filepath: file });
    };
  } catch {
    return async (_file, json) => `${json}\n`;
  }
}

/**
 * Writes a set into `dir` in the layout of schemas/ (forms:export): its files are replaced, step files
 * of steps the set does not have are removed, and anything else in the folder (README.md, samples/)
 * is left as it is.
 */
export async function writeFormsFolder(set: FormsSet, dir: string): Promise<string[]> {
  const files = formsFiles(set);
  const format = await formatter();
  await fs.mkdir(path.join(dir, 'steps'), { recursive: true });
  await fs.mkdir(path.join(dir, 'texts'), { recursive: true });
  for (const file of await fs.readdir(path.join(dir, 'steps'))) {
    if (/\.(schema|ui)\.json$/.test(file) && !files.has(`steps/${file}`)) await fs.rm(path.join(dir, 'steps', file));
  }
  // A version without a fee schedule leaves none behind to be published again with it.
  if (!set.fees) await fs.rm(path.join(dir, 'fees.json'), { force: true });
  for (const [file, content] of files) {
    await fs.writeFile(path.join(dir, file), await format(file, JSON.stringify(content, null, 2)));
  }
  return [...files.keys()];
}
