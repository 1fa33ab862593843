import type { RequiredDocument, Splash } from './reference-data';
import type { ApplicationType } from './wizard-driver';

/** Above this many storeys a building needs the longer document list (structural calculations, …). */
export const STOREYS_FOR_LONG_LIST = 3;

/**
 * The documents an application must upload: those every application needs (the Sheha's letter among
 * them), and, for a building with drawings, the list for its storey count.
 */
export function requiredDocuments(
  type: ApplicationType,
  answers: Readonly<Record<string, unknown>>,
  lists: Pick<Splash, 'normal_attachments' | 'not_more_than_three_attachments' | 'more_than_three_attachments'>,
): RequiredDocument[] {
  const documents = [...lists.normal_attachments];
  if (type === 'new' || type === 'government') {
    const construction = (answers.construction ?? {}) as { has_storeys?: unknown; storey_count?: unknown };
    const storeys =
      construction.has_storeys === true && typeof construction.storey_count === 'number'
        ? construction.storey_count
        : 0;
    documents.push(
      ...(storeys > STOREYS_FOR_LONG_LIST ? lists.more_than_three_attachments : lists.not_more_than_three_attachments),
    );
  }
  return documents;
}

/**
 * The codes of required documents that the documents step (its answers: `uploads`, whatever the step is
 * called, see src/shared/step-modules.ts) does not name an attachment for.
 */
export function missingDocuments(required: RequiredDocument[], uploads: Readonly<Record<string, unknown>>): string[] {
  const given = (uploads.documents ?? {}) as Record<string, unknown>;
  return required.filter((d) => typeof given[d.code] !== 'string' || given[d.code] === '').map((d) => d.code);
}
