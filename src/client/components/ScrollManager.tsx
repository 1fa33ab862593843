import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom';
import { readJson, STORAGE_KEYS, writeJson } from '../app/browser-storage';

type Positions = Record<string, number>;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Spec: scroll smoothly to a hash target; otherwise restore the saved position (back/forward);
 * otherwise go to the top. Positions are kept per history entry for the browser session.
 */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const previousKey = useRef<string | null>(null);
  // The last position of the page being left: by the time the new page renders, scrollY may have changed.
  const lastY = useRef(0);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const onScroll = () => (lastY.current = window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    const positions = readJson<Positions>('session', STORAGE_KEYS.scrollPositions) ?? {};
    if (previousKey.current && previousKey.current !== location.key) {
      positions[previousKey.current] = lastY.current;
      writeJson('session', STORAGE_KEYS.scrollPositions, positions);
    }
    previousKey.current = location.key;

    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView?.({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
        return;
      }
    }
    const saved = navigationType === NavigationType.Pop ? positions[location.key] : undefined;
    window.scrollTo?.({ top: saved ?? 0, left: 0, behavior: 'auto' });
  }, [location.key, location.hash, navigationType]);

  return null;
}
