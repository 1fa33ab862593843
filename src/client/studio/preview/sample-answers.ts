import type { JsonSchema } from '../../../shared/forms';
import type { Language } from '../../../shared/reference-data';
import { isJsonObject, type Json } from '../../../shared/schema-walk';

/** The text every sample text answer gives, in the frame's language: sample content, like the form's own. */
export const SAMPLE_TEXT: Record<Language, string> = { en: 'Sample answer', sw: 'Jibu la mfano' };

/** The date every sample date answer gives: fixed, so that a preview looks the same each time. */
export const SAMPLE_DATE = '2026-01-15';

/**
 * A plausible answer to each question of a step, for the preview: the draft (a FormsSet) carries no
 * sample answers, and schemas/samples are files of the published set, not of the draft. Made from the
 * question's schema: the first option of a choice or list, a number within its limits, "yes", a fixed
 * date, and `word` (SAMPLE_TEXT in the frame's language) cut to the text's limit. Left empty: a text
 * with a format (a made-up answer would not match it and would mislead), tables and groups (advanced),
 * and questions shown only when another is answered (they show empty once their condition holds).
 */
export function sampleAnswers(schema: JsonSchema, word: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const properties = isJsonObject(schema.properties) ? schema.properties : {};
  for (const [name, sub] of Object.entries(properties)) {
    if (!isJsonObject(sub)) continue;
    const value = sampleOf(sub, word);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

function firstChoice(node: Json): unknown {
  if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum[0];
  const options = Array.isArray(node.oneOf) ? node.oneOf : Array.isArray(node.anyOf) ? node.anyOf : [];
  const first: unknown = options[0];
  return isJsonObject(first) && 'const' in first ? first.const : undefined;
}

function numberWithin(node: Json, integer: boolean): number {
  const min = typeof node.minimum === 'number' ? node.minimum : undefined;
  const max = typeof node.maximum === 'number' ? node.maximum : undefined;
  const value = min !== undefined && max !== undefined ? (min + max) / 2 : (min ?? Math.min(max ?? 1, 1));
  if (!integer) return value;
  // A whole number within the limits: rounded up, unless that passes the largest.
  const whole = Math.ceil(value);
  return max !== undefined && whole > max ? Math.floor(max) : whole;
}

function sampleOf(node: Json, word: string): unknown {
  const choice = firstChoice(node);
  if (choice !== undefined) return choice;
  switch (node.type) {
    case 'boolean':
      return true;
    case 'integer':
      return numberWithin(node, true);
    case 'number':
      return numberWithin(node, false);
    case 'string': {
      if (node.format === 'date') return SAMPLE_DATE;
      if (typeof node.pattern === 'string' || typeof node.format === 'string') return undefined;
      const max = typeof node.maxLength === 'number' ? node.maxLength : word.length;
      return word.slice(0, Math.max(0, max)) || undefined;
    }
    default:
      return undefined;
  }
}
