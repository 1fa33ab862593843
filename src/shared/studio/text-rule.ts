import { hasHiddenCharacters } from '../hidden-characters';

/**
 * The rule of every form text the studio saves (a question's words, a step's title, an advanced save's
 * schema and UI schema, a translator's CSV): the project's rule for text (src/shared/hidden-characters.ts:
 * no control, bidi or zero-width characters; line breaks and tabs let through, as in a textarea: a help
 * text may have paragraphs) and a length. A name (an object's key) is one line.
 */
export const FORM_TEXT_MAX = 2000;

export type FormTextFault = 'hidden' | 'too_long';

export interface FormTextProblem {
  /** Where the text is: a JSON pointer from the value given (a key's own fault is told at its place). */
  path: string;
  fault: FormTextFault;
}

export function formTextFault(text: string, name = false): FormTextFault | undefined {
  if (text.length > FORM_TEXT_MAX) return 'too_long';
  return hasHiddenCharacters(text, !name) ? 'hidden' : undefined;
}

const pointer = (key: string | number) => `/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;

/** Every text of `value` (its strings and its objects' keys, at any depth) that breaks the rule. */
export function formTextProblems(value: unknown, path = ''): FormTextProblem[] {
  if (typeof value === 'string') {
    const fault = formTextFault(value);
    return fault ? [{ path, fault }] : [];
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => formTextProblems(item, path + pointer(index)));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const fault = formTextFault(key, true);
    return [...(fault ? [{ path: path + pointer(key), fault }] : []), ...formTextProblems(item, path + pointer(key))];
  });
}
