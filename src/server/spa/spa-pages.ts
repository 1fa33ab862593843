import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGES, type Language, type SiteSettings } from '../../shared/reference-data';
import {
  LANGUAGE_COOKIE,
  LANGUAGE_PLACEHOLDER,
  PAGE_SETTINGS_META,
  RENDERED_LANGUAGE_ATTRIBUTE,
  RENDERED_PAGES,
  RENDERED_PATH_ATTRIBUTE,
  type PageSettings,
  type RenderedPage,
} from '../../shared/served-page';
import { filesOf, readBuildManifest, type BuildManifest } from './build-manifest';
import { chosenEncoding, textEtag } from '../http/cached-answer';

/** How long the landing page's render may take at start before the server goes on without it. */
const RENDER_TIMEOUT_MS = 15_000;
/** Pages of the app kept ready to send (a page and its preloads, per version of its data's). */
const KEPT_PAGES = 64;

/** What the client's server bundle answers: the rendered pages asked for, and every page's modules. */
interface Rendered {
  pages: RenderedPage[];
  modules: Record<string, string[]>;
}

/**
 * Renders pages with the client's server bundle (dist/prerender/prerender.js) in a process of its own:
 * React's server renderer and the app's code stay out of the server's memory (~20 MB), for a render
 * made once at start (and once a year, for the footer's year).
 */
function renderInChild(bundle: string, jobs: { path: string; language: Language; settings: PageSettings }[]) {
  const script = `
    const [, bundle] = process.argv;
    const { renderPage, modulesByPath } = await import(bundle);
    const jobs = JSON.parse(await new Response(process.stdin).text());
    const pages = jobs.map((j) => renderPage(j.path, j.language, j.settings));
    process.stdout.write(JSON.stringify({ pages, modules: modulesByPath() }));`;
  return new Promise<Rendered>((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--input-type=module', '-e', script, pathToFileURL(bundle).href],
      { env: { PATH: process.env.PATH, NODE_ENV: 'production' }, timeout: RENDER_TIMEOUT_MS, maxBuffer: 16 << 20 },
      (error, stdout) => {
        if (error) reject(new Error(error.message, { cause: error }));
        else resolve(JSON.parse(stdout) as Rendered);
      },
    );
    child.stdin?.end(JSON.stringify(jobs));
  });
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A page as sent: its HTML, compressed once, and its ETag. */
interface Variant {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

function variant(html: string): Variant {
  const body = Buffer.from(html);
  return {
    html: body,
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(body, { level: 9 }),
    etag: textEtag(body),
  };
}

/** What a page asks for first beside its files (the wizard's first validator), by URL path and query. */
export type DataPreloads = (pathname: string, search: URLSearchParams) => Promise<string[]>;

/** The path of a request's URL, without a trailing slash ('/home/new/' is '/home/new'), and its query. */
function pageUrl(request: FastifyRequest): { pathname: string; search: URLSearchParams } {
  const url = new URL(request.url, 'http://page');
  return { pathname: url.pathname.replace(/(.)\/+$/, '$1'), search: url.searchParams };
}

/**
 * The built client's index.html with the server's page settings in it, and for each page of the app
 * its own files preloaded (`<link rel="modulepreload">` for the lazily loaded modules of its route, from
 * the build's manifest, and what it asks for first, e.g. the wizard's first validator): the browser
 * fetches them beside the app's own files instead of after the app has started. And pages the server
 * renders ready to read: the landing page, in each language, which the app takes over once the visitor
 * reaches for it (src/client/boot.ts, main.tsx). Pages a server renders are the one part of the app that shows before its
 * scripts have arrived, which on a slow network is most of the wait.
 */
export class SpaPages {
  private landing: { year: number; pages: Map<Language, Variant> } | undefined;
  private modules: Record<string, string[]> = {};
  private rendering: Promise<void> | undefined;
  private readonly pages = new Map<string, Variant>();
  private readonly template: string;
  private readonly bundle: string;
  private readonly manifest: BuildManifest | undefined;
  /** The files index.html itself loads: not preloaded a second time. */
  private readonly inTemplate: Set<string>;
  private readonly dataPreloads: DataPreloads;
  /** Whether the landing page is sent rendered (not under maintenance, which only the app shows). */
  private readonly renderPages: boolean;

  constructor(
    staticDir: string,
    private readonly site: SiteSettings,
    private readonly log: FastifyBaseLogger,
    { dataPreloads, renderPages = true }: { dataPreloads?: DataPreloads; renderPages?: boolean } = {},
  ) {
    this.dataPreloads = dataPreloads ?? (async () => []);
    this.renderPages = renderPages;
    this.template = readFileSync(path.join(staticDir, 'index.html'), 'utf8');
    this.bundle = path.join(staticDir, '..', 'prerender', 'prerender.js');
    this.manifest = readBuildManifest(staticDir);
    this.inTemplate = new Set([...this.template.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]!));
  }

  /** Renders the landing page for this year; resolves when done or given up (the shell is sent meanwhile). */
  async prepare(): Promise<void> {
    const year = new Date().getFullYear();
    if (this.landing?.year === year || !this.renderPages || !existsSync(this.bundle)) return;
    this.rendering ??= this.render(year).finally(() => (this.rendering = undefined));
    return this.rendering;
  }

  private async render(year: number): Promise<void> {
    const settings = this.settings(year);
    try {
      const rendered = await renderInChild(
        this.bundle,
        LANGUAGES.map((language) => ({ path: '/home/landing', language, settings })),
      );
      const pages = new Map<Language, Variant>();
      LANGUAGES.forEach((language, i) =>
        pages.set(language, variant(this.page(settings, [], language, rendered.pages[i]))),
      );
      this.landing = { year, pages };
      this.modules = rendered.modules;
    } catch (error) {
      this.log.warn({ err: { message: (error as Error).message } }, 'the landing page could not be rendered');
    }
  }

  private settings(year: number): PageSettings {
    return { support_phone: this.site.support_phone, whatsapp_number: this.site.whatsapp_number, year };
  }

  /**
   * index.html with the page settings and `preloads`, and when given a rendered page: its language,
   * title and content.
   */
  private page(settings: PageSettings, preloads: string[], language?: Language, rendered?: RenderedPage): string {
    const head = [
      `<meta name="${PAGE_SETTINGS_META}" content="${escapeAttribute(JSON.stringify(settings))}" />`,
      ...preloads,
    ];
    let html = this.template.replace(/\n?([ \t]*)<\/head>/, (_all, indent: string) =>
      [...head.map((line) => `\n${indent}  ${line}`), `\n${indent}</head>`].join(''),
    );
    if (language && rendered) {
      html = html
        .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
        // The page is whole without the app: its files are asked for once the visitor reaches for it (boot.ts).
        .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(rendered.title)}</title>`)
        .replace(
          '<div id="root"></div>',
          `<div id="root" ${RENDERED_PATH_ATTRIBUTE}="/home/landing" ${RENDERED_LANGUAGE_ATTRIBUTE}="${language}">${rendered.html}</div>`,
        );
    }
    return html;
  }

  /** The `<link>`s of what the page at `pathname` loads first: its route's files and texts, then `data`. */
  private preloads(pathname: string, language: Language, data: string[]): string[] {
    const modules = (this.modules[pathname] ?? []).map((module) => module.replace(LANGUAGE_PLACEHOLDER, language));
    const { scripts, styles } = this.manifest ? filesOf(this.manifest, modules) : { scripts: [], styles: [] };
    // After the app's own files (index.html's, fetched first: the app shows the page's frame while
    // the page's own files still arrive), hence low priority for the scripts.
    const link = (rel: string, href: string, priority = '') =>
      `<link rel="${rel}"${priority} crossorigin href="${escapeAttribute(href)}">`;
    const later = ' fetchpriority="low"';
    return [
      ...styles.filter((file) => !this.inTemplate.has(file)).map((file) => link('stylesheet', `/${file}`)),
      ...scripts.filter((file) => !this.inTemplate.has(file)).map((file) => link('modulepreload', `/${file}`, later)),
      ...data.map((url) => link('modulepreload', url, later)),
    ];
  }

  /**
   * The app's page for `pathname`, with its preloads (its texts in `language`), made once per year and
   * per set of preloads.
   */
  private async appPage(pathname: string, search: URLSearchParams, language: Language): Promise<Variant> {
    const year = new Date().getFullYear();
    let data: string[] = [];
    try {
      data = await this.dataPreloads(pathname, search);
    } catch (error) {
      // The page works without (the database is away, say): it asks for the data itself.
      this.log.warn({ err: { message: (error as Error).message } }, 'the preloads of a page could not be found');
    }
    const known = Object.hasOwn(this.modules, pathname) ? pathname : '';
    const key = `${year} ${language} ${known} ${data.join(' ')}`;
    let page = this.pages.get(key);
    if (!page) {
      page = variant(this.page(this.settings(year), this.preloads(known, language, data)));
      this.pages.set(key, page);
      while (this.pages.size > KEPT_PAGES) this.pages.delete(this.pages.keys().next().value!);
    }
    return page;
  }

  /** The landing page in `language`, once rendered. */
  private landingPage(language: Language): Variant | undefined {
    if (!this.renderPages) return undefined;
    if (this.landing?.year !== new Date().getFullYear()) void this.prepare();
    return this.landing?.pages.get(language);
  }

  /**
   * Sends the page of the app at the request's URL, in the language of the visitor's session (its
   * cookie), else English: the landing page rendered, any other page to be, with its files preloaded.
   */
  async send(request: FastifyRequest, res: FastifyReply): Promise<FastifyReply> {
    const { pathname, search } = pageUrl(request);
    const chosen = request.cookies[LANGUAGE_COOKIE];
    const language = LANGUAGES.find((lng) => lng === chosen) ?? 'en';
    const landing = RENDERED_PAGES['/home/landing']?.includes(pathname) ? this.landingPage(language) : undefined;
    const page = landing ?? (await this.appPage(pathname, search, language));
    res
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding, Cookie')
      .header('ETag', page.etag);
    const match = request.headers['if-none-match'];
    if (match && match.split(',').some((tag) => tag.trim() === page.etag)) return res.code(304).send();
    const encoding = chosenEncoding(request);
    if (encoding) return res.header('Content-Encoding', encoding).send(page[encoding]);
    return res.send(page.html);
  }
}
