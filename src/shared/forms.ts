import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { Language, LocalizedText } from './reference-data';
import type { ApplicationType, Flows } from './wizard-driver';
import { isJsonObject as isObject, walkSchema } from './schema-walk';
import { rowNamesOf } from './row-names';
import type { FeeSchedule } from './fees/fee-schedule';

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
 * the documents and the fee schedule. A published set is immutable; the database numbers its versions.
 */
export interface FormsSet {
  steps: Record<string, StepForm>;
  flows: Flows;
  texts: Record<Language, JsonSchema>;
  documents: DocumentRule[];
  /** The fee schedule (schemas/fees.json); a version published before fees were data has none. */
  fees?: FeeSchedule;
}

/** The answer of /api/forms/get_forms: the published set being served, with its version. */
export interface FormsDocument extends FormsSet {
  version: string;
}

/** The reference lists a schema property may be bound to with "x-reference". */
export { REFERENCE_LISTS } from './reference-lists';

/** The one set of ajv options, for the server's validation and the client's: both must agree. */
export const AJV_OPTIONS: Options = { strict: false, allErrors: true, verbose: false };

export function createAjv(options: Options = {}): Ajv {
  const ajv = new Ajv({ ...AJV_OPTIONS, ...options });
  addFormats(ajv);
  return ajv;
}

const TEXT_KEYS = ['title', 'description', 'x-format-description'] as const;
const UI_TEXT_KEYS = ['ui:title', 'ui:description', 'ui:help', 'ui:placeholder'] as const;

/** Every translation key a step uses: schema titles and descriptions, option titles, UI help and placeholders, tables' row names. */
export function translationKeys(step: StepForm): Set<string> {
  const keys = new Set<string>();
  walkSchema(step.schema, (node) => {
    for (const key of TEXT_KEYS) if (typeof node[key] === 'string') keys.add(node[key]);
  });
  const walkUi = (ui: unknown) => {
    if (!isObject(ui)) return;
    for (const key of UI_TEXT_KEYS) if (typeof ui[key] === 'string') keys.add(ui[key]);
    for (const key of Object.values(rowNamesOf(ui) ?? {})) keys.add(key);
    for (const [key, value] of Object.entries(ui)) if (!key.startsWith('ui:')) walkUi(value);
  };
  walkUi(step.uiSchema);
  return keys;
}
