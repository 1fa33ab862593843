import type { StudioProblem } from '../api/studio';
import type { FormsSet } from '../forms';
import type { FormsProblem } from '../forms-check/problems';
import { isJsonObject } from '../schema-walk';
import { fieldTextKeys } from './question-write';
import { stepFields } from './step-fields';

const STEP_FILE = /^steps\/(.+)\.(schema|ui)\.json$/;

/** The field a place in a step's schema is about: its declaration, its required entry, its branch's condition. */
function schemaField(schema: unknown, path: readonly (string | number)[]): string | undefined {
  if (!isJsonObject(schema)) return undefined;
  let level: unknown = schema;
  let rest = path;
  if (path[0] === 'allOf' && typeof path[1] === 'number' && Array.isArray(schema.allOf)) {
    const entry = schema.allOf[path[1]];
    if (path[2] === 'if') {
      // A condition that is wrong is told on the first question it shows.
      const then = isJsonObject(entry) && isJsonObject(entry.then) ? entry.then.properties : undefined;
      return isJsonObject(then) ? Object.keys(then)[0] : undefined;
    }
    if (path[2] !== 'then' || !isJsonObject(entry)) return undefined;
    [level, rest] = [entry.then, path.slice(3)];
  }
  if (rest[0] === 'properties' && typeof rest[1] === 'string') return rest[1];
  if (rest[0] === 'required' && typeof rest[1] === 'number' && isJsonObject(level) && Array.isArray(level.required)) {
    const name = level.required[rest[1]];
    return typeof name === 'string' ? name : undefined;
  }
  return undefined;
}

function uiField(ui: unknown, path: readonly (string | number)[]): string | undefined {
  const [first, second] = path;
  if (first === 'ui:order' && typeof second === 'number' && isJsonObject(ui) && Array.isArray(ui['ui:order'])) {
    const name = ui['ui:order'][second];
    return typeof name === 'string' ? name : undefined;
  }
  return typeof first === 'string' && !first.startsWith('ui:') ? first : undefined;
}

/** Which step and field use each text key. */
function textOwners(set: FormsSet): Map<string, { step: string; field?: string }> {
  const owners = new Map<string, { step: string; field?: string }>();
  for (const [step, form] of Object.entries(set.steps)) {
    for (const place of stepFields(form.schema))
      for (const key of fieldTextKeys(place.schema, form.uiSchema[place.name]))
        if (!owners.has(key)) owners.set(key, { step, field: place.name });
    for (const key of [form.schema.title, form.schema.description])
      if (typeof key === 'string' && !owners.has(key)) owners.set(key, { step });
  }
  return owners;
}

/**
 * Each problem of the checker placed on what it is about, so the studio shows it there: a step's file
 * → its step and field; a text → the step and field that use it (or, unused, the step its key starts
 * with); documents.json → the document; flows.json → the step it names.
 */
export function placeProblems(set: FormsSet, problems: readonly FormsProblem[]): StudioProblem[] {
  let owners: ReturnType<typeof textOwners> | undefined;
  return problems.map((problem) => {
    const path = problem.path ?? [];
    const step = STEP_FILE.exec(problem.file);
    if (step) {
      const form = Object.hasOwn(set.steps, step[1]!) ? set.steps[step[1]!] : undefined;
      const named = step[2] === 'schema' ? schemaField(form?.schema, path) : uiField(form?.uiSchema, path);
      // Only a field that exists has a place to show it; a misspelt name is the step's problem.
      const field = named && form && stepFields(form.schema).some((f) => f.name === named) ? named : undefined;
      return { ...problem, step: step[1]!, ...(field ? { field } : {}) };
    }
    if (/^texts\/[a-z]+\.json$/.test(problem.file) && path.length > 0) {
      const key = path.join('.');
      owners ??= textOwners(set);
      const owner = owners.get(key);
      if (owner) return { ...problem, ...owner };
      const first = String(path[0]);
      if (!Object.hasOwn(set.steps, first)) return { ...problem };
      const second = path[1] === undefined ? undefined : String(path[1]);
      const isField = second !== undefined && stepFields(set.steps[first]!.schema).some((f) => f.name === second);
      return { ...problem, step: first, ...(isField ? { field: second } : {}) };
    }
    if (problem.file === 'documents.json' && typeof path[0] === 'number') {
      const id = set.documents[path[0]]?.id;
      return { ...problem, ...(typeof id === 'string' ? { document: id } : {}) };
    }
    if (problem.file === 'flows.json' && typeof path[1] === 'number') {
      const named = (set.flows as Record<string, readonly string[] | undefined>)[String(path[0])]?.[path[1]];
      return { ...problem, ...(named && Object.hasOwn(set.steps, named) ? { step: named } : {}) };
    }
    return { ...problem };
  });
}
