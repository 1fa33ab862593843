import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { createTestApp, type TestApp } from './helpers';
import { fakeDate } from './fake-clock';

// The app's pages as the server sends them (src/server/spa/spa-pages.ts): index.html with the page
// settings in it, and the landing page rendered by the client's server bundle, in a child process, in
// the language of the visitor's cookie. Here with a built client of its own: an index.html like Vite's
// and a server bundle that renders a recognisable page from what it is given.

const SUPPORT_PHONE = '+255 24 555 0101';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Kibali</title>
    <script type="module" crossorigin src="/assets/index-1a2b3c.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-4d5e6f.css">
    <link rel="modulepreload" crossorigin href="/assets/app-7a8b9c.js">
    <link rel="modulepreload" crossorigin href="/assets/react-0d1e2f.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** Renders what it was given, so the test sees that the server gave the right things. */
const BUNDLE = `export function renderPage(path, language, settings) {
  if (path !== '/home/landing') throw new Error('not rendered: ' + path);
  return {
    html: '<main><h1>Landing ' + language + '</h1><p class="phone">' + settings.support_phone + '</p><p class="year">' + settings.year + '</p></main>',
    title: 'Title ' + language,
  };
}
export function modulesByPath() {
  return {
    '/home/landing': ['locales/{language}/common.json'],
    '/home/engineers': ['locales/{language}/common.json', 'src/client/features/engineers/EngineersPage.tsx'],
    '/home/new': [
      'locales/{language}/common.json',
      'src/client/app/Themed.tsx',
      'src/client/features/wizard/WizardPage.tsx',
      'src/client/not-in-the-manifest.tsx',
      'locales/{language}/forms.json',
    ],
  };
}`;

/** Vite's manifest of the built client above: shared chunks, one the page already has (app). */
const MANIFEST = {
  'index.html': { file: 'assets/index-1a2b3c.js', isEntry: true, css: ['assets/index-4d5e6f.css'] },
  '_app-7a8b9c.js': { file: 'assets/app-7a8b9c.js', imports: ['_react-0d1e2f.js'] },
  '_react-0d1e2f.js': { file: 'assets/react-0d1e2f.js' },
  '_mui-core.js': { file: 'assets/mui-core-111.js', imports: ['_react-0d1e2f.js'] },
  'src/client/app/Themed.tsx': { file: 'assets/Themed-222.js', imports: ['_mui-core.js', '_app-7a8b9c.js'] },
  'src/client/features/wizard/WizardPage.tsx': {
    file: 'assets/WizardPage-333.js',
    imports: ['_app-7a8b9c.js', '_WizardFlow.js'],
  },
  '_WizardFlow.js': { file: 'assets/WizardFlow-444.js', imports: ['_mui-core.js'] },
  'src/client/features/engineers/EngineersPage.tsx': {
    file: 'assets/EngineersPage-555.js',
    imports: ['_app-7a8b9c.js'],
    css: ['assets/EngineersPage-666.css'],
  },
  'locales/en/forms.json': { file: 'assets/forms-en.js' },
  'locales/sw/forms.json': { file: 'assets/forms-sw.js' },
  'locales/sw/common.json': { file: 'assets/common-sw.js' },
};

function builtClient(bundle: string | undefined): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'kibali-spa-'));
  mkdirSync(path.join(dist, 'client', '.vite'), { recursive: true });
  writeFileSync(path.join(dist, 'client', 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dist, 'client', '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  if (bundle !== undefined) {
    mkdirSync(path.join(dist, 'prerender'));
    writeFileSync(path.join(dist, 'prerender', 'prerender.js'), bundle);
  }
  return dist;
}

async function get(t: TestApp, url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { res, html: res.body };
}

const rootOf = (html: string) => /<div id="root"[^>]*>([\s\S]*?)<\/div>\n/.exec(html);
const settingsOf = (html: string) => {
  const content = /<meta name="kibali-site" content="([^"]*)"/.exec(html)?.[1];
  return content === undefined ? undefined : (JSON.parse(content.replace(/&quot;/g, '"')) as Record<string, unknown>);
};

describe('with the server bundle', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = builtClient(BUNDLE);
    t = await createTestApp({ STATIC_DIR: path.join(dist, 'client'), SUPPORT_PHONE });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });
  afterEach(() => vi.useRealTimers());

  test('/home/landing is the landing page, rendered, in English without a language cookie', async () => {
    const { res, html } = await get(t, '/home/landing');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers.vary)).toContain('Cookie');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Title en</title>');
    expect(html).toContain('<div id="root" data-rendered-path="/home/landing" data-rendered-language="en">');
    expect(rootOf(html)?.[0]).toContain(`<h1>Landing en</h1><p class="phone">${SUPPORT_PHONE}</p>`);
    expect(rootOf(html)?.[0]).toContain(`<p class="year">${new Date().getFullYear()}</p>`);
    // The page's script stays; the app's files are not preloaded (boot.ts asks for them once the page is reached for).
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-1a2b3c.js"></script>');
    expect(html).toContain('href="/assets/index-4d5e6f.css"');
    expect(html).not.toContain('modulepreload');
    expect(settingsOf(html)).toEqual({
      support_phone: SUPPORT_PHONE,
      whatsapp_number: '255777000000',
      year: new Date().getFullYear(),
    });
  });

  test.each([
    ['kibali_lang=sw', 'sw'],
    ['kibali_lang=en', 'en'],
    ['kibali_lang=fr', 'en'],
    ['other=1; kibali_lang=sw', 'sw'],
  ])('the language cookie %s gives the page in %s', async (cookie, language) => {
    const { html } = await get(t, '/home/landing', { cookie });
    expect(html).toContain(`<html lang="${language}">`);
    expect(html).toContain(`data-rendered-language="${language}"`);
    expect(html).toContain(`<h1>Landing ${language}</h1>`);
  });

  test.each(['/', '/home'])('%s, which redirects to /home/landing, is that page at once', async (url) => {
    const landing = await get(t, '/home/landing', { cookie: 'kibali_lang=sw' });
    const { res, html } = await get(t, url, { cookie: 'kibali_lang=sw' });
    expect(res.statusCode).toBe(200);
    expect(html).toBe(landing.html);
  });

  test('under maintenance the landing page is the app, not rendered: only the app shows the maintenance page', async () => {
    const down = await createTestApp({ STATIC_DIR: path.join(dist, 'client'), SUPPORT_PHONE, MAINTENANCE_MODE: true });
    try {
      for (const url of ['/', '/home/landing']) {
        const { res, html } = await get(down, url);
        expect(res.statusCode).toBe(200);
        expect(html).toContain('<div id="root"></div>');
        expect(html).not.toContain('data-rendered-path');
        expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/app-7a8b9c.js">');
      }
    } finally {
      await down.close();
    }
  });

  test.each(['/home/engineers', '/home/new?type=government', '/dashboard/application', '/index.html'])(
    '%s is the app, with the page settings and its files preloaded, nothing rendered',
    async (url) => {
      const { res, html } = await get(t, url, { cookie: 'kibali_lang=sw' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(html).toContain('<html lang="en">');
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/app-7a8b9c.js">');
      expect(settingsOf(html)?.support_phone).toBe(SUPPORT_PHONE);
    },
  );

  /** The files a page preloads beyond index.html's own, in order: `rel href`. */
  const preloadsOf = (html: string) =>
    [...html.matchAll(/<link rel="(modulepreload|stylesheet)"[^>]*href="([^"]+)">/g)]
      .map((m) => `${m[1]} ${m[2]}`)
      .filter((link) => !INDEX_HTML.includes(link.split(' ')[1]!));

  test('each page preloads its own files and texts, each once, after index.html’s own; stylesheets as such', async () => {
    const engineers = await get(t, '/home/engineers');
    expect(preloadsOf(engineers.html)).toEqual([
      'stylesheet /assets/EngineersPage-666.css',
      'modulepreload /assets/EngineersPage-555.js',
    ]);
    // The page's scripts come after the app's (low priority); its stylesheet as a stylesheet.
    expect(engineers.html).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/EngineersPage-555.js">',
    );

    // Themed, then what it imports, then the wizard; a module the build does not know is left out.
    const wizard = await get(t, '/home/new/');
    expect(preloadsOf(wizard.html)).toEqual([
      'modulepreload /assets/Themed-222.js',
      'modulepreload /assets/mui-core-111.js',
      'modulepreload /assets/WizardPage-333.js',
      'modulepreload /assets/WizardFlow-444.js',
      'modulepreload /assets/forms-en.js',
      expect.stringMatching(/^modulepreload \/api\/forms\/validators\/personal\.js\?v=/),
    ]);
  });

  test.each(['/home/new', '/home/new?type=government', '/home/maintenance', '/home/no_drawings'])(
    '%s preloads the current validator of its flow’s first step (the one the wizard will ask for)',
    async (url) => {
      const validator = preloadsOf((await get(t, url)).html)
        .find((link) => link.includes('/api/forms/'))
        ?.split(' ')[1];
      expect(validator).toMatch(/^\/api\/forms\/validators\/personal\.js\?v=/);
      const res = await t.app.inject({ method: 'GET', url: validator! });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      // Only the current version is answered for good.
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    },
  );

  test('the texts preloaded are those of the session’s language (Swahili: its common texts too)', async () => {
    const { res, html } = await get(t, '/home/new', { cookie: 'kibali_lang=sw' });
    expect(String(res.headers.vary)).toContain('Cookie');
    const links = preloadsOf(html);
    expect(links).toContain('modulepreload /assets/common-sw.js');
    expect(links).toContain('modulepreload /assets/forms-sw.js');
    expect(links).not.toContain('modulepreload /assets/forms-en.js');
  });

  test.each(['/home/faq', '/no/such/page', '/home/new/more'])('%s: nothing of another page preloaded', async (url) => {
    expect(preloadsOf((await get(t, url)).html)).toEqual([]);
  });

  test('the build’s manifest is not served', async () => {
    const { res, html } = await get(t, '/.vite/manifest.json');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html).not.toContain('WizardPage-333');
  });

  test('compressed as asked, the same page; revalidated by its ETag', async () => {
    const plain = await get(t, '/home/landing');
    const br = await t.app.inject({ method: 'GET', url: '/home/landing', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.html);
    const gz = await t.app.inject({ method: 'GET', url: '/home', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.html);

    const etag = String(plain.res.headers.etag);
    const again = await get(t, '/home/landing', { 'if-none-match': etag });
    expect(again.res.statusCode).toBe(304);
    expect(again.html).toBe('');
    const otherLanguage = await get(t, '/home/landing', { 'if-none-match': etag, cookie: 'kibali_lang=sw' });
    expect(otherLanguage.res.statusCode).toBe(200);
  });

  test('a new year renders the page again, with its year', async () => {
    const year = new Date().getFullYear();
    fakeDate(new Date(year + 1, 0, 1, 0, 0, 5));
    // The first request of the new year starts the render and gets last year's page meanwhile: its
    // settings are those it was rendered with, so the app can take it over as it is.
    const first = await get(t, '/home/landing');
    expect(rootOf(first.html)?.[0]).toContain(`<p class="year">${String(settingsOf(first.html)?.year)}</p>`);
    await vi.waitFor(
      async () => {
        const { html } = await get(t, '/home/landing');
        expect(rootOf(html)?.[0]).toContain(`<p class="year">${year + 1}</p>`);
        expect(settingsOf(html)?.year).toBe(year + 1);
      },
      { timeout: 15_000, interval: 100 },
    );
  });
});

describe('without a usable server bundle', () => {
  test.each([
    ['no bundle', undefined],
    ['a bundle that fails', 'export function renderPage() { throw new Error("broken render"); }'],
    ['a bundle that does not load', 'this is not JavaScript'],
  ])('%s: the landing page is the app, which renders it in the browser', async (_name, bundle) => {
    const dist = builtClient(bundle);
    const t = await createTestApp({ STATIC_DIR: path.join(dist, 'client'), SUPPORT_PHONE });
    try {
      const { res, html } = await get(t, '/home/landing');
      expect(res.statusCode).toBe(200);
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('data-rendered-path');
      expect(settingsOf(html)?.support_phone).toBe(SUPPORT_PHONE);
    } finally {
      await t.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
