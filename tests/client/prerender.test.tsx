import { act, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/client/app/App';
import { createI18n, setAppI18n } from '../../src/client/app/i18n';
import { makeStore } from '../../src/client/app/store';
import { prefetchSplash } from '../../src/client/app/splash-api';
import { renderPage } from '../../src/client/prerender';
import { telHref } from '../../src/client/components/contact';
import type { Language } from '../../src/shared/reference-data';
import type { PageSettings } from '../../src/shared/served-page';
import { allTexts } from './locales';
import { testRouter } from './test-router';
import { textsIn } from './texts';

/** Not the defaults: the page must show the server's settings, not the app's fallbacks. */
const settings: PageSettings = { support_phone: '+255 24 555 0101', whatsapp_number: '255777123456', year: 2031 };

let mounted: { root: Root; container: HTMLElement } | undefined;
afterEach(async () => {
  await act(async () => mounted?.root.unmount());
  mounted?.container.remove();
  mounted = undefined;
  vi.restoreAllMocks();
});

/**
 * The server's landing page in the document, then taken over by the app as main.tsx does it: the same
 * store (its first call already made), texts and settings, the state before that call as the server's.
 */
async function serveThenHydrate(language: Language) {
  const { html, title } = renderPage('/home/landing', language, settings);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const served = { lead: container.querySelector('.k-lead'), page: container.firstElementChild };

  const recoverable: unknown[] = [];
  const consoleErrors = vi.spyOn(console, 'error');
  const store = makeStore();
  const serverState = store.getState();
  prefetchSplash(store);
  const i18n = createI18n(language, allTexts);
  setAppI18n(i18n);
  const { element } = testRouter('/home/landing');
  let root!: Root;
  await act(async () => {
    root = hydrateRoot(
      container,
      <App store={store} i18n={i18n} pageSettings={settings} serverState={serverState}>
        {element}
      </App>,
      { onRecoverableError: (error) => recoverable.push(error) },
    );
  });
  mounted = { root, container };
  return { container, served, title, recoverable, consoleErrors };
}

describe('the landing page as the server renders it', () => {
  it.each(['en', 'sw'] as Language[])('is readable before the app starts, in %s', (language) => {
    const t = textsIn(language);
    const { html, title } = renderPage('/home/landing', language, settings);
    const page = document.createElement('div');
    page.innerHTML = html;

    expect(title).toBe(t('titles.suffix', { page: t('titles.landing') }));
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent(t('landing.title'));
    const boxes = within(page).getByRole('list', { name: t('landing.boxes') });
    expect(
      within(boxes)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/home/request', '/home/login', '/home/terms_conditions']);
    // The server's settings, not the app's fallbacks.
    const call = within(page).getByRole('link', { name: t('topbar.call', { phone: settings.support_phone }) });
    expect(call).toHaveAttribute('href', telHref(settings.support_phone));
    expect(page.querySelector('.k-whatsapp')?.getAttribute('href')).toContain(`wa.me/${settings.whatsapp_number}?`);
    expect(page).toHaveTextContent(t('footer.copyright', { year: settings.year }));
    // Nothing of what loads later: no loading view, no progress bar.
    expect(within(page).queryByRole('status')).not.toBeInTheDocument();
    expect(within(page).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('refuses a page it does not render', () => {
    expect(() => renderPage('/home/engineers', 'en', settings)).toThrow('/home/engineers');
  });

  it.each(['en', 'sw'] as Language[])(
    'is taken over by the app as it is, in %s: the same elements, no mismatch, then the app at work',
    async (language) => {
      const t = textsIn(language);
      const { container, served, recoverable, consoleErrors } = await serveThenHydrate(language);

      expect(recoverable).toEqual([]);
      expect(consoleErrors).not.toHaveBeenCalled(); // React reports a mismatched attribute this way
      expect(container.querySelector('.k-lead')).toBe(served.lead);
      expect(container.firstElementChild).toBe(served.page);

      // The app is at work: the reference data is loading (the progress bar), then loaded.
      await waitFor(() => expect(within(container).queryByRole('progressbar')).not.toBeInTheDocument());
      await act(async () => {
        within(container).getByLabelText(t('nav.open_menu')).click();
      });
      expect(within(container).getAllByRole('navigation', { name: t('nav.label') })).toHaveLength(2);
      expect(screen.getByRole('link', { name: t('topbar.call', { phone: settings.support_phone }) })).toBe(
        within(container).getByRole('link', { name: t('topbar.call', { phone: settings.support_phone }) }),
      );
    },
  );
});
