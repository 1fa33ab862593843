import { isJsonObject, type Json } from './schema-walk';

/**
 * The schema of a document's scale in the uploads step (`scales.<code>`, e.g. pattern ^1:[1-9][0-9]{0,4}$),
 * or undefined when the document is not a drawing: the step's schema says which documents have a scale.
 */
export function scaleSchemaOf(uploadsSchema: unknown, code: string): Json | undefined {
  const properties = isJsonObject(uploadsSchema) ? uploadsSchema.properties : undefined;
  const scales = isJsonObject(properties) ? properties.scales : undefined;
  const byCode = isJsonObject(scales) && isJsonObject(scales.properties) ? scales.properties : {};
  const schema = Object.hasOwn(byCode, code) ? byCode[code] : undefined;
  return isJsonObject(schema) ? schema : undefined;
}

/**
 * The documents step's answers (whatever the step is called, see src/shared/step-modules.ts): the
 * attachment id and the scale given for each document code.
 */
export function uploadsOf(answers: unknown): {
  documents: Record<string, string>;
  scales: Record<string, string>;
} {
  const uploads = isJsonObject(answers) ? answers : {};
  const strings = (value: unknown) =>
    Object.fromEntries(
      Object.entries(isJsonObject(value) ? value : {}).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  return { documents: strings(uploads.documents), scales: strings(uploads.scales) };
}

/**
 * Whether a typed scale fits its schema's pattern and length, without a validator (the browser has no
 * ajv): '' (none given) fits. The server checks the same schema with ajv.
 */
export function scaleFits(schema: Json, value: string): boolean {
  if (value === '') return true;
  if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) return false;
  return typeof schema.pattern !== 'string' || new RegExp(schema.pattern, 'u').test(value);
}
