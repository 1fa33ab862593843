/**
 * Stands in for MUI's TouchRipple (vite.config.ts swaps it in for ButtonBase, client only): the theme
 * turns the ripple off on every button (src/client/app/theme.ts: a 3 px focus ring shows keyboard focus
 * instead, and a cheap phone is spared the animation), so it never renders; ~1.6 KiB of gzip off every
 * page with a MUI button. Should anything still mount it, it draws nothing and its handle does nothing.
 */
import { forwardRef, useImperativeHandle } from 'react';

const noop = () => {};

const TouchRipple = forwardRef<{ start: () => void; stop: () => void; pulsate: () => void }>(
  function TouchRipple(_props, ref) {
    useImperativeHandle(ref, () => ({ start: noop, stop: noop, pulsate: noop }), []);
    return null;
  },
);

export default TouchRipple;
