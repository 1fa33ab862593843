/**
 * The <input> attributes of a number copied from paper or an SMS (a reference number, an ID number):
 * no suggestions from earlier entries, capitals on phones' keyboards, no spelling marks.
 */
export const TYPED_FROM_PAPER = {
  autoComplete: 'off',
  autoCapitalize: 'characters',
  spellCheck: false,
  maxLength: 20,
} as const;
