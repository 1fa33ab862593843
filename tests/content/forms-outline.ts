import { applicableDocuments } from '../../src/shared/form-samples';
import type { AnswerCondition, DocumentRule, FormsSet, JsonSchema, UiSchema } from '../../src/shared/forms';
import { rowNamesOf } from '../../src/shared/row-names';
import { isJsonObject as isObject } from '../../src/shared/schema-walk';
import { APPLICATION_TYPES, type ApplicationType } from '../../src/shared/wizard-driver';

/**
 * A set of forms written out as plain text for testers and reviewers: each flow's steps in order with
 * their titles and the documents it asks for by storey count, then every step (in the order the flows
 * first reach it) with each field's label, help, required or optional, format in words, when it is
 * shown, its widget and limits, in English | Swahili. tests/content/forms-snapshot.test.ts keeps it in
 * tests/content/__snapshots__/forms.md, so any change to schemas/ is a readable diff.
 */
type Texts = FormsSet['texts'];

function lookup(texts: Texts, language: 'en' | 'sw', key: unknown): string | undefined {
  if (typeof key !== 'string') return undefined;
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (isObject(node) ? node[part] : undefined), texts[language]);
  return typeof value === 'string' ? value : `(missing ${key})`;
}

/** "English | Swahili" of a text key, or undefined when there is no key. */
function both(texts: Texts, key: unknown): string | undefined {
  const en = lookup(texts, 'en', key);
  return en === undefined ? undefined : `${en} | ${lookup(texts, 'sw', key)}`;
}

const one = (value: unknown) => (value === true ? 'yes' : value === false ? 'no' : JSON.stringify(value));

const DEFAULT_WIDGETS: Record<string, string> = {
  string: 'text box',
  number: 'number box',
  integer: 'whole-number box',
  boolean: 'checkbox',
  array: 'rows to add and remove',
  object: 'group',
};
const WIDGETS: Record<string, string> = {
  radio: 'radio buttons',
  select: 'drop-down list',
  textarea: 'text area (several lines)',
  checkbox: 'checkbox',
  hidden: 'hidden (filled in by the wizard)',
};

function widgetOf(schema: JsonSchema, ui: UiSchema): string {
  if (typeof ui['ui:field'] === 'string') return `special field "${ui['ui:field']}"`;
  const widget = ui['ui:widget'];
  const base =
    typeof widget === 'string'
      ? (WIDGETS[widget] ?? `widget "${widget}"`)
      : typeof schema['x-reference'] === 'string' || Array.isArray(schema.oneOf) || Array.isArray(schema.enum)
        ? 'drop-down list'
        : (DEFAULT_WIDGETS[String(schema.type)] ?? String(schema.type));
  const extras = [
    typeof ui['ui:inputType'] === 'string' ? `input type ${ui['ui:inputType']}` : '',
    schema.readOnly === true || ui['ui:readonly'] === true ? 'read-only' : '',
  ].filter(Boolean);
  return extras.length > 0 ? `${base} (${extras.join(', ')})` : base;
}

function limitsOf(schema: JsonSchema): string[] {
  const limits: string[] = [];
  const range = (low: unknown, high: unknown, unit: string) => {
    if (low !== undefined && low === high) limits.push(`exactly ${String(low)}${unit}`);
    else if (low !== undefined && high !== undefined) limits.push(`${String(low)} to ${String(high)}${unit}`);
    else if (low !== undefined) limits.push(`at least ${String(low)}${unit}`);
    else if (high !== undefined) limits.push(`at most ${String(high)}${unit}`);
  };
  if (!Array.isArray(schema.oneOf)) range(schema.minLength, schema.maxLength, ' characters');
  range(schema.minimum, schema.maximum, '');
  range(schema.minItems, schema.maxItems, ' rows');
  if ('const' in schema) limits.push(`must be ${one(schema.const)}`);
  if (typeof schema.pattern === 'string') limits.push(`pattern ${schema.pattern}`);
  if (typeof schema.format === 'string') limits.push(`format ${schema.format}`);
  return limits;
}

/** The properties an object schema may have, with their conditions (if/then and dependencies). */
interface Field {
  name: string;
  schema: JsonSchema;
  required: boolean;
  condition?: string;
}

function optionWords(schema: JsonSchema | undefined, value: unknown, texts: Texts): string {
  const option = Array.isArray(schema?.oneOf)
    ? (schema.oneOf as JsonSchema[]).find((o) => o.const === value)
    : undefined;
  const title = option ? lookup(texts, 'en', option.title) : undefined;
  return title ? `${one(value)} ("${title}")` : one(value);
}

function conditionWords(
  condition: JsonSchema | undefined,
  properties: Record<string, JsonSchema>,
  texts: Texts,
): string {
  const checks = isObject(condition?.properties) ? (condition.properties as Record<string, JsonSchema>) : {};
  const parts = Object.entries(checks).map(([name, check]) => {
    const field = properties[name];
    const label = field ? lookup(texts, 'en', field.title) : undefined;
    const who = label ? `${name} ("${label}")` : name;
    if ('const' in check) return `${who} is ${optionWords(field, check.const, texts)}`;
    if (Array.isArray(check.enum))
      return `${who} is one of ${check.enum.map((v) => optionWords(field, v, texts)).join(', ')}`;
    return `${who} matches ${JSON.stringify(check)}`;
  });
  return parts.length > 0 ? parts.join(' and ') : JSON.stringify(condition);
}

function fieldsOf(schema: JsonSchema, texts: Texts): Field[] {
  const properties = isObject(schema.properties) ? (schema.properties as Record<string, JsonSchema>) : {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const fields: Field[] = Object.entries(properties).map(([name, sub]) => ({
    name,
    schema: sub,
    required: required.has(name),
  }));
  for (const part of Array.isArray(schema.allOf) ? (schema.allOf as JsonSchema[]) : []) {
    const then = isObject(part.then) ? part.then : {};
    const thenRequired = new Set(Array.isArray(then.required) ? (then.required as string[]) : []);
    const when = conditionWords(part.if as JsonSchema | undefined, properties, texts);
    for (const [name, sub] of Object.entries(isObject(then.properties) ? then.properties : {})) {
      fields.push({ name, schema: sub as JsonSchema, required: thenRequired.has(name), condition: when });
    }
  }
  for (const [name, dependency] of Object.entries(isObject(schema.dependencies) ? schema.dependencies : {})) {
    if (Array.isArray(dependency)) {
      for (const other of fields.filter((f) => dependency.includes(f.name)))
        other.condition = `${name} is answered (then required)`;
      continue;
    }
    for (const branch of isObject(dependency) && Array.isArray(dependency.oneOf)
      ? (dependency.oneOf as JsonSchema[])
      : []) {
      const branchProperties = isObject(branch.properties) ? (branch.properties as Record<string, JsonSchema>) : {};
      const trigger = branchProperties[name];
      const when = conditionWords({ properties: { [name]: trigger ?? {} } }, properties, texts);
      const branchRequired = new Set(Array.isArray(branch.required) ? (branch.required as string[]) : []);
      for (const [other, sub] of Object.entries(branchProperties)) {
        if (other !== name)
          fields.push({ name: other, schema: sub, required: branchRequired.has(other), condition: when });
      }
    }
  }
  return fields;
}

function uiOf(ui: UiSchema, name: string): UiSchema {
  const sub = ui[name];
  return isObject(sub) ? sub : {};
}

/** Fields in the order the wizard shows them (ui:order, "*" for the rest). */
function ordered(fields: Field[], ui: UiSchema): Field[] {
  const order = Array.isArray(ui['ui:order']) ? (ui['ui:order'] as string[]) : [];
  const rank = (name: string) => {
    const at = order.indexOf(name);
    return at >= 0 ? at : order.includes('*') ? order.indexOf('*') : order.length;
  };
  return [...fields].sort((a, b) => rank(a.name) - rank(b.name));
}

function describeFields(schema: JsonSchema, ui: UiSchema, texts: Texts, indent: string): string[] {
  const lines: string[] = [];
  for (const field of ordered(fieldsOf(schema, texts), ui)) {
    const sub = field.schema;
    const fieldUi = uiOf(ui, field.name);
    const status = sub.readOnly === true ? 'computed' : field.required ? 'required' : 'optional';
    lines.push(`${indent}- ${field.name} — ${status} — ${widgetOf(sub, fieldUi)}`);
    const add = (label: string, value: string | undefined) => {
      if (value !== undefined) lines.push(`${indent}  ${label}: ${value}`);
    };
    add('label', both(texts, sub.title));
    add('help', both(texts, sub.description));
    add('help', both(texts, fieldUi['ui:help']));
    add('placeholder', both(texts, fieldUi['ui:placeholder']));
    const rowNames = rowNamesOf(fieldUi);
    add('add button', both(texts, rowNames?.add));
    add('a row is', both(texts, rowNames?.row));
    add('a row whose field is 0 is', both(texts, rowNames?.zero));
    add('format', both(texts, sub['x-format-description']));
    add('shown when', field.condition);
    const limits = limitsOf(sub);
    add('limits', limits.length > 0 ? limits.join('; ') : undefined);
    if (Array.isArray(sub.oneOf)) {
      for (const option of sub.oneOf as JsonSchema[])
        add('option', `${one(option.const)}: ${both(texts, option.title)}`);
    }
    if (typeof sub['x-reference'] === 'string') add('options', `the reference list "${sub['x-reference']}"`);
    const computed = sub['x-computed'];
    if (isObject(computed)) add('computed', `the sum of ${String(computed.field)} over ${String(computed.of)}`);
    if (sub.type === 'object') lines.push(...describeFields(sub, fieldUi, texts, `${indent}  `));
    if (sub.type === 'array' && isObject(sub.items)) {
      lines.push(`${indent}  each row:`);
      lines.push(...describeFields(sub.items, uiOf(fieldUi, 'items'), texts, `${indent}    `));
    }
  }
  return lines;
}

const KINDS: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
};

/** The label of "<step>.<field>" in English, from the step's schema (conditional fields too). */
function answerLabel(set: FormsSet, dotted: string): string {
  const [step = '', ...path] = dotted.split('.');
  let schema: JsonSchema | undefined = set.steps[step]?.schema;
  for (const name of path) {
    const field = schema ? fieldsOf(schema, set.texts).find((f) => f.name === name) : undefined;
    schema = field?.schema;
  }
  const label = schema ? lookup(set.texts, 'en', schema.title) : undefined;
  return label ? `${dotted} ("${label}")` : dotted;
}

function answerConditionWords(set: FormsSet, condition: AnswerCondition): string {
  const who = answerLabel(set, condition.answer);
  if ('equals' in condition) return `${who} is ${one(condition.equals)}`;
  if ('notEquals' in condition) return `${who} is not ${one(condition.notEquals)}`;
  if (condition.oneOf) return `${who} is one of ${condition.oneOf.map(one).join(', ')}`;
  if (condition.above !== undefined) return `${who} is above ${condition.above}`;
  if (condition.atLeast !== undefined) return `${who} is at least ${condition.atLeast}`;
  if (condition.below !== undefined) return `${who} is below ${condition.below}`;
  if (condition.atMost !== undefined) return `${who} is at most ${condition.atMost}`;
  return JSON.stringify(condition);
}

function describeDocument(set: FormsSet, document: DocumentRule): string[] {
  const kinds = document.accept.map((kind) => KINDS[kind] ?? kind).join(', ');
  const size = `${Math.round((document.max_bytes / 1024 / 1024) * 10) / 10} MB`;
  const when = document.applies.when ?? [];
  return [
    `- ${document.id} — ${document.required ? 'required' : 'optional'} — for ${
      document.applies.types ? document.applies.types.join(', ') : 'every type'
    }${when.length > 0 ? ` when ${when.map((c) => answerConditionWords(set, c)).join(' and ')}` : ''}`,
    `  name: ${document.name.en} | ${document.name.sw}`,
    `  help: ${document.help.en} | ${document.help.sw}`,
    `  files: ${kinds}, up to ${size}${document.drawing_scale ? ', with its drawing scale' : ''}`,
  ];
}

/**
 * The storey counts at which the documents change: no storeys, and each side of every threshold on
 * construction.storey_count in the rules (e.g. "above 3": 3 and 4 storeys).
 */
function storeyCases(documents: readonly DocumentRule[]): number[] {
  const counts = new Set<number>([0]);
  for (const document of documents) {
    for (const c of document.applies.when ?? []) {
      if (!c.answer.endsWith('storey_count')) continue;
      const t = c.above ?? c.atMost ?? (c.atLeast ?? c.below ?? NaN) - 1;
      if (Number.isFinite(t)) [t, t + 1].filter((n) => n >= 1).forEach((n) => counts.add(n));
    }
  }
  return [...counts].sort((a, b) => a - b);
}

function describeFlowDocuments(set: FormsSet, type: ApplicationType): string[] {
  const documents = set.documents.filter((d) => !d.applies.types || d.applies.types.includes(type));
  const lines = [`Documents asked for (${type}):`, ''];
  const flow = set.flows[type] ?? [];
  const cases = flow.includes('construction') ? storeyCases(documents) : [];
  const list = (answers: Record<string, unknown>) => {
    const applicable = applicableDocuments(documents, type, answers);
    const required = applicable.filter((d) => d.required).map((d) => d.id);
    const optional = applicable.filter((d) => !d.required).map((d) => d.id);
    return `${required.length} required: ${required.join(', ') || 'none'}; optional: ${optional.join(', ') || 'none'}`;
  };
  if (cases.length === 0) return [...lines, `- asked for: ${list({})}`, ''];
  for (const storeys of cases) {
    const construction = storeys === 0 ? { has_storeys: false } : { has_storeys: true, storey_count: storeys };
    const label = storeys === 0 ? 'ground floor only' : `${storeys} storey${storeys === 1 ? '' : 's'}`;
    lines.push(`- ${label}: ${list({ construction })}`);
  }
  return [...lines, ''];
}

export function formsOutline(set: FormsSet): string {
  const texts = set.texts;
  const out: string[] = [
    '# Kibali forms (generated by tests/content/forms-snapshot.test.ts)',
    '',
    'Each text is "English | Swahili". Conditions and option names are in English.',
    '',
  ];
  const stepOrder: string[] = [];
  for (const type of APPLICATION_TYPES) {
    const flow = set.flows[type] ?? [];
    out.push(`## Flow ${type}: ${flow.length} steps`, '');
    flow.forEach((step, i) => {
      out.push(`${i + 1}. ${step}: ${both(texts, set.steps[step]?.schema.title) ?? '(no such step)'}`);
      if (!stepOrder.includes(step)) stepOrder.push(step);
    });
    out.push('', ...describeFlowDocuments(set, type));
  }
  out.push('## Documents', '', ...set.documents.flatMap((d) => describeDocument(set, d)), '');
  for (const id of Object.keys(set.steps).sort()) if (!stepOrder.includes(id)) stepOrder.push(id);
  for (const id of stepOrder) {
    const step = set.steps[id];
    if (!step) continue;
    const flows = APPLICATION_TYPES.filter((type) => set.flows[type]?.includes(id))
      .map((type) => `${type} ${(set.flows[type] ?? []).indexOf(id) + 1}`)
      .join(', ');
    out.push(`## Step ${id}: ${both(texts, step.schema.title)}`, '');
    out.push(`In flows: ${flows || 'none'}`);
    const description = both(texts, step.schema.description);
    if (description) out.push(`Description: ${description}`);
    out.push('', ...describeFields(step.schema, step.uiSchema, texts, ''), '');
  }
  return out.join('\n');
}
