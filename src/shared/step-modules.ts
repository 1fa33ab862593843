import { didYouMeanText } from './forms-check/did-you-mean';
import { isJsonObject, propertiesOf } from './schema-walk';

/**
 * The keyword on a step schema's root (schemas/steps/<id>.schema.json) that names the module the step
 * is: a behaviour beyond its schema, which the wizard and the server find by this marker, never by the
 * step's id. A policy edit may rename, move or add steps; the behaviour follows the marker.
 */
export const STEP_MODULE_KEYWORD = 'x-step-module';

/**
 * The modules a step may be, each with the fields of its step that the module reads:
 * - applicant: who applies. The ZanID is verified against the ID registry (its names then read-only);
 *   the draft's phone and ID number, the applicant's name and email are read from this step.
 * - engineer: the engineer confirms by a code sent to the registry's phone; the step is refused
 *   without the proof (validation_token) for the engineer named (engineer_id).
 * - storeys: says how many storeys the building has (has_storeys, storey_count), which the floors
 *   and the documents depend on.
 * - floors: one row per floor (floors), the ground floor and each storey of the storeys step.
 * - documents: the documents uploaded (documents: attachment id by document code; scales: the scale
 *   of each drawing), shown as the list of documents to upload.
 */
export const STEP_MODULE_FIELDS = {
  applicant: ['identification_type', 'first_name', 'last_name', 'phone'],
  engineer: ['engineer_id', 'validation_token'],
  storeys: ['has_storeys', 'storey_count'],
  floors: ['floors'],
  documents: ['documents', 'scales'],
} as const satisfies Record<string, readonly string[]>;

export type StepModule = keyof typeof STEP_MODULE_FIELDS;
export const STEP_MODULES = Object.keys(STEP_MODULE_FIELDS) as StepModule[];

type Steps = Readonly<Record<string, { schema: unknown } | undefined>>;

/**
 * The module a step's marker names, if any. Not checked against the list here (the wizard's first step
 * carries no list): callers compare it with a module's name, so an unknown one means no module (the
 * checker refuses it, see stepModuleProblems).
 */
export function moduleOf(form: { schema: unknown } | undefined): StepModule | undefined {
  const name = isJsonObject(form?.schema) ? form.schema[STEP_MODULE_KEYWORD] : undefined;
  return typeof name === 'string' ? (name as StepModule) : undefined;
}

/**
 * The id of the step that is `module`: the first of `among` (a flow's steps, in order) when given,
 * else the first of all steps.
 */
export function stepWithModule(steps: Steps, module: StepModule, among?: readonly string[]): string | undefined {
  return (among ?? Object.keys(steps)).find((id) => Object.hasOwn(steps, id) && moduleOf(steps[id]) === module);
}

/** The answers of the step that is `module` (an empty object when there is none or it is not answered). */
export function moduleAnswers(
  answers: Readonly<Record<string, unknown>>,
  steps: Steps,
  module: StepModule,
  among?: readonly string[],
): Record<string, unknown> {
  const id = stepWithModule(steps, module, among);
  const value = id !== undefined && Object.hasOwn(answers, id) ? answers[id] : undefined;
  return isJsonObject(value) ? value : {};
}

/**
 * A problem with a step module's marker: the file of schemas/, the place in it, in words for policy
 * staff, and its code and params (FormsProblem's: the studio says it in the staff member's language).
 */
export interface StepModuleProblem {
  file: string;
  path: (string | number)[];
  message: string;
  code: string;
  params: Record<string, string | number>;
}

/**
 * Problems with the steps' module markers: an unknown module, a module on a step without the fields it
 * reads, a module twice in one flow, floors without a storeys step before them. `suggest` names the
 * module a misspelt one may have meant (src/shared/forms-check/did-you-mean.ts: closestName).
 */
export function stepModuleProblems(
  set: {
    steps: Steps;
    flows: Readonly<Record<string, readonly string[] | undefined>>;
  },
  suggest: (word: string, known: readonly string[]) => string | undefined = () => undefined,
): StepModuleProblem[] {
  const problems: StepModuleProblem[] = [];
  for (const [id, form] of Object.entries(set.steps)) {
    const name = isJsonObject(form?.schema) ? form.schema[STEP_MODULE_KEYWORD] : undefined;
    if (name === undefined) continue;
    const file = `steps/${id}.schema.json`;
    const module =
      typeof name === 'string' && Object.hasOwn(STEP_MODULE_FIELDS, name) ? (name as StepModule) : undefined;
    if (!module) {
      const modules = STEP_MODULES.map((m) => `"${m}"`).join(', ');
      const suggestion = suggest(String(name), STEP_MODULES) ?? '';
      problems.push({
        file,
        path: [STEP_MODULE_KEYWORD],
        message:
          `"${String(name)}" is not a step module: the wizard would treat the step as a plain one. ` +
          `The modules are ${modules}.${didYouMeanText(suggestion)}`,
        code: 'module_unknown',
        params: { name: String(name), modules, suggestion },
      });
      continue;
    }
    const properties = propertiesOf(form?.schema);
    for (const field of STEP_MODULE_FIELDS[module])
      if (!properties.has(field))
        problems.push({
          file,
          path: [STEP_MODULE_KEYWORD],
          message: `the ${module} step needs a field "${field}", which this step does not have.`,
          code: 'module_field_missing',
          params: { module, field },
        });
  }
  for (const [type, flow] of Object.entries(set.flows)) {
    const seen = new Map<StepModule, string>();
    for (const id of flow ?? []) {
      const module = Object.hasOwn(set.steps, id) ? moduleOf(set.steps[id]) : undefined;
      if (!module || !Object.hasOwn(STEP_MODULE_FIELDS, module)) continue;
      const first = seen.get(module);
      if (first)
        problems.push({
          file: 'flows.json',
          path: [type],
          message: `"${type}" has two ${module} steps ("${first}" and "${id}"): keep one.`,
          code: 'module_twice',
          params: { type, module, first, id },
        });
      else seen.set(module, id);
      if (module === 'floors' && !seen.has('storeys'))
        problems.push({
          file: 'flows.json',
          path: [type],
          message: `in "${type}" the floors step "${id}" comes before any step that gives the storeys: put it after.`,
          code: 'module_floors_before_storeys',
          params: { type, id },
        });
    }
  }
  return problems;
}
