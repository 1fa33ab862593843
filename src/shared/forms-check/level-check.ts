import { isJsonObject, type Json } from '../schema-walk';
import { didYouMeanText, suggestionFor } from './did-you-mean';
import type { ProblemList, ProblemPath } from './problems';

interface Declared {
  schema: Json;
  path: ProblemPath;
}

/** The parts of an object's schema that speak of the same fields: itself, then/else, allOf/anyOf/oneOf, dependencies. */
export function levelParts(node: Json, path: ProblemPath, visit: (part: Json, path: ProblemPath) => void): void {
  visit(node, path);
  for (const word of ['then', 'else'] as const)
    if (isJsonObject(node[word])) levelParts(node[word], [...path, word], visit);
  for (const word of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = node[word];
    if (Array.isArray(list))
      list.forEach((part, i) => isJsonObject(part) && levelParts(part, [...path, word, i], visit));
  }
  if (isJsonObject(node.dependencies))
    for (const [name, part] of Object.entries(node.dependencies))
      if (isJsonObject(part)) levelParts(part, [...path, 'dependencies', name], visit);
}

/** The fields an object's schema declares, wherever at its level (a conditional field inside then). */
export function declaredFields(node: Json, path: ProblemPath = []): Map<string, Declared> {
  const fields = new Map<string, Declared>();
  for (const field of declarations(node, path)) if (!fields.has(field.name)) fields.set(field.name, field);
  return fields;
}

/** Every declaration of a field at an object's level (a field may be declared again inside then). */
function declarations(node: Json, path: ProblemPath): (Declared & { name: string })[] {
  const all: (Declared & { name: string })[] = [];
  levelParts(node, path, (part, at) => {
    if (!isJsonObject(part.properties)) return;
    for (const [name, schema] of Object.entries(part.properties))
      if (isJsonObject(schema)) all.push({ name, schema, path: [...at, 'properties', name] });
  });
  return all;
}

const isArraySchema = (node: Json) =>
  node.type === 'array' || (Array.isArray(node.type) && node.type.includes('array')) || 'items' in node;

/**
 * The names a schema's rules speak of exist at their level: every "required" name (else no applicant
 * can finish the step), every condition's field (in "if" and "dependencies"), every computed value's
 * list and field. And every list says how many rows it may have ("maxItems": a request's work is
 * bounded by it).
 */
export function levelProblems(file: string, schema: unknown, problems: ProblemList, path: ProblemPath = []): void {
  if (!isJsonObject(schema)) return;
  if (isArraySchema(schema) && typeof schema.maxItems !== 'number')
    problems.error(
      file,
      path,
      'this list has no "maxItems": give it the most rows an applicant may add (every list needs one).',
      { code: 'list_max_items' },
    );
  if (isJsonObject(schema.items)) levelProblems(file, schema.items, problems, [...path, 'items']);
  const fields = declaredFields(schema, path);
  if (fields.size === 0 && !('required' in schema) && !('if' in schema)) return;
  const names = [...fields.keys()];
  /** A name that is not a field here; `what` says which rule names it, `code` is that rule's. */
  const unknown = (name: unknown, at: ProblemPath, { what, code }: { what: string; code: string }) => {
    if (typeof name === 'string' && fields.has(name)) return;
    const suggestion = suggestionFor(String(name), names);
    problems.error(file, at, `${what} "${String(name)}", which is not a field here.${didYouMeanText(suggestion)}`, {
      code,
      params: { name: String(name), suggestion },
    });
  };
  levelParts(schema, path, (part, at) => {
    if (Array.isArray(part.required))
      part.required.forEach((name, i) =>
        unknown(name, [...at, 'required', i], { what: '"required" lists', code: 'required_field_unknown' }),
      );
    const condition = part.if;
    if (isJsonObject(condition)) {
      if (isJsonObject(condition.properties))
        for (const name of Object.keys(condition.properties))
          unknown(name, [...at, 'if', 'properties', name], {
            what: 'the condition ("if") looks at',
            code: 'if_field_unknown',
          });
      if (Array.isArray(condition.required))
        condition.required.forEach((name, i) =>
          unknown(name, [...at, 'if', 'required', i], {
            what: 'the condition ("if") asks for',
            code: 'if_required_unknown',
          }),
        );
    }
    if (isJsonObject(part.dependencies)) {
      for (const [name, then] of Object.entries(part.dependencies)) {
        unknown(name, [...at, 'dependencies', name], {
          what: '"dependencies" starts from',
          code: 'dependencies_field_unknown',
        });
        if (Array.isArray(then))
          then.forEach((other, i) =>
            unknown(other, [...at, 'dependencies', name, i], {
              what: '"dependencies" asks for',
              code: 'dependencies_other_unknown',
            }),
          );
      }
    }
  });
  for (const field of declarations(schema, path)) {
    if (field.schema['x-computed'] !== undefined) computedProblems(file, field.name, field, fields, schema, problems);
    levelProblems(file, field.schema, problems, field.path);
  }
}

/** A computed value ({"op": "sum", "of": a list beside it, "field": a number field of that list's rows}). */
function computedProblems(
  file: string,
  name: string,
  field: Declared,
  fields: Map<string, Declared>,
  level: Json,
  problems: ProblemList,
): void {
  const at = [...field.path, 'x-computed'];
  const computed = field.schema['x-computed'];
  const shape = '{"op": "sum", "of": "<a list beside it>", "field": "<a number field of that list\'s rows>"}';
  if (
    !isJsonObject(computed) ||
    computed.op !== 'sum' ||
    typeof computed.of !== 'string' ||
    typeof computed.field !== 'string'
  ) {
    problems.error(file, at, `"x-computed" must be written ${shape}.`, { code: 'computed_shape' });
    return;
  }
  const extra = Object.keys(computed).filter((key) => !['op', 'of', 'field'].includes(key));
  if (extra.length > 0)
    problems.error(file, at, `"x-computed" has unknown parts: ${extra.join(', ')}. It is written ${shape}.`, {
      code: 'computed_parts_unknown',
      params: { parts: extra.join(', ') },
    });
  const list = fields.get(computed.of);
  const lists = [...fields].filter(([, f]) => isJsonObject(f.schema.items)).map(([n]) => n);
  if (!list || !isJsonObject(list.schema.items)) {
    const suggestion = suggestionFor(computed.of, lists);
    problems.error(
      file,
      [...at, 'of'],
      `"of" names "${computed.of}", which is not a list beside "${name}".${didYouMeanText(suggestion)}`,
      { code: 'computed_of_unknown', params: { of: computed.of, name, suggestion } },
    );
    return;
  }
  const rowFields = declaredFields(list.schema.items);
  const summed = rowFields.get(computed.field);
  if (!summed) {
    const suggestion = suggestionFor(computed.field, rowFields.keys());
    problems.error(
      file,
      [...at, 'field'],
      `"field" names "${computed.field}", which is not a field of the rows of "${computed.of}".${didYouMeanText(suggestion)}`,
      { code: 'computed_field_unknown', params: { field: computed.field, of: computed.of, suggestion } },
    );
  } else if (!['number', 'integer'].includes(String(summed.schema.type))) {
    problems.error(
      file,
      [...at, 'field'],
      `"field" names "${computed.field}", which is not a number: only numbers can be summed.`,
      { code: 'computed_field_not_number', params: { field: computed.field } },
    );
  }
  if (!['number', 'integer'].includes(String(field.schema.type)))
    problems.error(file, field.path, `"${name}" is computed as a sum, so its "type" must be "number" (or "integer").`, {
      code: 'computed_type',
      params: { name },
    });
  if (field.schema.readOnly !== true)
    problems.error(file, field.path, `"${name}" is computed, so applicants cannot type it: add "readOnly": true.`, {
      code: 'computed_read_only',
      params: { name },
    });
  levelParts(level, [], (part) => {
    if (Array.isArray(part.required) && part.required.includes(name))
      problems.error(file, field.path, `"${name}" is computed, so it cannot be required: remove it from "required".`, {
        code: 'computed_required',
        params: { name },
      });
  });
}
