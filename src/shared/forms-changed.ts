import { isJsonObject as isObject, propertiesOf, type Json } from './schema-walk';

/**
 * What a draft must answer after the forms changed under it: a field of a step (new, or its saved
 * answer no longer valid), or a whole step the flow gained before the applicant's progress. `label`
 * is the text key of the field's title (or of the step's title) in the forms' texts, so the client
 * names it in the applicant's language.
 */
export interface QuestionToAnswer {
  step: string;
  /** The top-level field's name; absent for a whole new step. */
  field?: string;
  label: string;
}

/**
 * Carried by continue (verify_code), by a save or a submit of a draft whose forms changed: the
 * version the draft is now saved under, what it must answer (flow order), and the first step of it.
 */
export interface FormsChanged {
  forms_version: string;
  to_answer: QuestionToAnswer[];
  first_step: string;
}

/**
 * `data` with only the answers its schema declares, recursively into objects and rows of tables
 * whose schema closes them (`additionalProperties: false`). The names a schema lists only in
 * `patternProperties` (the mirror of conditional fields) count only when a condition declares them.
 * `onDrop(path, value)` hears of each answer left out. The same object when nothing is left out:
 * RJSF shows an unknown answer as a free "Key" editor, so the wizard never hands it one.
 */
export function knownAnswers(
  schema: unknown,
  data: unknown,
  onDrop?: (path: string, value: unknown) => void,
  path = '',
): unknown {
  if (!isObject(schema)) return data;
  if (Array.isArray(data)) {
    const items = schema.items;
    if (!isObject(items)) return data;
    let changed = false;
    const rows = data.map((row, i) => {
      const kept = knownAnswers(items, row, onDrop, `${path}/${i}`);
      changed ||= kept !== row;
      return kept;
    });
    return changed ? rows : data;
  }
  if (!isObject(data)) return data;
  const names = propertiesOf(schema);
  const closed = schema.additionalProperties === false;
  let changed = false;
  const out: Json = {};
  for (const [name, value] of Object.entries(data)) {
    const sub = names.get(name);
    if (!sub && closed) {
      onDrop?.(`${path}/${name}`, value);
      changed = true;
      continue;
    }
    const kept = sub ? knownAnswers(sub, value, onDrop, `${path}/${name}`) : value;
    changed ||= kept !== value;
    out[name] = kept;
  }
  return changed ? out : data;
}
