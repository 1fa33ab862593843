/** Pieces the calls' schemas share. */

/** A text in both languages (the reference lists', the documents', the forms' names). */
export const localizedTextSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['en', 'sw'],
  properties: { en: { type: 'string' }, sw: { type: 'string' } },
} as const;

/** A text that may be missing (null). */
export const nullableString = { type: ['string', 'null'] } as const;
