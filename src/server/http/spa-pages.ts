import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGES, type Language, type SiteSettings } from '../../shared/reference-data';
import {
  LANGUAGE_COOKIE,
  PAGE_SETTINGS_META,
  RENDERED_LANGUAGE_ATTRIBUTE,
  RENDERED_PATH_ATTRIBUTE,
  type PageSettings,
  type RenderedPage,
} from '../../shared/served-page';
import { chosenEncoding } from './cached-answer';

/** How long the landing page's render may take at start before the server goes on without it. */
const RENDER_TIMEOUT_MS = 15_000;

/**
 * Renders pages with the client's server bundle (dist/prerender/prerender.js) in a process of its own:
 * React's server renderer and the app's code stay out of the server's memory (~20 MB), for a render
 * made once at start (and once a year, for the footer's year).
 */
function renderInChild(bundle: string, jobs: { path: string; language: Language; settings: PageSettings }[]) {
  const script = `
    const [, bundle] = process.argv;
    const { renderPage } = await import(bundle);
    const jobs = JSON.parse(await new Response(process.stdin).text());
    process.stdout.write(JSON.stringify(jobs.map((j) => renderPage(j.path, j.language, j.settings))));`;
  return new Promise<RenderedPage[]>((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--input-type=module', '-e', script, pathToFileURL(bundle).href],
      { env: { PATH: process.env.PATH, NODE_ENV: 'production' }, timeout: RENDER_TIMEOUT_MS, maxBuffer: 16 << 20 },
      (error, stdout) => {
        if (error) reject(error);
        else resolve(JSON.parse(stdout) as RenderedPage[]);
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
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
  };
}

/**
 * The built client's index.html with the server's page settings in it (every page of the app), and
 * pages the server renders ready to read: the landing page, in each language, which the app takes over
 * as it starts (src/client/main.tsx). Pages a server renders are the one part of the app that shows
 * before its scripts have arrived, which on a slow network is most of the wait.
 */
export class SpaPages {
  private shell: { year: number; page: Variant } | undefined;
  private landing: { year: number; pages: Map<Language, Variant> } | undefined;
  private rendering: Promise<void> | undefined;
  private readonly template: string;
  private readonly bundle: string;

  constructor(
    staticDir: string,
    private readonly site: SiteSettings,
    private readonly log: FastifyBaseLogger,
  ) {
    this.template = readFileSync(path.join(staticDir, 'index.html'), 'utf8');
    this.bundle = path.join(staticDir, '..', 'prerender', 'prerender.js');
  }

  /** Renders the landing page for this year; resolves when done or given up (the shell is sent meanwhile). */
  async prepare(): Promise<void> {
    const year = new Date().getFullYear();
    if (this.landing?.year === year || !existsSync(this.bundle)) return;
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
      LANGUAGES.forEach((language, i) => pages.set(language, variant(this.page(settings, language, rendered[i]!))));
      this.landing = { year, pages };
    } catch (error) {
      this.log.warn({ err: { message: (error as Error).message } }, 'the landing page could not be rendered');
    }
  }

  private settings(year: number): PageSettings {
    return { support_phone: this.site.support_phone, whatsapp_number: this.site.whatsapp_number, year };
  }

  /** index.html with the page settings, and when given a rendered page: its language, title and content. */
  private page(settings: PageSettings, language?: Language, rendered?: RenderedPage): string {
    const meta = `<meta name="${PAGE_SETTINGS_META}" content="${escapeAttribute(JSON.stringify(settings))}" />`;
    let html = this.template.includes('</head>')
      ? this.template.replace(/\n?([ \t]*)<\/head>/, `\n$1  ${meta}\n$1</head>`)
      : this.template.replace(/(<!doctype html>)?/i, `$1${meta}`);
    if (language && rendered) {
      html = html
        .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
        // The page is readable without the app: its files are asked for once it has painted (boot.ts).
        .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(rendered.title)}</title>`)
        .replace(
          '<div id="root"></div>',
          `<div id="root" ${RENDERED_PATH_ATTRIBUTE}="/home/landing" ${RENDERED_LANGUAGE_ATTRIBUTE}="${language}">${rendered.html}</div>`,
        );
    }
    return html;
  }

  private shellPage(): Variant {
    const year = new Date().getFullYear();
    if (this.shell?.year !== year) this.shell = { year, page: variant(this.page(this.settings(year))) };
    return this.shell.page;
  }

  /** The landing page in the language of the visitor's session (its cookie), else English. */
  private landingPage(request: FastifyRequest): Variant | undefined {
    if (this.landing?.year !== new Date().getFullYear()) void this.prepare();
    const chosen = request.cookies[LANGUAGE_COOKIE];
    const language = LANGUAGES.find((lng) => lng === chosen) ?? 'en';
    return this.landing?.pages.get(language);
  }

  /** Sends the landing page (for '/', '/home' and '/home/landing'), or any other page of the app. */
  send(request: FastifyRequest, res: FastifyReply, which: 'landing' | 'app'): FastifyReply {
    const page = (which === 'landing' && this.landingPage(request)) || this.shellPage();
    res
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Vary', which === 'landing' ? 'Accept-Encoding, Cookie' : 'Accept-Encoding')
      .header('ETag', page.etag);
    const match = request.headers['if-none-match'];
    if (match && match.split(',').some((tag) => tag.trim() === page.etag)) return res.code(304).send();
    const encoding = chosenEncoding(request);
    if (encoding) return res.header('Content-Encoding', encoding).send(page[encoding]);
    return res.send(page.html);
  }
}
