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

/**
 * The codes of required documents that the documents step (its answers: `uploads`, whatever the step is
 * called, see src/shared/step-modules.ts) does not name an attachment for.
 */
export function missingDocuments(
  required: readonly DocumentRule[],
  uploads: Readonly<Record<string, unknown>>,
): string[] {
  const given = (uploads.documents ?? {}) as Record<string, unknown>;
  return required.filter((d) => typeof given[d.id] !== 'string' || given[d.id] === '').map((d) => d.id);
}
