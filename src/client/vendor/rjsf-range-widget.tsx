import { getDefaultRegistry } from '@rjsf/core';

/**
 * Stands in for @rjsf/mui's RangeWidget (vite.config.ts swaps it in): that one is MUI's Slider, ~6 KiB
 * of gzip on the wizard's first step, and no form of ours asks for `"ui:widget": "range"`. Should one,
 * it gets RJSF's own: the browser's `<input type="range">`.
 */
export default getDefaultRegistry().widgets.RangeWidget!;
