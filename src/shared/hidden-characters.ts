/**
 * Characters that show nothing, or change how the text around them shows, and so can make a name or
 * a remark read other than it is: C0 and C1 controls (ESC starts a terminal's colour and cursor
 * sequences), the format characters (bidi embeddings, overrides and isolates U+202A–E, U+2066–9,
 * U+061C; zero-width space, joiners and marks U+200B–F; word joiner and invisible operators
 * U+2060–4; the byte order mark U+FEFF; soft hyphen; tag characters), line and paragraph separators,
 * and the Hangul fillers that render as blanks. None belongs in a name or an answer typed in English
 * or Swahili (Latin script); the zero-width joiner of emoji sequences is refused too.
 */
const HIDDEN_CLASS = '\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}\\u115F\\u1160\\u3164\\uFFA0';

/** Any hidden character: single-line text. */
export const HIDDEN_CHARACTER = new RegExp(`[${HIDDEN_CLASS}]`, 'u');
/** Any hidden character but a line break (\n or \r\n) or a tab: multi-line text (a textarea). */
export const HIDDEN_IN_MULTILINE = new RegExp(`\\r(?!\\n)|(?![\\n\\r\\t])[${HIDDEN_CLASS}]`, 'u');
/** Every hidden character, for replacing them all. */
export const HIDDEN_CHARACTERS = new RegExp(`[${HIDDEN_CLASS}]`, 'gu');

export function hasHiddenCharacters(text: string, multiline = false): boolean {
  return (multiline ? HIDDEN_IN_MULTILINE : HIDDEN_CHARACTER).test(text);
}

type UiNode = Record<string, unknown> | undefined;
const child = (ui: UiNode, key: string): UiNode => {
  const node = ui?.[key];
  return typeof node === 'object' && node !== null ? (node as Record<string, unknown>) : undefined;
};

/**
 * The paths of the texts in `value` holding a hidden character: line breaks and tabs are let through
 * only where the form's ui schema shows a textarea (`"ui:widget": "textarea"`).
 */
export function hiddenTextPaths(value: unknown, path: string, ui?: UiNode): string[] {
  if (typeof value === 'string') return hasHiddenCharacters(value, ui?.['ui:widget'] === 'textarea') ? [path] : [];
  if (Array.isArray(value))
    return value.flatMap((item, index) => hiddenTextPaths(item, `${path}/${index}`, child(ui, 'items')));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => hiddenTextPaths(item, `${path}/${key}`, child(ui, key)));
}
