/** The body of a call that takes nothing: `{}` and nothing else. */
export const emptyBodySchema = { type: 'object', additionalProperties: false, properties: {} } as const;

/** The `data` of an answer that says nothing but its message: `{}`. */
export const emptyAnswerSchema = { type: 'object', additionalProperties: false, properties: {} } as const;
