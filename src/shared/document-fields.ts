import type { DocumentRule, FormsSet, JsonSchema } from './forms';
import { LANGUAGES } from './reference-data';
import { isJsonObject } from './schema-walk';

/**
 * The keyword that makes an object property of a step hold one entry per document of the set
 * (schemas/documents.json), so that no step lists document codes by hand:
 *
 *   "documents": { "type": "object", "additionalProperties": false,
 *                  "x-documents": { "for": "all", "each": { "type": "string", … } } }
 *
 * `for` is "all" (every document: the uploads step's attachment ids) or "drawings" (the documents
 * with `drawing_scale`: their scales); `each` is the schema of one entry.
 */
export const DOCUMENTS_KEYWORD = 'x-documents';

/** The text key of a document's name in the served texts (the form texts' namespace). */
export const documentTitleKey = (code: string) => `documents.${code}.name`;

interface DocumentsSpec {
  for: 'all' | 'drawings';
  each: JsonSchema;
}

function specOf(node: unknown): DocumentsSpec | undefined {
  const spec = isJsonObject(node) ? node[DOCUMENTS_KEYWORD] : undefined;
  if (!isJsonObject(spec) || !isJsonObject(spec.each)) return undefined;
  return spec.for === 'all' || spec.for === 'drawings' ? (spec as unknown as DocumentsSpec) : undefined;
}

/**
 * The steps as served: every property marked with "x-documents" gets one property per document
 * (titled with the text key of the document's name), and no other (additionalProperties: false).
 * Pure; the steps given are not changed, and a step without the keyword is the same object.
 */
export function documentSteps(steps: FormsSet['steps'], rules: unknown): FormsSet['steps'] {
  const documents: readonly DocumentRule[] = Array.isArray(rules) ? (rules as DocumentRule[]) : [];
  let out = steps;
  for (const [id, step] of Object.entries(steps)) {
    const properties = isJsonObject(step.schema.properties) ? step.schema.properties : undefined;
    if (!properties || !Object.values(properties).some((p) => specOf(p))) continue;
    const derived: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(properties)) {
      const spec = specOf(property);
      if (!spec) {
        derived[name] = property;
        continue;
      }
      const chosen = spec.for === 'all' ? documents : documents.filter((d) => d.drawing_scale);
      derived[name] = {
        ...(property as JsonSchema),
        properties: Object.fromEntries(chosen.map((d) => [d.id, { ...spec.each, title: documentTitleKey(d.id) }])),
        additionalProperties: false,
      };
    }
    out = { ...out, [id]: { ...step, schema: { ...step.schema, properties: derived } } };
  }
  return out;
}

/**
 * The set as served: the steps of documentSteps, and the texts with each document's name and help in
 * each language under `documents.<code>`. So a document added only to documents.json can be uploaded
 * and saved, and one removed is refused. Pure and idempotent; the set given is not changed.
 */
export function withDocuments<T extends Pick<FormsSet, 'steps' | 'texts' | 'documents'>>(forms: T): T {
  const documents: readonly DocumentRule[] = Array.isArray(forms.documents) ? forms.documents : [];
  const texts = { ...forms.texts };
  for (const language of LANGUAGES) {
    const own = isJsonObject(texts[language]) ? texts[language] : {};
    texts[language] = {
      ...own,
      documents: Object.fromEntries(
        documents.map((d) => [d.id, { name: d.name?.[language] ?? d.id, help: d.help?.[language] ?? '' }]),
      ),
    };
  }
  return { ...forms, steps: documentSteps(forms.steps, documents), texts };
}
