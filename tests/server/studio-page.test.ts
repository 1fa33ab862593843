import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

// The form studio's page as the server sends it (src/server/spa/studio-page.ts, security-headers.ts):
// studio.html for /studio and every page under it, never stored nor indexed, framed by nobody but
// for the preview frame's page, which only the portal's own pages may frame.

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>Kibali</title></head><body><div id="root"></div></body></html>\n';
const STUDIO_HTML =
  '<!doctype html><html lang="en"><head><title>Kibali form studio</title>' +
  '<script type="module" crossorigin src="/assets/studio/studio-1a2b.js"></script></head>' +
  '<body><div id="root"></div></body></html>\n';

const directive = (csp: unknown, name: string) =>
  String(csp)
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe('the studio page', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'kibali-studio-'));
    mkdirSync(path.join(dist, 'assets', 'studio'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(dist, 'studio.html'), STUDIO_HTML);
    writeFileSync(path.join(dist, 'assets', 'studio', 'studio-1a2b.js'), 'export {};\n');
    t = await createTestApp({ STATIC_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  test.each([
    '/studio',
    '/studio/',
    '/studio/diff',
    '/studio/step/construction',
    '/studio/history?x=1',
    // The officers' workspace is a part of the same staff app.
    '/office',
    '/office/',
    '/office/applications/K7PQ2-M9XHT',
    '/office?stage=returned&q=0777',
  ])('%s is studio.html, no-store, noindex, framed by nobody', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(STUDIO_HTML);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(directive(res.headers['content-security-policy'], 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(res.headers['content-security-policy'], 'script-src')).toBe("script-src 'self'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  test.each(['/studio/preview', '/studio/preview?lng=sw', '/studio/preview/'])(
    '%s may be framed by the portal itself, by nobody else',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(STUDIO_HTML);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      const csp = res.headers['content-security-policy'];
      expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'self'");
      // The rest of the policy is the app's.
      expect(directive(csp, 'script-src')).toBe("script-src 'self'");
      expect(directive(csp, 'default-src')).toBe("default-src 'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    },
  );

  test('a page whose name only starts like the preview is framed by nobody (attack: /studio/previewer)', async () => {
    for (const url of ['/studio/previewer', '/studio/preview/x', '/studio/diff?next=/studio/preview']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(directive(res.headers['content-security-policy'], 'frame-ancestors'), url).toBe("frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  test("the officers' workspace may show its own fetched files (blob:) in the page; no other page may", async () => {
    for (const url of ['/office', '/office/applications/K7PQ2-M9XHT', '/office/?q=1']) {
      const csp = (await t.app.inject({ method: 'GET', url })).headers['content-security-policy'];
      expect(directive(csp, 'frame-src'), url).toBe("frame-src 'self' blob:");
      expect(directive(csp, 'img-src'), url).toBe("img-src 'self' data: blob:");
      expect(directive(csp, 'frame-ancestors'), url).toBe("frame-ancestors 'none'");
      expect(directive(csp, 'object-src'), url).toBe("object-src 'none'");
    }
    for (const url of ['/home/new', '/studio', '/officer', '/home/office']) {
      const csp = (await t.app.inject({ method: 'GET', url })).headers['content-security-policy'];
      expect(directive(csp, 'frame-src'), url).toBeUndefined();
      expect(directive(csp, 'img-src'), url).toBe("img-src 'self' data:");
    }
  });

  test('the public pages stay framed by nobody, and are not the studio', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/home/new' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Kibali form studio');
    expect(directive(res.headers['content-security-policy'], 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  test('studio.html is not a file of its own (only the studio pages send it, with their headers)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/studio.html' });
    expect(res.body).not.toBe(STUDIO_HTML);
    expect(res.headers['cache-control']).not.toBe('public, max-age=31536000, immutable');
  });

  test('the page is sent compressed when asked, the same page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/studio', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(STUDIO_HTML);
    expect(res.headers.vary).toContain('Accept-Encoding');
  });

  test("the studio's files are hashed assets, kept a year", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/studio/studio-1a2b.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
