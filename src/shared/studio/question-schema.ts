import type { AnswerType, QuestionSpec } from '../api/studio';
import type { LocalizedText } from '../reference-data';
import type { Json } from '../schema-walk';

/** The default longest answer of a text (a line) and of a long text (a paragraph), as in schemas/. */
export const TEXT_MAX_DEFAULT = 200;
export const LONG_TEXT_MAX_DEFAULT = 1000;
/** A choice's saved code is short: its maxLength, as in schemas/ (longer when an option's code is). */
export const CHOICE_MAX_LENGTH = 32;
/** A new choice with more options than this is a list to pick from, not radio buttons (a phone's screen). */
export const CHOICE_RADIO_MAX = 6;

/** The keys of a field's schema and UI schema that a question spec decides; the others are kept as they are. */
export const OWNED_SCHEMA_KEYS = [
  'type',
  'title',
  'minLength',
  'pattern',
  'x-format-description',
  'maxLength',
  'minimum',
  'maximum',
  'format',
  'x-reference',
  'oneOf',
] as const;
export const OWNED_UI_KEYS = ['ui:widget', 'ui:help'] as const;

/** The text keys of a question, as the existing steps name them: `<step>.<field>.title`, … */
export const questionKeys = (step: string, name: string) => ({
  title: `${step}.${name}.title`,
  help: `${step}.${name}.help`,
  format: `${step}.${name}.format`,
  option: (value: string) => `${step}.${name}.options.${value}`,
});

export const isTextType = (type: AnswerType) => type === 'text' || type === 'long_text';
export const hasWords = (text: LocalizedText | undefined) => !!text && (text.en !== '' || text.sw !== '');

export interface GeneratedQuestion {
  schema: Json;
  /** The field's UI schema entry (may be empty). */
  ui: Json;
  /** The texts the question owns, by key. */
  texts: Map<string, LocalizedText>;
}

/** The JSON Schema of one answer type, its keys in the order the files of schemas/ write them. */
function answerSchema(spec: QuestionSpec, keys: ReturnType<typeof questionKeys>): Json {
  const title = keys.title;
  switch (spec.type) {
    case 'text':
    case 'long_text': {
      const min = spec.required ? Math.max(1, spec.min_length ?? 1) : (spec.min_length ?? 0);
      const max = spec.max_length ?? (spec.type === 'text' ? TEXT_MAX_DEFAULT : LONG_TEXT_MAX_DEFAULT);
      return {
        type: 'string',
        title,
        ...(min > 0 ? { minLength: min } : {}),
        ...(spec.format ? { pattern: spec.format.pattern, 'x-format-description': keys.format } : {}),
        maxLength: max,
      };
    }
    case 'number':
    case 'whole_number':
      return {
        type: spec.type === 'number' ? 'number' : 'integer',
        title,
        ...(spec.minimum !== undefined ? { minimum: spec.minimum } : {}),
        ...(spec.maximum !== undefined ? { maximum: spec.maximum } : {}),
      };
    case 'yes_no':
      return { type: 'boolean', title };
    case 'choice': {
      const options = spec.options ?? [];
      const longest = Math.max(0, ...options.map((o) => o.value.length));
      return {
        type: 'string',
        title,
        maxLength: Math.max(CHOICE_MAX_LENGTH, longest),
        oneOf: options.map((o) => ({ const: o.value, title: keys.option(o.value) })),
      };
    }
    case 'date':
      return { type: 'string', title, format: 'date' };
    case 'reference_list':
      return { type: 'integer', title, 'x-reference': spec.reference_list ?? '' };
  }
}

function widgetOf(spec: QuestionSpec, base: Json | undefined): string | undefined {
  if (spec.type === 'long_text') return 'textarea';
  if (spec.type === 'yes_no') return 'radio';
  // A choice keeps its radio buttons or its list; a new one gets buttons unless its options are many.
  if (spec.type === 'choice') {
    const kept = base?.['ui:widget'];
    if (kept === 'select' || kept === 'radio') return kept;
    return (spec.options?.length ?? 0) > CHOICE_RADIO_MAX ? 'select' : 'radio';
  }
  return undefined;
}

/** `base` with `owned` keys replaced by `generated`'s: the kept keys stay where they were, new ones follow. */
function merged(base: Json | undefined, generated: Json, owned: readonly string[]): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(base ?? {})) {
    if (!owned.includes(key)) out[key] = value;
    else if (key in generated) out[key] = generated[key];
  }
  for (const [key, value] of Object.entries(generated)) if (!(key in out)) out[key] = value;
  return out;
}

/**
 * A question's field schema, UI schema entry and texts. `base` is the field as it is now (when it is a
 * question): what the model does not decide (a description, a placeholder, autocomplete) is kept.
 */
export function questionSchema(
  step: string,
  spec: QuestionSpec,
  base?: { schema?: Json; ui?: Json },
): GeneratedQuestion {
  const keys = questionKeys(step, spec.name);
  const schema = merged(base?.schema, answerSchema(spec, keys), OWNED_SCHEMA_KEYS);
  const widget = widgetOf(spec, base?.ui);
  const ui = merged(
    base?.ui,
    { ...(widget ? { 'ui:widget': widget } : {}), ...(hasWords(spec.help) ? { 'ui:help': keys.help } : {}) },
    OWNED_UI_KEYS,
  );
  const texts = new Map<string, LocalizedText>([[keys.title, spec.label]]);
  if (hasWords(spec.help)) texts.set(keys.help, spec.help);
  if (isTextType(spec.type) && spec.format) texts.set(keys.format, spec.format.description);
  if (spec.type === 'choice') for (const o of spec.options ?? []) texts.set(keys.option(o.value), o.label);
  return { schema, ui, texts };
}
