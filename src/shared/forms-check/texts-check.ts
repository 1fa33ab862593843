import { translationKeys, type FormsSet } from '../forms';
import { LANGUAGES } from '../reference-data';
import { isJsonObject } from '../schema-walk';
import { listParam, type ProblemList } from './problems';
import { rowNameTextProblems } from './row-names-check';

/** Every text of a texts file by its dotted key ("construction.storey_count.title"). */
function textsByKey(node: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (!isJsonObject(node)) return out;
  for (const [name, value] of Object.entries(node)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (isJsonObject(value)) textsByKey(value, key, out);
    else out.set(key, value);
  }
  return out;
}

/** The {{placeholders}} of a text, which the page fills in: they must be the same in every language. */
const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map((m) => m[1]!))].sort();

/**
 * Every text a step uses has a text in each language; each text is in both languages with the same
 * placeholders; a text no step uses is told (a warning: it does no harm, but is probably a leftover
 * or a misspelt key).
 */
export function textProblems(
  set: Pick<FormsSet, 'steps' | 'texts'>,
  readable: ReadonlySet<string>,
  problems: ProblemList,
  /** Every step could be read: only then is a text no step uses told. */
  allSteps = true,
): void {
  const used = new Map<string, string>();
  for (const [id, step] of Object.entries(set.steps))
    for (const key of translationKeys(step)) if (!used.has(key)) used.set(key, id);
  const languages = LANGUAGES.filter((language) => readable.has(language));
  const texts = new Map(languages.map((language) => [language, textsByKey(set.texts[language])]));
  for (const language of languages) {
    const file = `texts/${language}.json`;
    const mine = texts.get(language)!;
    rowNameTextProblems(
      set.steps,
      (key) => (typeof mine.get(key) === 'string' ? String(mine.get(key)) : undefined),
      file,
      problems,
    );
    for (const [key, step] of used) {
      const text = mine.get(key);
      if (typeof text !== 'string' || text.trim() === '')
        problems.error(file, key.split('.'), `"${key}" has no text: add it (steps/${step} uses it).`, {
          code: 'text_missing',
          params: { key, step },
        });
    }
    for (const [key, text] of mine) {
      if (typeof text !== 'string') {
        problems.error(file, key.split('.'), `the text of "${key}" must be written in double quotes.`, {
          code: 'text_not_string',
          params: { key },
        });
        continue;
      }
      for (const other of languages) {
        if (other === language) continue;
        const theirs = texts.get(other)!.get(key);
        if (theirs === undefined) {
          if (!used.has(key))
            problems.error(
              `texts/${other}.json`,
              key.split('.'),
              `"${key}" has no text here, but ${file} has one: add it, or remove both.`,
              { code: 'text_in_one_language', params: { key, file } },
            );
          continue;
        }
        // Told once, by the first language.
        if (other < language || typeof theirs !== 'string') continue;
        const [a, b] = [placeholders(text), placeholders(theirs)];
        if (a.join() !== b.join())
          problems.error(
            `texts/${other}.json`,
            key.split('.'),
            `the text of "${key}" has the placeholders ${a.map((p) => `{{${p}}}`).join(' ') || '(none)'} in ${file} but ${b.map((p) => `{{${p}}}`).join(' ') || '(none)'} here: both languages must use the same ones, spelt alike.`,
            { code: 'text_placeholders', params: { key, file, there: listParam(a), here: listParam(b) } },
          );
      }
      if (allSteps && !used.has(key) && language === languages[0])
        problems.warning(
          file,
          key.split('.'),
          `no step uses the text "${key}": remove it, or check the key where it should be used.`,
          { code: 'text_unused', params: { key } },
        );
    }
  }
}
