/**
 * The sx of words heard by a screen reader but not seen (e.g. which step a "Change" link changes).
 * Lengths in px: MUI's sx reads a width or height of 1 as 100%, which made such words as wide as their
 * container and pushed the review step past the right edge of a 320 px phone.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  clip: 'rect(0 0 0 0)',
} as const;
