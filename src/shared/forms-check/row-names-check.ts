import type { JsonSchema } from '../forms';
import { ROW_NAME_WORDS } from '../row-names';
import { isJsonObject } from '../schema-walk';
import { didYouMean } from './did-you-mean';
import { quotedList, type ProblemList, type ProblemPath } from './problems';

/**
 * A table's `"ui:options": { "rowNames": { "add": "<text key>", "row": "<text key>" } }`: on a list,
 * only these words, each a text key (texts-check.ts then checks each has a text in both languages).
 */
export function rowNamesProblems(
  file: string,
  schema: JsonSchema,
  names: unknown,
  path: ProblemPath,
  problems: ProblemList,
): void {
  if (schema.type !== 'array') {
    problems.error(file, path, '"rowNames" names the rows of a table: it belongs to a list ("type": "array") only.');
    return;
  }
  if (!isJsonObject(names)) {
    problems.error(file, path, `"rowNames" must be settings in braces { … }: ${quotedList([...ROW_NAME_WORDS])}.`);
    return;
  }
  for (const [word, key] of Object.entries(names)) {
    if (!(ROW_NAME_WORDS as readonly string[]).includes(word))
      problems.error(
        file,
        [...path, word],
        `"${word}" is not a word "rowNames" may use, so it would be silently ignored.${didYouMean(word, ROW_NAME_WORDS)} Its words are ${quotedList([...ROW_NAME_WORDS])}.`,
      );
    else if (typeof key !== 'string' || key === '')
      problems.error(
        file,
        [...path, word],
        `"${word}" must be a text key in double quotes, e.g. "<step>.<table>.rows.${word}".`,
      );
  }
}
