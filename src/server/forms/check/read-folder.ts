import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { FlowSamples } from '../../../shared/form-samples';
import type { FeeSchedule } from '../../../shared/fees/fee-schedule';
import type { DocumentRule, FormsSet, StepForm } from '../../../shared/forms';
import { parseJsonFile, type JsonFile } from '../../../shared/forms-check/json-text';
import type { FormsProblem } from '../../../shared/forms-check/problems';
import { LANGUAGES } from '../../../shared/reference-data';
import { APPLICATION_TYPES, type Flows } from '../../../shared/wizard-driver';

/** A folder in the layout of schemas/ as read: what could be read, each file's text, what could not. */
export interface FolderRead {
  set: Partial<FormsSet>;
  samples: FlowSamples;
  files: Map<string, JsonFile>;
  unreadable: Set<string>;
  problems: FormsProblem[];
}

/**
 * Reads flows.json, steps/<id>.schema.json and .ui.json, texts/<language>.json, documents.json, fees.json
 * (when there) and samples/<type>.json. A file that is missing or is not valid JSON is told (with its line and column)
 * and marked unreadable, so that nothing is told again about what depends on it.
 */
export async function readFormsFolder(dir: string): Promise<FolderRead> {
  const files = new Map<string, JsonFile>();
  const unreadable = new Set<string>();
  const problems: FormsProblem[] = [];
  const read = async (file: string, required = true): Promise<unknown> => {
    let text: string;
    try {
      text = await fs.readFile(path.join(dir, file), 'utf8');
    } catch {
      if (required)
        problems.push({ file, message: 'the file is missing: every set of forms needs it.', severity: 'error' });
      unreadable.add(file);
      return undefined;
    }
    const { json, problems: found } = parseJsonFile(file, text);
    files.set(file, json);
    problems.push(...found);
    // A name given twice is told, and the file still read: only a file that does not parse is unreadable.
    if (json.value === undefined) unreadable.add(file);
    return json.value;
  };

  const set: Partial<FormsSet> = {};
  const flows = await read('flows.json');
  if (flows !== undefined) set.flows = flows as Flows;
  const names = await fs.readdir(path.join(dir, 'steps')).catch(() => [] as string[]);
  const steps: Record<string, StepForm> = {};
  for (const name of names.filter((f) => f.endsWith('.schema.json')).sort()) {
    const id = name.slice(0, -'.schema.json'.length);
    const schema = await read(`steps/${name}`);
    const uiSchema = await read(`steps/${id}.ui.json`);
    if (schema !== undefined && uiSchema !== undefined)
      steps[id] = { schema: schema as StepForm['schema'], uiSchema: uiSchema as StepForm['uiSchema'] };
  }
  for (const name of names.filter((f) => f.endsWith('.ui.json')))
    if (!names.includes(name.replace(/\.ui\.json$/, '.schema.json')))
      problems.push({
        file: `steps/${name}`,
        message: `there is no steps/${name.replace(/\.ui\.json$/, '.schema.json')} beside it: add the step's schema, or remove this file.`,
        severity: 'error',
      });
  set.steps = steps;
  const texts: Partial<FormsSet['texts']> = {};
  for (const language of LANGUAGES) {
    const value = await read(`texts/${language}.json`);
    if (value !== undefined) texts[language] = value as FormsSet['texts'][typeof language];
  }
  set.texts = texts as FormsSet['texts'];
  const documents = await read('documents.json');
  if (documents !== undefined) set.documents = documents as DocumentRule[];
  // Optional: a folder exported from a version without a fee schedule still reads.
  const fees = await read('fees.json', false);
  if (fees !== undefined) set.fees = fees as FeeSchedule;
  const samples: FlowSamples = {};
  for (const type of APPLICATION_TYPES) {
    const value = await read(`samples/${type}.json`, false);
    if (value !== undefined) samples[type] = value as FlowSamples[typeof type];
  }
  return { set, samples, files, unreadable, problems };
}
