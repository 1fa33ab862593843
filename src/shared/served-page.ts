import type { Language, SiteSettings } from './reference-data';

/**
 * What the server writes into the pages of the app it serves, and the app reads back: one contract
 * between src/server/spa/spa-pages.ts and src/client/main.tsx.
 */

/**
 * The server's settings for the page: the site's contact settings, known before any call, and the
 * server's year (for the footer, whatever a phone's clock says). Written as JSON in
 * `<meta name="kibali-site" content="…">`.
 */
export interface PageSettings extends SiteSettings {
  year: number;
}

export const PAGE_SETTINGS_META = 'kibali-site';

/**
 * The language chosen, mirrored from session storage into a session cookie so that the server can send
 * a page it renders (the landing page) in that language. Not personal data: 'en' or 'sw'.
 */
export const LANGUAGE_COOKIE = 'kibali_lang';

/**
 * On `<div id="root">` of a page the server rendered: the path it rendered and the language, e.g.
 * data-rendered-path="/home/landing" data-rendered-language="sw". The app takes such a page over
 * (hydrates it) when it starts in the same language; the URL asked for may have been a redirect to it
 * ('/' → '/home' → '/home/landing').
 */
export const RENDERED_PATH_ATTRIBUTE = 'data-rendered-path';
export const RENDERED_LANGUAGE_ATTRIBUTE = 'data-rendered-language';

/**
 * On `<html>` once the app has started (taken the page over, or drawn it): a page the server rendered
 * is the server's alone until the visitor reaches for it (src/client/boot.ts).
 */
export const APP_STARTED_ATTRIBUTE = 'data-app-started';

/** The pages the server renders, and the paths that lead to them. */
export const RENDERED_PAGES: Record<string, readonly string[]> = {
  '/home/landing': ['/', '/home', '/home/landing'],
};

export interface RenderedPage {
  /** The inside of `<div id="root">`. */
  html: string;
  /** The document's title. */
  title: string;
}

/** In the locale files of modulesByPath ('locales/{language}/validation.json'): the page's language. */
export const LANGUAGE_PLACEHOLDER = '{language}';

/** What the server-side bundle (src/client/prerender.tsx) exports. */
export interface PageRenderer {
  renderPage(path: string, language: Language, settings: PageSettings): RenderedPage;
  /**
   * The lazily loaded modules of each page, by path ('/home/new': ['src/client/app/Themed.tsx', …,
   * 'locales/{language}/validation.json']).
   */
  modulesByPath(): Record<string, string[]>;
}
