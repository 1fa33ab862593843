import { lazy } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../src/client/app/i18n';
import { trackPageLoad } from '../../src/client/app/page-loads';
import { makeStore } from '../../src/client/app/store';
import { PageBoundary } from '../../src/client/components/PageBoundary';
import { ProgressBar } from '../../src/client/components/ProgressBar';
import type { Language } from '../../src/shared/reference-data';
import { allTexts } from './locales';
import { en, textsIn } from './texts';

afterEach(() => vi.restoreAllMocks());

function Providers({ language = 'en', children }: { language?: Language; children: React.ReactNode }) {
  return (
    <Provider store={makeStore()}>
      <I18nextProvider i18n={createI18n(language, allTexts)}>{children}</I18nextProvider>
    </Provider>
  );
}

describe('a page that is loading', () => {
  it('shows the progress bar until its files are in', async () => {
    let arrive!: () => void;
    const files = new Promise<void>((resolve) => (arrive = resolve));
    render(
      <Providers>
        <MemoryRouter>
          <ProgressBar />
        </MemoryRouter>
      </Providers>,
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    const loaded = trackPageLoad(files);
    expect(await screen.findByRole('progressbar', { name: en('progress.label') })).toBeInTheDocument();

    await act(async () => {
      arrive();
      await loaded;
    });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});

describe('a page that cannot be loaded (a dropped connection)', () => {
  const Broken = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));

  function GoHome() {
    const navigate = useNavigate();
    return (
      <button type="button" onClick={() => void navigate('/home')}>
        Home
      </button>
    );
  }

  it.each(['en', 'sw'] as Language[])(
    'says so in %s in place of the page, with Reload, and the next page shows',
    async (language) => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the caught error
      const reload = vi.fn();
      vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
      const t = textsIn(language);
      const user = userEvent.setup();
      render(
        <Providers language={language}>
          <MemoryRouter initialEntries={['/broken']}>
            <GoHome />
            <PageBoundary>
              <Routes>
                <Route path="/broken" element={<Broken />} />
                <Route path="/home" element={<h1>Home page</h1>} />
              </Routes>
            </PageBoundary>
          </MemoryRouter>
        </Providers>,
      );

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(t('page_error.title'));
      expect(alert).toHaveTextContent(t('page_error.body'));
      await user.click(screen.getByRole('button', { name: t('page_error.retry') }));
      expect(reload).toHaveBeenCalledOnce();

      await user.click(screen.getByRole('button', { name: 'Home' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Home page' })).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
  );
});
