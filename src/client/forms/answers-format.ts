import type { JsonSchema, UiSchema } from '../../shared/forms';
import { isJsonObject as isObject, propertiesOf } from '../../shared/schema-walk';
import { moduleOf } from '../../shared/step-modules';
import { formatMoney, formatNumber } from '../../shared/text-format';
import { floorSentences, type FloorTexts } from './floor-sentences';
import { capitalized, inRow, rowWords, type RowStrings } from './row-words';

type Json = Record<string, unknown>;

export interface AnswerRow {
  label: string;
  value: string;
}

export interface AnswerTexts {
  yes: string;
  no: string;
  /** Rows named in words (row-words.ts): "Foundation material 2", "Entry 2 of Foundation". */
  rows: RowStrings;
  /** The reader's language: numbers as it writes them (95,000,000). */
  lng?: string;
  /** The floors step (x-step-module "floors") as sentences, one per floor, instead of a row per room field. */
  floors?: FloorTexts;
}

/** The property names in the UI schema's order ('*' standing for the rest). */
function ordered(names: string[], ui: UiSchema): string[] {
  const order = Array.isArray(ui['ui:order']) ? (ui['ui:order'] as string[]) : ['*'];
  const listed = order.filter((name) => name !== '*' && names.includes(name));
  const rest = names.filter((name) => !listed.includes(name));
  const star = order.indexOf('*');
  return star === -1 ? listed : [...listed.slice(0, star), ...rest, ...listed.slice(star)];
}

/** A sum of money by its name's unit (approximate_cost_tzs): '95,000,000 TZS'. */
const isMoney = (name: string) => name.endsWith('_tzs');

/** A single answer as the applicant chose it: the option's label, Yes/No, the number grouped, or the text itself. */
function display(schema: Json, ui: Json, value: unknown, texts: AnswerTexts, name = ''): string {
  if (typeof value === 'boolean') return value ? texts.yes : texts.no;
  const choices = Array.isArray(schema.oneOf) ? (schema.oneOf as Json[]) : undefined;
  const choice = choices?.findIndex((option) => option.const === value) ?? -1;
  const choiceUi = Array.isArray(ui.oneOf) ? (ui.oneOf as Json[])[choice] : undefined;
  if (choice >= 0 && typeof choiceUi?.['ui:title'] === 'string') return choiceUi['ui:title'];
  const index = Array.isArray(schema.enum) ? schema.enum.indexOf(value) : -1;
  const names = ui['ui:enumNames'];
  if (index >= 0 && Array.isArray(names) && typeof names[index] === 'string') return names[index];
  if (typeof value === 'number' && texts.lng)
    return isMoney(name) ? formatMoney(value, texts.lng) : formatNumber(value, texts.lng);
  return String(value);
}

const hiddenIn = (ui: Json) => ui['ui:widget'] === 'hidden' || ui['ui:field'] === 'ShownElsewhere';

/**
 * Every answer of a step as label/value rows, in the form's order, with translated labels and
 * option texts (the translated UI schema); a table's rows named in its own words ("Foundation material
 * 2, Quantity"). Empty answers are left out. `row`: the words of the table row these answers are in.
 */
export function answerRows(
  schema: JsonSchema,
  ui: UiSchema,
  answers: unknown,
  texts: AnswerTexts,
  prefix = '',
  row?: string,
): AnswerRow[] {
  if (!isObject(answers)) return [];
  const properties = propertiesOf(schema);
  const rows: AnswerRow[] = [];
  const sentences = !prefix && texts.floors && moduleOf({ schema }) === 'floors' ? texts.floors : undefined;
  for (const name of ordered([...properties.keys()], ui)) {
    const sub = properties.get(name) ?? {};
    const subUi = isObject(ui[name]) ? ui[name] : {};
    const value = answers[name];
    if (value === undefined || value === null || value === '' || hiddenIn(subUi)) continue;
    const title = typeof subUi['ui:title'] === 'string' && subUi['ui:title'] !== '' ? subUi['ui:title'] : name;
    const label = prefix ? `${prefix}, ${title}` : title;
    if (sentences && Array.isArray(value)) {
      rows.push(
        ...floorSentences(sub, subUi, value, { ...texts, floors: sentences }, (node, nodeUi, given, field) =>
          display(node, nodeUi, given, texts, field),
        ),
      );
    } else if (Array.isArray(value)) {
      const itemSchema = isObject(sub.items) ? sub.items : {};
      const itemUi = isObject(subUi.items) ? subUi.items : {};
      value.forEach((item, i) => {
        // The row's words name its table (and the row that table is in).
        const words = inRow(rowWords(subUi, i, item, texts.rows), row, texts.rows);
        const rowLabel = row || !prefix ? capitalized(words) : `${prefix}, ${words}`;
        if (isObject(item)) rows.push(...answerRows(itemSchema, itemUi, item, texts, rowLabel, words));
        else rows.push({ label: rowLabel, value: display(itemSchema, itemUi, item, texts) });
      });
    } else if (isObject(value)) {
      rows.push(...answerRows(sub, subUi, value, texts, label, row));
    } else {
      rows.push({ label, value: display(sub, subUi, value, texts, name) });
    }
  }
  return rows;
}
