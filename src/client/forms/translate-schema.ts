import type { JsonSchema, StepForm, UiSchema } from '../../shared/forms';

import { rowNamesOf } from '../../shared/row-names';
import { isJsonObject as isObject, propertiesOf } from '../../shared/schema-walk';

export interface TranslateOptions {
  /** The text of a key of the `forms` namespace in the chosen language. */
  t: (key: string) => string;
  /** The label of a reference id (e.g. rooms 3) in the chosen language, from the splash lists. */
  referenceLabel: (list: string, id: unknown) => string | undefined;
}

/** `referenceLabel` of the splash's lists (get_splash), in `language`. */
export function splashLabels(
  splash: Readonly<Record<string, unknown>>,
  language: string,
): TranslateOptions['referenceLabel'] {
  return (list, id) =>
    (Object.hasOwn(splash, list)
      ? (splash[list] as { id: number; name?: Record<string, string> }[] | undefined)
      : undefined
    )?.find((item) => item.id === id)?.name?.[language];
}

export interface TranslatedStep {
  /** The served schema itself, untouched: the precompiled validator was compiled from it. */
  schema: JsonSchema;
  /** The served UI schema with every text translated and every choice labelled. */
  uiSchema: UiSchema;
  title: string;
  description?: string;
  /**
   * The id of a field the step's module shows itself, outside the form (the engineer's Send code, a
   * document's entry), where its errors lead; undefined for the form's own fields. Set by the wizard.
   */
  fieldIdOf?: (parts: readonly string[]) => string | undefined;
}

const UI_TEXT_KEYS = ['ui:title', 'ui:description', 'ui:help', 'ui:placeholder'] as const;

function translateNode(schema: unknown, ui: unknown, options: TranslateOptions): UiSchema {
  const node = isObject(schema) ? schema : {};
  const out: UiSchema = isObject(ui) ? { ...ui } : {};
  for (const key of UI_TEXT_KEYS) if (typeof out[key] === 'string') out[key] = options.t(out[key]);
  const rowNames = rowNamesOf(out);
  // A table's row words as texts with their {{placeholders}}, filled in by the row templates (rjsf-theme.tsx).
  if (rowNames) {
    const texts = Object.fromEntries(Object.entries(rowNames).map(([word, key]) => [word, options.t(key)]));
    out['ui:options'] = { ...(out['ui:options'] as object), rowNames: texts };
  }
  if (typeof node.title === 'string' && out['ui:title'] === undefined) out['ui:title'] = options.t(node.title);
  if (typeof node.description === 'string' && out['ui:description'] === undefined)
    out['ui:description'] = options.t(node.description);
  for (const key of ['oneOf', 'anyOf'] as const) {
    const choices = node[key];
    if (Array.isArray(choices))
      out[key] = choices.map((c) =>
        isObject(c) && typeof c.title === 'string' ? { 'ui:title': options.t(c.title) } : {},
      );
  }
  const list = node['x-reference'];
  if (typeof list === 'string' && Array.isArray(node.enum))
    out['ui:enumNames'] = node.enum.map((id) => options.referenceLabel(list, id) ?? String(id));
  for (const [name, sub] of propertiesOf(node)) out[name] = translateNode(sub, out[name], options);
  if (isObject(node.items)) {
    const items = translateNode(node.items, out.items, options);
    // Without a title of their own, rows would be titled "<the array's title key>-1" by RJSF;
    // the row template numbers them instead.
    out.items = items['ui:title'] === undefined ? { ...items, 'ui:title': '' } : items;
  }
  return out;
}

/**
 * A served step ready for RJSF in the chosen language. Titles, descriptions, help, placeholders and
 * option labels go into the UI schema (ui:title, ui:enumNames, oneOf[i].ui:title): the schema must
 * stay exactly as served, because the precompiled validator only knows that schema and its parts.
 * The root's title and description are returned apart: the page shows them as the step's heading.
 */
export function translateStep(step: StepForm, options: TranslateOptions): TranslatedStep {
  const uiSchema = translateNode(step.schema, step.uiSchema, options);
  const title = typeof uiSchema['ui:title'] === 'string' ? uiSchema['ui:title'] : '';
  const description = typeof uiSchema['ui:description'] === 'string' ? uiSchema['ui:description'] : undefined;
  return { schema: step.schema, uiSchema: { ...uiSchema, 'ui:title': '', 'ui:description': '' }, title, description };
}

/** The translated title of a step, for the stepper and the review (no need to translate the whole step). */
export function stepTitle(step: StepForm | undefined, t: (key: string) => string, fallback: string): string {
  const title = step?.schema.title;
  return typeof title === 'string' ? t(title) : fallback;
}
