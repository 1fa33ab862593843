/**
 * The reference lists a schema property may be bound to with "x-reference". Apart from forms.ts, which
 * imports ajv: the studio's question editor offers these lists without loading a validator.
 */
export const REFERENCE_LISTS = [
  'rooms',
  'foundation_tools',
  'wall_tools',
  'beam_tools',
  'roof_tools',
  'entry_tools',
] as const;
