import {
  FIELD_NAME_PATTERN,
  type AnswerType,
  type QuestionSpec,
  type SaveQuestionRequest,
  type StudioConflict,
} from '../../../shared/api/studio';
import { isJsonObject } from '../../../shared/schema-walk';

/** Which of a question's settings each answer type has (the rest are not sent: they would mean nothing). */
const SETTINGS: Record<AnswerType, readonly (keyof QuestionSpec)[]> = {
  text: ['format', 'min_length', 'max_length'],
  long_text: ['min_length', 'max_length'],
  number: ['minimum', 'maximum'],
  whole_number: ['minimum', 'maximum'],
  yes_no: [],
  choice: ['options'],
  date: [],
  reference_list: ['reference_list'],
};

export const hasSetting = (type: AnswerType, setting: keyof QuestionSpec) => SETTINGS[type].includes(setting);

const ALWAYS = ['name', 'type', 'label', 'help', 'required', 'show_when'] as const;

/**
 * The question as it is saved: only the settings of its answer type (a choice that became a text keeps
 * no options), limits that are numbers, and no format without a pattern. The editor keeps the others
 * while it is open, so that changing the type back brings them back.
 */
export function questionForSave(spec: QuestionSpec): QuestionSpec {
  const out: Record<string, unknown> = {};
  for (const key of [...ALWAYS, ...SETTINGS[spec.type]]) {
    const value = spec[key];
    if (value === undefined) continue;
    if (typeof value === 'number' && !Number.isFinite(value)) continue;
    out[key] = value;
  }
  if (spec.format && spec.format.pattern === '') delete out.format;
  return out as unknown as QuestionSpec;
}

export function saveQuestionRequest(
  step: string,
  name: string,
  base: number,
  spec: QuestionSpec | null,
  position?: number,
): SaveQuestionRequest {
  return {
    step,
    name,
    base,
    question: spec && questionForSave(spec),
    ...(position === undefined ? {} : { position }),
  };
}

const EMPTY = { en: '', sw: '' };

/** A new question of a type, as the editor starts it: the texts to be written in both languages. */
export function newQuestion(name: string, type: AnswerType): QuestionSpec {
  return { name, type, label: { ...EMPTY }, help: { ...EMPTY }, required: false };
}

/** Whether a field name is one the contract accepts, and not taken in the step. */
export function nameProblem(name: string, taken: readonly string[]): 'pattern' | 'taken' | null {
  if (!new RegExp(FIELD_NAME_PATTERN).test(name)) return 'pattern';
  return taken.includes(name) ? 'taken' : null;
}

/** A field name made from words ("Plot title deed number" → "plot_title_deed_number"), for a suggestion. */
export function nameFrom(words: string): string {
  const name = words
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+/, '')
    .replace(/_+$/, '')
    .slice(0, 64)
    .replace(/_+$/, '');
  return name;
}

/** The item key of a question's revision (src/shared/api/studio.ts). */
export const questionItem = (step: string, name: string) => `question:${step}.${name}`;
export const stepItem = (step: string) => `step:${step}`;

/** The conflict a 409 answer carries, whether as the answer's data or under `conflict`. */
export function conflictOf(data: unknown): StudioConflict | null {
  const found = isJsonObject(data) && isJsonObject(data.conflict) ? data.conflict : data;
  if (!isJsonObject(found) || typeof found.item !== 'string' || !Number.isInteger(found.revision)) return null;
  return found as unknown as StudioConflict;
}
