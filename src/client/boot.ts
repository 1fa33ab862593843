// The page's script. A page the server rendered (the landing page) is whole without the app: its links
// are links, its menu a <details>. The app (React, the router, the store, the texts: some 140 KB of
// gzip) is fetched only once the visitor reaches for the page (a tap, a key, the focus, a mouse moved
// over it), so that a phone that only reads the landing page spends nothing on it, and one that goes
// on has it on the way a moment before the click (which, before the app has started, is an ordinary
// page load). Every other page starts the app at once; its files are already on their way
// (index.html preloads them).
import { RENDERED_LANGUAGE_ATTRIBUTE, RENDERED_PATH_ATTRIBUTE } from '../shared/served-page';
import { forgetPersistentPersonalData } from './app/browser-storage';
import { startEarlyCalls } from './app/early-calls';
import { storedLanguage } from './app/stored-language';
import './shell.css';

/** Lets the browser paint and handle input before going on. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Called once: at once, or by the first sign of intent (whose listeners are gone before it calls). */
async function start() {
  // React first, then the app, each set up in a task of its own: one long task would leave a tap on
  // the page unanswered until both are done.
  await import('react-dom/client');
  await nextTask();
  await import('./main');
}

/** What shows that the visitor is about to use the page rather than only read it. */
const INTENT = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'pointermove', 'input', 'change'] as const;

/**
 * Starts the app on the first sign of intent: a mouse moved over the page, a tap, a key, the focus, a
 * choice (the language: main.tsx starts in the one chosen).
 */
function startOnIntent() {
  const intent = (event: Event) => {
    // A mouse moved by the visitor: not the move a browser makes up when the page changes under a
    // still pointer (no movement), nor a finger's (its tap comes next).
    if (event.type === 'pointermove') {
      const move = event as PointerEvent;
      if (move.pointerType !== 'mouse' || (move.movementX === 0 && move.movementY === 0)) return;
    }
    for (const type of INTENT) document.removeEventListener(type, intent, true);
    void start();
  };
  for (const type of INTENT) document.addEventListener(type, intent, { capture: true, passive: true });
}

// Kept by earlier versions in localStorage: gone on any page, whether or not the app starts.
forgetPersistentPersonalData();
// The mock mode's answers come from a service worker the app starts: nothing early there.
if (import.meta.env.MODE !== 'mock') startEarlyCalls(window.location);

const root = document.getElementById('root');
const renderedPath = root?.getAttribute(RENDERED_PATH_ATTRIBUTE);
if (!root || !renderedPath) {
  void start();
} else {
  // '/' and '/home' lead to the landing page: the address says where the visitor is.
  const { pathname, search, hash } = window.location;
  if (pathname !== renderedPath)
    window.history.replaceState(window.history.state, '', `${renderedPath}${search}${hash}`);
  // A tab whose language is not the page's (chosen before its session had the cookie the server reads):
  // the app shows the page in the tab's language at once.
  if (storedLanguage() !== root.getAttribute(RENDERED_LANGUAGE_ATTRIBUTE)) void start();
  else startOnIntent();
}
