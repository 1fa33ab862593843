/** Walking JSON Schemas as plain data: no validator here, so the client can use it without ajv. */

export type Json = Record<string, unknown>;

export function isJsonObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Calls `visit` on the schema and every subschema (properties, items, allOf/if/then/else, oneOf, …). */
export function walkSchema(schema: unknown, visit: (node: Json) => void): void {
  if (!isJsonObject(schema)) return;
  visit(schema);
  for (const key of ['properties', 'definitions', '$defs', 'dependencies']) {
    const children = schema[key];
    if (isJsonObject(children)) Object.values(children).forEach((child) => walkSchema(child, visit));
  }
  for (const key of ['items', 'if', 'then', 'else', 'not', 'additionalProperties', 'contains']) {
    walkSchema(schema[key], visit);
  }
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const list = schema[key];
    if (Array.isArray(list)) list.forEach((child) => walkSchema(child, visit));
  }
  // The schema of each document's entry ("x-documents", src/shared/document-fields.ts).
  const documents = schema['x-documents'];
  if (isJsonObject(documents)) walkSchema(documents.each, visit);
}

/** The properties an object schema may have, including those declared only inside allOf/if-then-else. */
export function propertiesOf(schema: unknown): Map<string, Json> {
  const found = new Map<string, Json>();
  const collect = (node: unknown) => {
    if (!isJsonObject(node)) return;
    if (isJsonObject(node.properties)) {
      for (const [name, sub] of Object.entries(node.properties)) {
        if (isJsonObject(sub) && !found.has(name)) found.set(name, sub);
      }
    }
    for (const key of ['then', 'else']) collect(node[key]);
    for (const key of ['allOf', 'anyOf', 'oneOf']) {
      if (Array.isArray(node[key])) (node[key] as unknown[]).forEach(collect);
    }
  };
  collect(schema);
  return found;
}
