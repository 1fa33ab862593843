import type { TranslatableString } from '@rjsf/utils';

/**
 * Texts of ours for a table's Add button and its rows' buttons, asked for as RJSF's own are
 * (`registry.translateString`, with %1, %2 for the parts), from common.json at these keys
 * (validation-messages.ts `rjsfStrings`): "Add an entry to %1", "Remove %1", "entry %1 of %2", "%1 in %2".
 */
export const ROW_STRINGS = {
  add: 'wizard.rows.add',
  in: 'wizard.rows.in',
  row: 'wizard.rows.row',
  rowAlone: 'wizard.rows.row_alone',
  remove: 'wizard.rows.remove',
  moveUp: 'wizard.rows.move_up',
  moveDown: 'wizard.rows.move_down',
  copy: 'wizard.rows.copy',
} as unknown as Record<
  'add' | 'in' | 'row' | 'rowAlone' | 'remove' | 'moveUp' | 'moveDown' | 'copy',
  TranslatableString
>;

/** True for one of these texts: its id is its key in common.json. */
export const isRowString = (text: string): boolean => text.startsWith('wizard.rows.');
