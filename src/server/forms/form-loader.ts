import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { formsProblems, type DocumentRule, type FormsSet, type JsonSchema, type StepForm } from '../../shared/forms';
import { LANGUAGES } from '../../shared/reference-data';
import type { Flows } from '../../shared/wizard-driver';

export class FormsProblemsError extends Error {
  constructor(readonly problems: string[]) {
    super(`The forms in schemas/ have ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

async function readJson(file: string, problems: string[]): Promise<unknown> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8'));
  } catch (error) {
    problems.push(`${path.basename(path.dirname(file))}/${path.basename(file)}: ${(error as Error).message}`);
    return undefined;
  }
}

/**
 * Reads schemas/ (flows.json, steps/<id>.schema.json + <id>.ui.json, texts/<language>.json and
 * documents.json), checks them all, and returns the forms or throws every problem found at once.
 */
export async function loadForms(schemasDir: string): Promise<FormsSet> {
  const problems: string[] = [];
  const flows = (await readJson(path.join(schemasDir, 'flows.json'), problems)) as Flows | undefined;
  const stepsDir = path.join(schemasDir, 'steps');
  const files = await fs.readdir(stepsDir).catch(() => [] as string[]);
  const steps: Record<string, StepForm> = {};
  for (const file of files.filter((f) => f.endsWith('.schema.json')).sort()) {
    const id = file.slice(0, -'.schema.json'.length);
    const schema = await readJson(path.join(stepsDir, file), problems);
    const uiFile = path.join(stepsDir, `${id}.ui.json`);
    const uiSchema = await readJson(uiFile, problems);
    if (schema && uiSchema)
      steps[id] = { schema: schema as StepForm['schema'], uiSchema: uiSchema as StepForm['uiSchema'] };
  }
  for (const file of files.filter((f) => f.endsWith('.ui.json'))) {
    if (!files.includes(file.replace(/\.ui\.json$/, '.schema.json')))
      problems.push(`steps/${file} has no schema beside it`);
  }
  const texts = {} as FormsSet['texts'];
  for (const language of LANGUAGES) {
    texts[language] = (await readJson(path.join(schemasDir, 'texts', `${language}.json`), problems)) as JsonSchema;
  }
  const documents = (await readJson(path.join(schemasDir, 'documents.json'), problems)) as DocumentRule[] | undefined;
  if (problems.length > 0 || !flows || !documents) throw new FormsProblemsError(problems);
  const set: FormsSet = { steps, flows, texts, documents };
  const found = checkFormsSet(set);
  if (found.length > 0) throw new FormsProblemsError(found);
  return set;
}

/** Sets already checked in this process, by content: the same set is checked once (tests build many apps). */
const checked = new Map<string, string[]>();

/** Every problem with a set of forms, however it came (a folder, a published version, an API). */
export function checkFormsSet(set: FormsSet): string[] {
  const key = createHash('sha256').update(JSON.stringify(set)).digest('base64url');
  let problems = checked.get(key);
  if (!problems) {
    problems = formsProblems(set, set.texts);
    if (checked.size > 32) checked.clear();
    checked.set(key, problems);
  }
  return [...problems];
}
