import type { AdvancedField, QuestionSpec } from '../api/studio';
import type { FormsSet } from '../forms';
import { isJsonObject, type Json } from '../schema-walk';
import { sameJson } from './json-same';
import { questionKeys, questionSchema } from './question-schema';
import type { FieldPlace } from './step-fields';
import { localizedOf } from './step-texts';

type Read = { spec: QuestionSpec } | { kind: AdvancedField['kind'] };

/** The widgets the model writes: any other is a widget of its own (advanced). */
const MODEL_WIDGETS: unknown[] = ['radio', 'select', 'textarea'];
const has = (node: Json, key: string) => Object.hasOwn(node, key);

/** The spec a field would have, before checking that it writes back the same (see readField). */
function guess(set: FormsSet, step: string, place: FieldPlace, ui: Json): Read {
  const field = place.schema;
  const widget = ui['ui:widget'];
  if (field.type === 'array' || isJsonObject(field.items)) return { kind: 'table' };
  if (has(field, 'x-computed')) return { kind: 'computed' };
  if (has(ui, 'ui:field') || (widget !== undefined && !MODEL_WIDGETS.includes(widget))) return { kind: 'widget' };
  if (place.elsewhere || typeof field.title !== 'string') return { kind: 'other' };
  const common = {
    name: place.name,
    label: localizedOf(set, field.title),
    help: localizedOf(set, ui['ui:help']),
    required: place.required,
    ...(place.showWhen ? { show_when: place.showWhen } : {}),
  };
  const limit = (key: 'minimum' | 'maximum') => (typeof field[key] === 'number' ? { [key]: field[key] } : {});
  switch (field.type) {
    case 'boolean':
      return widget === 'radio' ? { spec: { ...common, type: 'yes_no' } } : { kind: 'widget' };
    case 'number':
    case 'integer':
      if (typeof field['x-reference'] === 'string')
        return { spec: { ...common, type: 'reference_list', reference_list: field['x-reference'] } };
      return {
        spec: {
          ...common,
          type: field.type === 'number' ? 'number' : 'whole_number',
          ...limit('minimum'),
          ...limit('maximum'),
        },
      };
    case 'string':
      break;
    default:
      return { kind: 'other' };
  }
  if (field.format === 'date') return { spec: { ...common, type: 'date' } };
  if (Array.isArray(field.oneOf)) {
    const values = field.oneOf.map((o) => (isJsonObject(o) && typeof o.const === 'string' ? o.const : undefined));
    if (values.some((v) => v === undefined)) return { kind: 'other' };
    const keys = questionKeys(step, place.name);
    const options = values.map((value) => ({ value: value!, label: localizedOf(set, keys.option(value!)) }));
    return { spec: { ...common, type: 'choice', options } };
  }
  if (widget !== undefined && widget !== 'textarea') return { kind: 'widget' };
  const minLength = typeof field.minLength === 'number' ? field.minLength : undefined;
  return {
    spec: {
      ...common,
      type: widget === 'textarea' ? 'long_text' : 'text',
      // "required" alone writes minLength 1: a limit is said only when it is more.
      ...(minLength !== undefined && !(place.required && minLength === 1) ? { min_length: minLength } : {}),
      ...(typeof field.maxLength === 'number' ? { max_length: field.maxLength } : {}),
      ...(typeof field.pattern === 'string'
        ? { format: { pattern: field.pattern, description: localizedOf(set, field['x-format-description']) } }
        : {}),
    },
  };
}

/**
 * A field as the question editor sees it, or why it is advanced. A field is a question only when its
 * spec writes back exactly the field it is (schema, UI schema and text keys): so editing a question
 * never changes what the editor did not touch.
 */
export function readField(set: FormsSet, step: string, place: FieldPlace, ui: unknown): Read {
  const entry = isJsonObject(ui) ? ui : {};
  const read = guess(set, step, place, entry);
  if (!('spec' in read)) return read;
  const written = questionSchema(step, read.spec, { schema: place.schema, ui: entry });
  const same = sameJson(written.schema, place.schema) && sameJson(written.ui, entry);
  return same ? read : { kind: 'other' };
}
