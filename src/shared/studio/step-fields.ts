import type { ShowWhen } from '../api/studio';
import { declaredFields } from '../forms-check/level-check';
import { isJsonObject, type Json } from '../schema-walk';

/**
 * Where a field of a step is declared, in the convention of schemas/ (see the `$comment` of
 * steps/personal.schema.json): at the root, or, shown only under a condition, inside
 * `allOf[i].then` with its name in the root's `patternProperties` mirror.
 */
export interface FieldPlace {
  name: string;
  schema: Json;
  required: boolean;
  /** The index in `allOf` whose `then` declares it; absent at the root. */
  branch?: number;
  /** The branch's condition, when it is the one kind the model writes: one `const` on one field. */
  showWhen?: ShowWhen;
  /** Declared somewhere the model does not write (else, dependencies, a condition of another kind). */
  elsewhere?: boolean;
}

const listed = (node: unknown, name: string) =>
  isJsonObject(node) && Array.isArray(node.required) && node.required.includes(name);

/** The condition `{"if": {"properties": {F: {"const": V}}, "required": [F]}}`, as "show when F is V". */
export function simpleCondition(entry: unknown): ShowWhen | undefined {
  if (!isJsonObject(entry) || !isJsonObject(entry.if) || !isJsonObject(entry.then)) return undefined;
  if (Object.keys(entry).some((k) => k !== 'if' && k !== 'then')) return undefined;
  const condition = entry.if;
  const properties = condition.properties;
  if (!isJsonObject(properties) || Object.keys(condition).some((k) => k !== 'properties' && k !== 'required'))
    return undefined;
  const names = Object.keys(properties);
  if (names.length !== 1) return undefined;
  const field = names[0]!;
  const test = properties[field];
  if (!isJsonObject(test) || Object.keys(test).join() !== 'const') return undefined;
  if (!Array.isArray(condition.required) || condition.required.join() !== field) return undefined;
  const equals = test.const;
  if (typeof equals !== 'string' && typeof equals !== 'number' && typeof equals !== 'boolean') return undefined;
  return { field, equals };
}

/** The allOf entry that shows fields when `show` holds (its `then` still empty). */
export function conditionEntry(show: ShowWhen): Json {
  return {
    if: { properties: { [show.field]: { const: show.equals } }, required: [show.field] },
    then: { properties: {} },
  };
}

/** Every field of a step's level, root fields first, then each branch's, then any declared elsewhere. */
export function stepFields(schema: Json): FieldPlace[] {
  const fields: FieldPlace[] = [];
  const seen = new Set<string>();
  const add = (place: FieldPlace) => {
    if (seen.has(place.name)) return;
    seen.add(place.name);
    fields.push(place);
  };
  if (isJsonObject(schema.properties))
    for (const [name, field] of Object.entries(schema.properties))
      if (isJsonObject(field)) add({ name, schema: field, required: listed(schema, name) });
  if (Array.isArray(schema.allOf))
    schema.allOf.forEach((entry, branch) => {
      if (!isJsonObject(entry) || !isJsonObject(entry.then) || !isJsonObject(entry.then.properties)) return;
      const showWhen = simpleCondition(entry);
      for (const [name, field] of Object.entries(entry.then.properties))
        if (isJsonObject(field))
          add({
            name,
            schema: field,
            required: listed(entry.then, name),
            branch,
            ...(showWhen ? { showWhen } : { elsewhere: true }),
          });
    });
  for (const [name, declared] of declaredFields(schema))
    add({ name, schema: declared.schema, required: false, elsewhere: true });
  return fields;
}

export function findField(schema: Json, name: string): FieldPlace | undefined {
  return stepFields(schema).find((f) => f.name === name);
}

const MIRROR = /^\^\(([a-z0-9_|]+)\)\$$/;

/** The names in the root's `patternProperties` mirror of conditional fields ("^(a|b)$"). */
export function mirrorNames(schema: Json): string[] {
  const patterns = isJsonObject(schema.patternProperties) ? Object.keys(schema.patternProperties) : [];
  const mirror = patterns.map((p) => MIRROR.exec(p)).find(Boolean);
  return mirror ? mirror[1]!.split('|') : [];
}

/** Rewrites the mirror with these names (in place; removed with no names left). */
export function setMirrorNames(schema: Json, names: string[]): void {
  const patterns: Json = isJsonObject(schema.patternProperties) ? { ...schema.patternProperties } : {};
  const old = Object.keys(patterns).find((p) => MIRROR.test(p));
  const rebuilt: Json = {};
  let placed = false;
  const mine = names.length > 0 ? `^(${names.join('|')})$` : undefined;
  for (const [pattern, value] of Object.entries(patterns)) {
    if (pattern !== old) rebuilt[pattern] = value;
    else if (mine) {
      // The mirror keeps its place among the patterns.
      rebuilt[mine] = {};
      placed = true;
    }
  }
  if (mine && !placed) rebuilt[mine] = {};
  if (Object.keys(rebuilt).length > 0) schema.patternProperties = rebuilt;
  else delete schema.patternProperties;
}
