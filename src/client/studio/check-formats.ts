import type { i18n as I18n } from 'i18next';
import { QUOTED_LIST_MAX } from '../../shared/forms-check/problems';

/** A list param (its JSON text, problems.ts listParam) as its names; any other value as one name. */
function names(value: unknown): string[] {
  try {
    const list: unknown = JSON.parse(String(value));
    if (Array.isArray(list)) return list.map(String);
  } catch {
    // Not a list: the value is one name.
  }
  return [String(value)];
}

/**
 * The formats the checker's texts (locales/<language>/checks.json) use for the parts of a problem the
 * checker builds in English (src/shared/forms-check): `{{suggestion, did_you_mean}}` (" Did you mean
 * …?" or nothing), `{{names, quoted}}` ("a", "b" and "c", as quotedList), `{{names, placeholders}}`
 * ({{a}} {{b}}, or "(none)") and `{{document, document}}` (a document by its id, or its number).
 */
export function addCheckFormats(i18n: I18n): void {
  const formatter = i18n.services.formatter;
  if (!formatter) return;
  formatter.add('did_you_mean', (value: unknown, lng) =>
    value ? ` ${i18n.t('checks:did_you_mean', { lng, suggestion: String(value) })}` : '',
  );
  formatter.add('quoted', (value: unknown, lng) => {
    const all = names(value).map((name) => `"${name}"`);
    const more = all.length - QUOTED_LIST_MAX;
    const shown = more > 0 ? [...all.slice(0, QUOTED_LIST_MAX), i18n.t('checks:list_more', { lng, more })] : all;
    if (shown.length <= 1) return shown.join('');
    return i18n.t('checks:list_and', { lng, rest: shown.slice(0, -1).join(', '), last: shown.at(-1) });
  });
  formatter.add('placeholders', (value: unknown, lng) => {
    const list = names(value).filter(Boolean);
    return list.length > 0 ? list.map((name) => `{{${name}}}`).join(' ') : i18n.t('checks:list_none', { lng });
  });
  formatter.add('document', (value: unknown, lng) =>
    typeof value === 'number'
      ? i18n.t('checks:document_numbered', { lng, number: value })
      : i18n.t('checks:document_named', { lng, id: String(value) }),
  );
}
