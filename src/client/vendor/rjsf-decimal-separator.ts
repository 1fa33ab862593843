/**
 * Stands in for `@rjsf/utils`' getDecimalSeparator (vite.config.ts resolves its module here, for the
 * client only): the same answer, remembered per list of languages. RJSF asks for it on every render of
 * every number field (NumberField, getInputProps), and each answer built a new `Intl.NumberFormat`: the
 * largest step has ~20 number fields, and RJSF renders all of them on every key typed.
 */
const separators = new Map<string, string>();

/** The decimal separator of these languages (the browser's by default), '.' when none is known. */
export default function getDecimalSeparator(languages?: string | string[]): string {
  const locales = languages ?? (typeof navigator !== 'undefined' ? navigator.languages : undefined);
  if (!locales) return '.';
  const key = typeof locales === 'string' ? locales : locales.join(',');
  let separator = separators.get(key);
  if (separator === undefined) {
    try {
      const parts = new Intl.NumberFormat(locales as string | string[]).formatToParts(1.1);
      separator = parts.find((part) => part.type === 'decimal')?.value || '.';
    } catch {
      separator = '.';
    }
    separators.set(key, separator);
  }
  return separator;
}
