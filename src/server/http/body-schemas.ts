/** The body of a call that takes nothing: `{}` and nothing else. */
export const emptyBody = { type: 'object', additionalProperties: false, properties: {} } as const;
