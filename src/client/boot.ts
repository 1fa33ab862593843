// The page's script. A page the server rendered (the landing page) is readable without the app: the
// browser shows it first, and only then is the app fetched and started to take it over, so that on a
// slow network the app's files do not hold up the page's own, and on a slow phone starting the app
// (a few hundred milliseconds of script) does not hold up its first paint. Every other page starts the
// app at once; its files are already on their way (index.html preloads them).
import { RENDERED_PATH_ATTRIBUTE } from '../shared/served-page';
import { startEarlyCalls } from './app/early-calls';
import './shell.css';

/** Lets the browser paint and handle input before going on. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function start() {
  // React first, then the app, each set up in a task of its own: one long task would leave a tap on
  // the page unanswered until both are done.
  await import('react-dom/client');
  await nextTask();
  await import('./main');
}

/** Runs `then` once the page's first contentful paint is on the screen (or after a second: a tab in the background paints nothing). */
function afterFirstPaint(then: () => void) {
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    setTimeout(then, 0);
  };
  let observer: PerformanceObserver | undefined;
  try {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) go();
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    requestAnimationFrame(() => setTimeout(go, 0)); // no paint timing: the next frame will do
  }
  setTimeout(go, 1000);
}

// The mock mode's answers come from a service worker the app starts: nothing early there.
if (import.meta.env.MODE !== 'mock') startEarlyCalls(window.location);
if (document.getElementById('root')?.hasAttribute(RENDERED_PATH_ATTRIBUTE)) afterFirstPaint(() => void start());
else void start();
