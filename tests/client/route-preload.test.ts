import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createI18n, setAppI18n } from '../../src/client/app/i18n';
import { modulesByPath, preloadRoute } from '../../src/client/app/routes';
import { makeStore } from '../../src/client/app/store';
import { allTexts } from './locales';
import { server } from './msw-server';

// As the app starts, preloadRoute asks for the data the page at the URL opens with, beside its files,
// instead of one after another (files, then the page, then its data).

let calls: { path: string; body: unknown }[] = [];

beforeEach(() => {
  calls = [];
  setAppI18n(createI18n('en', allTexts));
  server.events.on('request:start', ({ request }) => {
    const path = new URL(request.url).pathname;
    void request
      .clone()
      .text()
      .then((text) => calls.push({ path, body: text ? (JSON.parse(text) as unknown) : undefined }));
  });
});
afterEach(() => server.events.removeAllListeners());

/** The calls made within a moment of preloading `url` (they start at once). */
async function callsFor(url: string) {
  const { pathname, search } = new URL(url, 'http://localhost');
  preloadRoute({ pathname, search }, makeStore());
  await new Promise((resolve) => setTimeout(resolve, 50));
  return calls;
}

describe('preloading the page of the URL the app starts at', () => {
  it.each(['/home/new', '/home/new?type=government', '/home/maintenance', '/home/no_drawings', '/home/continue_form'])(
    '%s: the wizard’s forms',
    async (url) => {
      expect((await callsFor(url)).map((c) => c.path)).toEqual(['/api/forms/get_forms']);
    },
  );

  it('/home/engineers?q=…&role=…&page=…&size=…: the list the page opens with', async () => {
    const found = await callsFor('/home/engineers?q=ali&role=architect&page=2&size=25');
    expect(found).toEqual([
      {
        path: '/api/engineer/get_engineers',
        body: { search: 'ali', role: 'architect', page: 2, page_size: 25 },
      },
    ]);
  });

  it('/home/engineers with a hand-edited query: only what the server accepts is asked for', async () => {
    const found = await callsFor('/home/engineers?role=DROP%20TABLE&page=-3&size=7');
    expect(found).toEqual([{ path: '/api/engineer/get_engineers', body: { page: 1, page_size: 10 } }]);
  });

  it.each(['/home/landing', '/home/faq', '/home/about', '/home/login', '/dashboard/application', '/no/such/page'])(
    '%s: no data call of its own',
    async (url) => {
      expect(await callsFor(url)).toEqual([]);
    },
  );
});

describe('the modules of each page, for the server to preload', () => {
  const modules = modulesByPath();

  it('names every page of the routes, each with its layouts’ modules and texts before its own', () => {
    expect(modules['/home/landing']).toEqual(['locales/{language}/common.json']);
    expect(modules['/home/engineers']).toEqual([
      'locales/{language}/common.json',
      'src/client/features/engineers/EngineersPage.tsx',
    ]);
    expect(modules['/home/new']).toEqual([
      'locales/{language}/common.json',
      'src/client/app/Themed.tsx',
      'src/client/features/wizard/WizardPage.tsx',
      'locales/{language}/validation.json',
    ]);
    expect(modules['/dashboard/profile']).toEqual([
      'locales/{language}/common.json',
      'src/client/features/dashboard/DashboardLayout.tsx',
      'locales/{language}/dashboard.json',
      'src/client/features/dashboard/ProfilePage.tsx',
      'locales/{language}/validation.json',
    ]);
    expect(Object.keys(modules)).not.toContain('*');
  });

  it('names only files that exist', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const files = new Set(Object.values(modules).flat());
    for (const file of files) {
      expect(existsSync(path.join(root, file.replace('{language}', 'en'))), file).toBe(true);
      expect(existsSync(path.join(root, file.replace('{language}', 'sw'))), file).toBe(true);
    }
  });
});
