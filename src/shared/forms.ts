import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import { unboundedArrays } from './answer-bounds';
import { documentProblems } from './document-rules';
import type { Language, LocalizedText } from './reference-data';
import type { ApplicationType, Flows } from './wizard-driver';
import { isJsonObject as isObject, propertiesOf, walkSchema } from './schema-walk';
import { APPLICATION_TYPES } from './wizard-driver';

export { walkSchema } from './schema-walk';

/** A JSON Schema as data: the wizard's steps are plain JSON files in schemas/. */
export type JsonSchema = { [key: string]: unknown };
export type UiSchema = { [key: string]: unknown };

export interface StepForm {
  schema: JsonSchema;
  uiSchema: UiSchema;
}

/**
 * One condition on an application's saved answers: `answer` is "<step>.<field>" (dotted into
 * objects) and exactly one comparison is given. A missing answer meets none but `notEquals`.
 */
export interface AnswerCondition {
  answer: string;
  equals?: unknown;
  notEquals?: unknown;
  above?: number;
  atLeast?: number;
  below?: number;
  atMost?: number;
  oneOf?: unknown[];
}

/** When a document is asked for: for these application types (all when absent), when every condition holds. */
export interface DocumentApplies {
  types?: ApplicationType[];
  when?: AnswerCondition[];
}

/** A document an application uploads, as policy data (schemas/documents.json). */
export interface DocumentRule {
  /** Its code: the key of its attachment in the uploads step's answers. */
  id: string;
  name: LocalizedText;
  help: LocalizedText;
  /** The kinds of file it accepts, as MIME types. */
  accept: string[];
  /** The largest file accepted for it, in bytes. */
  max_bytes: number;
  /** Submit is refused without it (when it applies); an optional document may be left out. */
  required: boolean;
  /** A drawing: it takes a scale (1:n) with the file. */
  drawing_scale: boolean;
  applies: DocumentApplies;
}

/**
 * A whole set of forms as policy staff publish it (schemas/ is its source and export format): every
 * step's JSON Schema and UI schema, the flows, every form text in each language (schemas/texts/<lng>.json)
 * and the documents. A published set is immutable; the database numbers its versions.
 */
export interface FormsSet {
  steps: Record<string, StepForm>;
  flows: Flows;
  texts: Record<Language, JsonSchema>;
  documents: DocumentRule[];
}

/** The answer of /api/forms/get_forms: the published set being served, with its version. */
export interface FormsDocument extends FormsSet {
  version: string;
}

/** The reference lists a schema property may be bound to with "x-reference". */
export const REFERENCE_LISTS = [
  'rooms',
  'foundation_tools',
  'wall_tools',
  'beam_tools',
  'roof_tools',
  'entry_tools',
] as const;

/** The one set of ajv options, for the server's validation and the client's: both must agree. */
export const AJV_OPTIONS: Options = { strict: false, allErrors: true, verbose: false };

export function createAjv(options: Options = {}): Ajv {
  const ajv = new Ajv({ ...AJV_OPTIONS, ...options });
  addFormats(ajv);
  return ajv;
}

const TEXT_KEYS = ['title', 'description'] as const;
const UI_TEXT_KEYS = ['ui:title', 'ui:description', 'ui:help', 'ui:placeholder'] as const;

/** Every translation key a step uses: schema titles and descriptions, option titles, UI help and placeholders. */
export function translationKeys(step: StepForm): Set<string> {
  const keys = new Set<string>();
  walkSchema(step.schema, (node) => {
    for (const key of TEXT_KEYS) if (typeof node[key] === 'string') keys.add(node[key]);
  });
  const walkUi = (ui: unknown) => {
    if (!isObject(ui)) return;
    for (const key of UI_TEXT_KEYS) if (typeof ui[key] === 'string') keys.add(ui[key]);
    for (const [key, value] of Object.entries(ui)) if (!key.startsWith('ui:')) walkUi(value);
  };
  walkUi(step.uiSchema);
  return keys;
}

/** Problems with a UI schema: keys that name no property of the schema at their level. */
export function uiSchemaProblems(schema: JsonSchema, uiSchema: UiSchema, path = ''): string[] {
  const problems: string[] = [];
  const properties = propertiesOf(schema);
  for (const [key, value] of Object.entries(uiSchema)) {
    if (key.startsWith('ui:')) {
      if (key === 'ui:order' && Array.isArray(value)) {
        for (const name of value) {
          if (name !== '*' && !properties.has(String(name)))
            problems.push(`${path}/ui:order names "${String(name)}", which is not a property`);
        }
      }
      continue;
    }
    if (key === 'items' && isObject(schema.items) && isObject(value)) {
      problems.push(...uiSchemaProblems(schema.items, value, `${path}/items`));
      continue;
    }
    const property = properties.get(key);
    if (!property) {
      problems.push(`${path}/${key} names no property of the schema`);
      continue;
    }
    if (isObject(value)) problems.push(...uiSchemaProblems(property, value, `${path}/${key}`));
  }
  return problems;
}

/** Looks up a dotted key in a nested translation object. */
export function hasTranslation(messages: unknown, key: string): boolean {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (!isObject(node) || !(part in node)) return false;
    node = node[part];
  }
  return typeof node === 'string' && node.trim() !== '';
}

/**
 * Every problem with a set of forms, as one line each: schemas that do not compile, UI keys that name
 * no property, translation keys missing in a language, flows that name missing steps or types.
 */
export function formsProblems(
  forms: Pick<FormsSet, 'steps' | 'flows'> & { documents?: unknown },
  messagesByLanguage: Record<string, unknown>,
): string[] {
  const problems: string[] = [];
  // The documents (documents.json): ids, both languages, types, sizes, conditions on existing fields.
  if (forms.documents !== undefined) problems.push(...documentProblems(forms.documents, forms.steps));
  const ajv = createAjv();
  for (const [id, step] of Object.entries(forms.steps)) {
    try {
      ajv.compile(step.schema);
    } catch (error) {
      problems.push(`steps/${id}.schema.json does not compile: ${(error as Error).message}`);
    }
    // Every list has a most number of rows: a request's work is bounded by it (answer-bounds.ts).
    for (const at of unboundedArrays(step.schema))
      problems.push(`steps/${id}.schema.json: the list at ${at} has no "maxItems" (every list needs one)`);
    walkSchema(step.schema, (node) => {
      const list = node['x-reference'];
      if (list !== undefined && !(REFERENCE_LISTS as readonly unknown[]).includes(list)) {
        problems.push(`steps/${id}.schema.json binds to unknown reference list "${String(list)}"`);
      }
    });
    for (const problem of uiSchemaProblems(step.schema, step.uiSchema))
      problems.push(`steps/${id}.ui.json: ${problem}`);
    for (const key of translationKeys(step)) {
      for (const [language, messages] of Object.entries(messagesByLanguage)) {
        if (!hasTranslation(messages, key))
          problems.push(`steps/${id}: "${key}" has no ${language} text in texts/${language}.json`);
      }
    }
  }
  for (const type of APPLICATION_TYPES) {
    const steps = forms.flows[type];
    if (!Array.isArray(steps) || steps.length === 0) {
      problems.push(`flows.json has no steps for the application type "${type}"`);
      continue;
    }
    for (const step of steps)
      if (!forms.steps[step]) problems.push(`flows.json: "${type}" names the step "${step}", which has no schema`);
  }
  for (const type of Object.keys(forms.flows)) {
    if (!(APPLICATION_TYPES as readonly string[]).includes(type))
      problems.push(`flows.json names the unknown application type "${type}"`);
  }
  return problems;
}
