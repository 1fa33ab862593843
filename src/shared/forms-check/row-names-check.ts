import type { JsonSchema } from '../forms';
import { placeholdersOf, ROW_NAME_WORDS, rowFieldsOf, rowNamesOf } from '../row-names';
import { isJsonObject } from '../schema-walk';
import { didYouMeanText, suggestionFor } from './did-you-mean';
import { listParam, quotedList, type ProblemList, type ProblemPath } from './problems';

/**
 * A table's `"ui:options": { "rowNames": { "add": "<text key>", "row": "<text key>", "zero": "<text key>" } }`:
 * on a list, only these words, each a text key (texts-check.ts then checks each has a text in both languages).
 */
export function rowNamesProblems(
  file: string,
  schema: JsonSchema,
  names: unknown,
  path: ProblemPath,
  problems: ProblemList,
): void {
  if (schema.type !== 'array') {
    problems.error(file, path, '"rowNames" names the rows of a table: it belongs to a list ("type": "array") only.', {
      code: 'row_names_not_list',
    });
    return;
  }
  const words = listParam(ROW_NAME_WORDS);
  if (!isJsonObject(names)) {
    problems.error(file, path, `"rowNames" must be settings in braces { … }: ${quotedList([...ROW_NAME_WORDS])}.`, {
      code: 'row_names_not_object',
      params: { words },
    });
    return;
  }
  for (const [word, key] of Object.entries(names)) {
    if (!(ROW_NAME_WORDS as readonly string[]).includes(word)) {
      const suggestion = suggestionFor(word, ROW_NAME_WORDS);
      problems.error(
        file,
        [...path, word],
        `"${word}" is not a word "rowNames" may use, so it would be silently ignored.${didYouMeanText(suggestion)} Its words are ${quotedList([...ROW_NAME_WORDS])}.`,
        { code: 'row_names_word_unknown', params: { word, suggestion, words } },
      );
    } else if (typeof key !== 'string' || key === '')
      problems.error(
        file,
        [...path, word],
        `"${word}" must be a text key in double quotes, e.g. "<step>.<table>.rows.${word}".`,
        { code: 'row_names_key', params: { word } },
      );
  }
}

/** The tables of a step with their UI schemas: [the list's schema, its UI schema]. */
function tablesOf(schema: unknown, ui: unknown, out: [JsonSchema, unknown][] = []): [JsonSchema, unknown][] {
  if (!isJsonObject(schema)) return out;
  if (schema.type === 'array') out.push([schema, ui]);
  const uiNode = isJsonObject(ui) ? ui : {};
  if (isJsonObject(schema.properties))
    for (const [name, sub] of Object.entries(schema.properties)) tablesOf(sub, uiNode[name], out);
  if (isJsonObject(schema.items)) tablesOf(schema.items, uiNode.items, out);
  return out;
}

/**
 * Each {{placeholder}} of a table's row words is one the page fills in: in `add`, {{parent}} (the row
 * the table is in); in `row` and `zero`, {{n}} (the row's number) or a field of the row ({{floor}}). Any
 * other would show as typed, in braces, on the button. `zero` needs a field named in `row`.
 */
export function rowNameTextProblems(
  steps: Record<string, { schema: JsonSchema; uiSchema: unknown }>,
  texts: (key: string) => string | undefined,
  file: string,
  problems: ProblemList,
): void {
  for (const step of Object.values(steps))
    for (const [table, ui] of tablesOf(step.schema, step.uiSchema)) {
      const names = rowNamesOf(ui);
      const fields = isJsonObject(table.items) && isJsonObject(table.items.properties) ? table.items.properties : {};
      const allowed = { add: ['parent'], row: ['n', ...Object.keys(fields)], zero: ['n', ...Object.keys(fields)] };
      for (const word of ROW_NAME_WORDS) {
        const key = names?.[word];
        const text = key === undefined ? undefined : texts(key);
        if (key === undefined || text === undefined) continue;
        for (const name of placeholdersOf(text).filter((p) => !allowed[word].includes(p)))
          problems.error(
            file,
            key.split('.'),
            `the text of "${key}" has {{${name}}}, which the page cannot fill in, so it would show as typed. ${word === 'add' ? 'An Add button may name {{parent}}, the row its table is in.' : `A row's words may name {{n}}, its number, or a field of the row: ${quotedList(Object.keys(fields))}.`}`,
            // The texts write a placeholder through a param: "{{…}}" in a text would be filled in.
            word === 'add'
              ? { code: 'row_text_placeholder_add', params: { key, placeholder: `{{${name}}}`, parent: '{{parent}}' } }
              : {
                  code: 'row_text_placeholder_row',
                  params: { key, placeholder: `{{${name}}}`, n: '{{n}}', fields: listParam(Object.keys(fields)) },
                },
          );
      }
      const rowWords = names?.row === undefined ? undefined : texts(names.row);
      if (names?.zero !== undefined && rowWords !== undefined && rowFieldsOf(rowWords).length === 0)
        problems.error(
          file,
          names.zero.split('.'),
          `"${names.zero}" names a row whose field is 0 ("ground floor" for floor 0), but the row's words "${names.row}" name no field of the row, so it would never be used. Name the field in the row's words ("floor {{floor}}"), or leave "zero" out.`,
          { code: 'row_text_zero_unused', params: { zero: names.zero, row: String(names.row), floor: '{{floor}}' } },
        );
    }
}
