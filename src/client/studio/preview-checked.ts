import { useSyncExternalStore } from 'react';

/**
 * The draft's revision last shown in the preview, so that Publish sends the revision the publisher
 * saw (a draft changed since is refused with 409). The preview frame calls markPreviewed(revision)
 * once it has rendered a saved revision; it is same-origin and shares the tab's sessionStorage.
 */
const KEY = 'kibali.studio.previewed_revision';
const EVENT = 'kibali-studio-previewed';

export function markPreviewed(revision: number): void {
  try {
    window.sessionStorage.setItem(KEY, String(revision));
  } catch {
    // Storage refused (private mode): the publisher is asked to preview again, nothing worse.
  }
  // The frame's window and the studio's: each listens on its own.
  for (const target of new Set([window, window.parent])) {
    try {
      target.dispatchEvent(new Event(EVENT));
    } catch {
      // A parent of another origin: not ours to tell.
    }
  }
}

export function previewedRevision(): number | null {
  try {
    const value = Number(window.sessionStorage.getItem(KEY) ?? Number.NaN);
    return Number.isInteger(value) ? value : null;
  } catch {
    return null;
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The revision last previewed, kept current as the preview reports. */
export function usePreviewedRevision(): number | null {
  return useSyncExternalStore(subscribe, previewedRevision, () => null);
}
