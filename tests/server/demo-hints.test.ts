import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../../src/server/config';
import type { Splash } from '../../src/shared/reference-data';
import { createTestApp, databaseKinds, post, type Envelope, type TestApp } from './helpers';

/**
 * Issue 17, item 10: the README's test ID numbers are a demo hint. The published forms carry none (they
 * are the same on every server); the server says whether its pages may show demo hints, and only a
 * demonstration or development server does.
 */
describe.each(databaseKinds)('demo hints (%s)', (kind) => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  const served = async (overrides: Partial<Config>) => {
    t = await createTestApp(overrides, { kind });
    const splash = (await post<Envelope<Splash>>(t.app, '/api/splash/get_splash', {})).body!.response.data;
    const forms = await post(t.app, '/api/forms/get_forms', {});
    return { site: splash.site, formsText: JSON.stringify(forms.body) };
  };

  it('production without DEMO_MODE serves no demo hint, in the forms or the site settings', async () => {
    const { site, formsText } = await served({ NODE_ENV: 'production', DEMO_MODE: false });
    expect(site.demo_hints).toBe(false);
    expect(formsText).not.toMatch(/README/);
    expect(formsText).not.toMatch(/test ID numbers|namba za majaribio/);
  });

  it('production with a real ZanID registry serves none even in DEMO_MODE', async () => {
    const { site } = await served({
      NODE_ENV: 'production',
      DEMO_MODE: true,
      IDENTITY_REGISTRY_URL: 'https://registry.example.test/zanid',
    });
    expect(site.demo_hints).toBe(false);
  });

  it('DEMO_MODE=1 in production and development both tell the pages to show demo hints', async () => {
    expect((await served({ NODE_ENV: 'production', DEMO_MODE: true })).site.demo_hints).toBe(true);
    await t!.close();
    const development = await served({ NODE_ENV: 'development', DEV_TOOLS: true });
    expect(development.site.demo_hints).toBe(true);
    expect(development.formsText).not.toMatch(/README/);
  });
});
