import { documentsFor } from './document-rules';
import type { DocumentRule } from './forms';
import type { ApplicationType } from './wizard-driver';

/**
 * The documents an application must upload: those of the rules (schemas/documents.json) that apply
 * to its type and saved answers and are required. Optional ones may be uploaded but never block submit.
 */
export function requiredDocuments(
  type: ApplicationType,
  answers: Readonly<Record<string, unknown>>,
  rules: readonly DocumentRule[],
): DocumentRule[] {
  return documentsFor(type, answers, rules).filter((rule) => rule.required);
}

/** The codes of required documents that the uploads step does not name an attachment for. */
export function missingDocuments(
  required: readonly DocumentRule[],
  answers: Readonly<Record<string, unknown>>,
): string[] {
  const uploads = (answers.uploads ?? {}) as { documents?: Record<string, unknown> };
  const given = uploads.documents ?? {};
  return required.filter((d) => typeof given[d.id] !== 'string' || given[d.id] === '').map((d) => d.id);
}
