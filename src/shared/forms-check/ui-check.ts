import type { JsonSchema } from '../forms';
import { isJsonObject, type Json } from '../schema-walk';
import { RJSF_FIELDS, RJSF_WIDGET_COMPONENTS, RJSF_WIDGETS, WIZARD_FIELDS, WIZARD_WIDGETS } from '../wizard-widgets';
import { didYouMeanText, suggestionFor } from './did-you-mean';
import { declaredFields } from './level-check';
import { listParam, quotedList, type ProblemCode, type ProblemList, type ProblemPath } from './problems';
import { rowNamesProblems } from './row-names-check';
import { UI_WORDS } from './schema-words';

/** The answer's type as RJSF picks its control: "string", "number", … (undefined when it cannot tell). */
function answerType(schema: Json): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (typeof type === 'string') return type;
  if (schema.properties) return 'object';
  if (Array.isArray(schema.enum) || Array.isArray(schema.oneOf) || typeof schema.const === 'string') return 'string';
  return undefined;
}

/** RJSF's widgets a policy officer is likely to want, named in messages (the others are accepted too). */
const COMMON_WIDGETS = [
  'text',
  'textarea',
  'select',
  'radio',
  'checkbox',
  'checkboxes',
  'updown',
  'range',
  'email',
  'date',
  'hidden',
];

/** The widgets that fit an answer of this type: the wizard's own and RJSF's. */
function widgetsFor(type: string | undefined): string[] {
  const rjsf = type ? (RJSF_WIDGETS[type] ?? []) : Object.values(RJSF_WIDGETS).flat();
  return [...new Set([...WIZARD_WIDGETS, ...rjsf])];
}

function widgetProblem(file: string, schema: Json, name: unknown, path: ProblemPath, problems: ProblemList): void {
  if (typeof name !== 'string') {
    problems.error(file, path, '"ui:widget" must be the name of a widget, in double quotes.', {
      code: 'ui_widget_not_name',
    });
    return;
  }
  const type = answerType(schema);
  const fitting = widgetsFor(type);
  if (fitting.includes(name) || (RJSF_WIDGET_COMPONENTS as readonly string[]).includes(name)) return;
  const elsewhere = Object.entries(RJSF_WIDGETS).filter(([, names]) => names.includes(name));
  const shown = fitting.filter(
    (w) =>
      COMMON_WIDGETS.includes(w) || (!(RJSF_WIDGET_COMPONENTS as readonly string[]).includes(w) && /^[A-Z]/.test(w)),
  );
  const isNumber = type === 'integer' || type === 'number';
  const kinds = elsewhere.map(([t]) => t).join(', ');
  const suggestion = elsewhere.length > 0 ? '' : suggestionFor(name, fitting);
  const said =
    elsewhere.length > 0
      ? `the widget "${name}" does not fit ${isNumber ? 'a number' : `an answer of type "${type}"`} (it is for ${kinds} answers), so the step would not open for any applicant.`
      : `"${name}" is not a widget the wizard has, so the step would not open for any applicant.${didYouMeanText(suggestion)}`;
  const widgets = listParam(shown);
  const check: ProblemCode =
    elsewhere.length === 0
      ? { code: 'ui_widget_unknown', params: { name, suggestion, widgets } }
      : isNumber
        ? { code: 'ui_widget_unfit_number', params: { name, kinds, widgets } }
        : { code: 'ui_widget_unfit', params: { name, type: String(type), kinds, widgets } };
  problems.error(file, path, `${said} The usual widgets for this answer are ${quotedList(shown)}.`, check);
}

function fieldProblem(file: string, name: unknown, path: ProblemPath, problems: ProblemList): void {
  const known = [...WIZARD_FIELDS, ...RJSF_FIELDS];
  if (typeof name === 'string' && (known as string[]).includes(name)) return;
  const suggestion = typeof name === 'string' ? suggestionFor(name, known) : '';
  problems.error(
    file,
    path,
    `"${String(name)}" is not a field the wizard has, so the default control would show instead.${didYouMeanText(suggestion)} The wizard's fields are ${quotedList(WIZARD_FIELDS)}.`,
    { code: 'ui_field_unknown', params: { name: String(name), suggestion, fields: listParam(WIZARD_FIELDS) } },
  );
}

/**
 * A UI schema's names each name a field of the schema at their level (else their settings do nothing),
 * its "ui:" words are RJSF's, its widgets and fields are ones the wizard has and fit the answer.
 */
export function uiProblems(
  file: string,
  schema: JsonSchema,
  ui: unknown,
  problems: ProblemList,
  path: ProblemPath = [],
): void {
  if (!isJsonObject(ui)) {
    problems.error(file, path, 'settings in braces { … } are expected here.', { code: 'ui_settings_expected' });
    return;
  }
  const fields = declaredFields(schema);
  for (const [key, value] of Object.entries(ui)) {
    const at = [...path, key];
    if (key.startsWith('ui:')) {
      if (!UI_WORDS.has(key)) {
        const suggestion = suggestionFor(key, UI_WORDS);
        problems.error(
          file,
          at,
          `"${key}" is not a word a UI schema may use, so it would be silently ignored.${didYouMeanText(suggestion)}`,
          { code: 'ui_word_unknown', params: { key, suggestion } },
        );
      } else if (key === 'ui:widget') {
        widgetProblem(file, schema, value, at, problems);
      } else if (key === 'ui:options' && isJsonObject(value) && value.rowNames !== undefined) {
        rowNamesProblems(file, schema, value.rowNames, [...at, 'rowNames'], problems);
      } else if (key === 'ui:field') {
        fieldProblem(file, value, at, problems);
      } else if (key === 'ui:order') {
        if (!Array.isArray(value))
          problems.error(file, at, '"ui:order" must be a list of field names.', { code: 'ui_order_not_list' });
        else
          value.forEach((name, i) => {
            if (name === '*' || fields.has(String(name))) return;
            const suggestion = suggestionFor(String(name), fields.keys());
            problems.error(
              file,
              [...at, i],
              `"ui:order" names "${String(name)}", which is not a field here.${didYouMeanText(suggestion)}`,
              { code: 'ui_order_unknown', params: { name: String(name), suggestion } },
            );
          });
      }
      continue;
    }
    if (key === 'items' && isJsonObject(schema.items)) {
      uiProblems(file, schema.items, value, problems, at);
      continue;
    }
    const field = fields.get(key);
    if (!field) {
      const suggestion = suggestionFor(key, fields.keys());
      problems.error(
        file,
        at,
        `"${key}" is not a field of this step's schema, so these settings do nothing.${didYouMeanText(suggestion)}`,
        { code: 'ui_key_unknown', params: { key, suggestion } },
      );
      continue;
    }
    uiProblems(file, field.schema, value, problems, at);
  }
}
