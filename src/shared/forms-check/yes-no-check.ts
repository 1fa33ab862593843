import { isJsonObject, type Json } from '../schema-walk';
import { levelParts } from './level-check';
import type { ProblemList, ProblemPath } from './problems';

const isYesNo = (node: Json) => node.type === 'boolean' || (Array.isArray(node.type) && node.type.includes('boolean'));

/**
 * A required yes/no question has no "default": the wizard would show it answered ("No") before the
 * applicant reads it, and a declaration nobody made would be sent. Looked at in every object of the
 * schema, rows of lists included; "required" counts wherever it is at the field's level (a question
 * required only under a condition, inside "then", too).
 */
export function yesNoDefaultProblems(
  file: string,
  schema: unknown,
  problems: ProblemList,
  path: ProblemPath = [],
): void {
  if (!isJsonObject(schema)) return;
  if (isJsonObject(schema.items)) yesNoDefaultProblems(file, schema.items, problems, [...path, 'items']);
  const required = new Set<string>();
  const fields: { name: string; schema: Json; path: ProblemPath }[] = [];
  levelParts(schema, path, (part, at) => {
    if (Array.isArray(part.required)) for (const name of part.required) required.add(String(name));
    if (isJsonObject(part.properties))
      for (const [name, field] of Object.entries(part.properties))
        if (isJsonObject(field)) fields.push({ name, schema: field, path: [...at, 'properties', name] });
  });
  for (const field of fields) {
    if (isYesNo(field.schema) && 'default' in field.schema && required.has(field.name))
      problems.error(
        file,
        [...field.path, 'default'],
        `"${field.name}" is a required yes/no question, so it may have no "default": the applicant would find it already answered and could send an answer they never gave. Remove "default".`,
        { code: 'yes_no_default', params: { name: field.name } },
      );
    yesNoDefaultProblems(file, field.schema, problems, field.path);
  }
}
