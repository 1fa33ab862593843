/** The id of a required document's entry on the documents step (RequiredDocuments.tsx). */
export const documentId = (code: string) => `document-${code}`;

/** Where an error at `parts` of the documents step leads: a document's entry, which the step shows itself. */
export const documentsFieldId = (parts: readonly string[]): string | undefined =>
  parts[0] === 'documents' && parts[1] ? documentId(parts[1]) : undefined;
