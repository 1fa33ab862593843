import { getDefaultRegistry } from '@rjsf/core';

/**
 * Stands in for @rjsf/mui's SelectWidget (vite.config.ts swaps it in): that one is MUI's TextField
 * with a menu, whose MenuItem (~3 KiB of gzip) came with the wizard's first step although the wizard
 * draws its lists itself (PlainSelect: the phone's own `<select>`). A list of several choices
 * (`multiple`), which no form of ours asks for, gets RJSF's own: a native `<select multiple>`.
 */
export default getDefaultRegistry().widgets.SelectWidget!;
