import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../src/client/app/browser-storage';
import { showToast, TOAST_HIDE_MS } from '../../src/client/app/ui-slice';
import { mockEngineers, mockSplash } from '../../src/client/mocks/mock-data';
import { LANGUAGE_COOKIE } from '../../src/shared/served-page';
import { server } from './msw-server';
import { renderApp } from './render';
import { en, sw } from './texts';
import { getEngineers } from '../../src/shared/api/engineers';
import { getSplash } from '../../src/shared/api/splash';
import { answerFor, mockCall, refusalFor } from '../../src/client/mocks/mock-call';

const splash = mockSplash();
const applicant = { reference_number: 'KBL-7Q4M-2XZP', first_name: 'Asha', status: 'submitted' };

/** The splash call waits until the test lets it answer. */
function holdSplash() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  server.use(
    mockCall(getSplash, async () => {
      await released;
      return answerFor(getSplash, splash);
    }),
  );
  return release;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const h1 = (name: string) => screen.findByRole('heading', { level: 1, name });
const mainNav = () => screen.getByRole('navigation', { name: en('nav.label') });

async function landingBoxesShown(t = en) {
  await h1(t('landing.title'));
  const boxes = screen.getByRole('list', { name: t('landing.boxes') });
  const titles = within(boxes)
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);
  expect(titles).toEqual([t('landing.apply.title'), t('landing.status.title'), t('landing.terms.title')]);
}

describe('start-up', () => {
  it('shows Home at once, the reference data loading behind it (the progress bar shows it)', async () => {
    const release = holdSplash();
    renderApp('/home/landing');

    await landingBoxesShown();
    expect(screen.getByRole('progressbar', { name: en('progress.label') })).toBeInTheDocument();
    expect(screen.queryByText(en('loading.reference_data'))).not.toBeInTheDocument();
    // The title is set by an effect once the page's texts are in: waited for, not read at once.
    await waitFor(() => expect(document.title).toBe(en('titles.suffix', { page: en('titles.landing') })));

    release();
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    await landingBoxesShown();
  });

  it('shows the loading view on a page that needs the reference data while it is pending, then the page', async () => {
    const release = holdSplash();
    renderApp('/home/faq');

    const loading = await screen.findByRole('status');
    expect(loading).toHaveTextContent(en('loading.reference_data'));
    expect(screen.getByRole('progressbar', { name: en('progress.label') })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();

    release();

    expect(await h1(en('faq.title'))).toBeInTheDocument();
    expect(screen.queryByText(en('loading.reference_data'))).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    await waitFor(() => expect(document.title).toBe(en('titles.suffix', { page: en('titles.faq') })));
  });

  it.each([
    ['apply', '/home/request', 'request.title'],
    ['status', '/home/login', 'titles.view'],
    ['terms', '/home/terms_conditions', 'pages:terms.title'],
  ])('links the %s box of Home to %s', async (box, path, titleKey) => {
    const { user, router } = renderApp('/home/landing');
    await user.click(await screen.findByRole('link', { name: en(`landing.${box}.action`) }));
    expect(await h1(en(titleKey))).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('shows an error with Retry when the reference data cannot be loaded, and the page after a retry', async () => {
    server.use(mockCall(getSplash, () => HttpResponse.error()));
    const { user } = renderApp('/home/faq');

    expect(await screen.findByText(en('load_error.title'))).toBeInTheDocument();
    expect(screen.getByText(en('load_error.body'))).toBeInTheDocument();
    expect(await screen.findByText(en('errors.network'))).toBeInTheDocument();

    server.resetHandlers(); // the network is back
    await user.click(screen.getByRole('button', { name: en('load_error.retry') }));

    expect(await h1(en('faq.title'))).toBeInTheDocument();
    expect(screen.queryByText(en('load_error.title'))).not.toBeInTheDocument();
  });

  it('shows the maintenance page on 503 maintenance, and the portal again after Try again', async () => {
    server.use(
      mockCall(getSplash, () =>
        refusalFor(getSplash, 'maintenance', "We're Under Maintenance, please check back later.", {
          maintenance: true,
        }),
      ),
    );
    const { user, store } = renderApp('/home/landing');

    expect(await h1(en('maintenance.title'))).toBeInTheDocument();
    expect(screen.getByText(en('maintenance.message'))).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument(); // no toast for maintenance
    expect(store.getState().ui.toasts).toEqual([]);

    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: en('maintenance.retry') }));

    await landingBoxesShown();
  });
});

describe('language', () => {
  it('switches to Swahili: the page, <html lang> and the session remember it', async () => {
    // Only English in the first script, as the app starts: Swahili is loaded when chosen.
    const { user, i18n } = renderApp('/home/landing', { texts: 'app' });
    await landingBoxesShown();
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.hasResourceBundle('sw', 'common')).toBe(false);

    await user.selectOptions(screen.getByRole('combobox', { name: en('language.label') }), en('language.sw'));

    expect(await h1(sw('landing.title'))).toBeInTheDocument();
    await landingBoxesShown(sw);
    expect(
      within(screen.getByRole('navigation', { name: sw('nav.label') })).getByRole('link', {
        name: sw('nav.engineers'),
      }),
    ).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('sw');
    expect(sessionStorage.getItem(STORAGE_KEYS.language)).toBe('sw');
    await waitFor(() => expect(document.title).toBe(sw('titles.suffix', { page: sw('titles.landing') })));
  });

  it.each([
    ['sw', sw],
    ['fr', en],
  ] as const)(
    'opens in the language kept for the session (%s), English when it is not one of ours',
    async (kept, t) => {
      sessionStorage.setItem(STORAGE_KEYS.language, kept);
      renderApp('/home/landing', { texts: 'app' });
      expect(await h1(t('landing.title'))).toBeInTheDocument();
      expect(document.documentElement.lang).toBe(t === sw ? 'sw' : 'en');
    },
  );

  it('keeps the choice in a session cookie too, by which a new tab of the session opens in it', async () => {
    const { user } = renderApp('/home/landing', { texts: 'app' });
    await landingBoxesShown();
    await user.selectOptions(screen.getByRole('combobox', { name: en('language.label') }), en('language.sw'));
    expect(await h1(sw('landing.title'))).toBeInTheDocument();
    // The server renders the landing page in the cookie's language.
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=sw`);
    cleanup();

    // A new tab: its session storage is empty, the browser session's cookie is not.
    sessionStorage.clear();
    renderApp('/home/landing', { texts: 'app' });
    expect(await h1(sw('landing.title'))).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('sw');
  });

  it("prefers the tab's own language to the cookie's", async () => {
    document.cookie = `${LANGUAGE_COOKIE}=sw; Path=/`;
    sessionStorage.setItem(STORAGE_KEYS.language, 'en');
    renderApp('/home/landing', { texts: 'app' });
    expect(await h1(en('landing.title'))).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });

  it('asks the server for messages in the chosen language', async () => {
    const languages: (string | null)[] = [];
    server.use(
      mockCall(getEngineers, ({ request }) => {
        languages.push(request.headers.get('Accept-Language'));
        return answerFor(getEngineers, { items: [], total: 0, page: 1, page_size: 10 });
      }),
    );
    renderApp('/home/engineers', { language: 'sw' });
    expect(await h1(sw('engineers.title'))).toBeInTheDocument();
    await waitFor(() => expect(languages.length).toBeGreaterThan(0));
    expect(new Set(languages)).toEqual(new Set(['sw']));
  });
});

describe('routes and the guard', () => {
  it.each(['/', '/home', '/no/such/page', '/home/nothing'])('takes %s to Home', async (path) => {
    const { router } = renderApp(path);
    await landingBoxesShown();
    expect(router.state.location.pathname).toBe('/home/landing');
  });

  it('sends a visitor without a user from /dashboard/profile to Home and remembers the intended URL', async () => {
    const { router } = renderApp('/dashboard/profile?tab=1');
    await landingBoxesShown();
    expect(router.state.location.pathname).toBe('/home/landing');
    expect(sessionStorage.getItem(STORAGE_KEYS.intendedUrl)).toBe('/dashboard/profile?tab=1');
    expect(screen.queryByRole('button', { name: en('dashboard.logout') })).not.toBeInTheDocument();
  });

  it('opens the dashboard on the application page for a signed-in user, with Logout', async () => {
    const { router } = renderApp('/dashboard', { user: applicant });
    expect(await h1(en('titles.dashboard_application'))).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/application');
    const nav = screen.getByRole('navigation', { name: en('dashboard.nav_label') });
    expect(within(nav).getByRole('link', { name: en('dashboard.application') })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: en('dashboard.logout') })).toBeInTheDocument();
    expect(sessionStorage.getItem(STORAGE_KEYS.intendedUrl)).toBeNull();
  });

  it('keeps the user across a reload of the tab (sessionStorage) and logs out to /home/login', async () => {
    sessionStorage.setItem(STORAGE_KEYS.user, JSON.stringify(applicant));
    const { user, router, store } = renderApp('/dashboard/profile');
    expect(await h1(en('titles.dashboard_profile'))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: en('dashboard.logout') }));

    expect(await h1(en('titles.view'))).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home/login');
    expect(store.getState().session.user).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.intendedUrl)).toBeNull();
  });

  it("goes to the site root when a call answers 'Access denied'", async () => {
    // Any 403 (here the refusal of a request from another site) sends the user to the site root.
    server.use(mockCall(getEngineers, () => refusalFor(getEngineers, 'cross_site_refused', 'Access denied', {})));
    const { router } = renderApp('/home/engineers');

    await landingBoxesShown();
    expect(router.state.location.pathname).toBe('/home/landing');
  });

  it('goes to the top of each new page, and to the target of a hash', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView');
    const { user, router } = renderApp('/home/landing');
    await landingBoxesShown();

    scrollTo.mockClear();
    await user.click(within(mainNav()).getByRole('link', { name: en('nav.faq') }));
    expect(await h1(en('faq.title'))).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));

    await router.navigate('/home/about#main');
    expect(await h1(en('pages:about.title'))).toBeInTheDocument();
    expect(scrollIntoView).toHaveBeenCalledWith(expect.objectContaining({ block: 'start' }));
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(document.getElementById('main'));
  });

  it('shows the top navigation of the spec, in its order', async () => {
    renderApp('/home/landing');
    await landingBoxesShown();
    const names = within(mainNav())
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(
      ['nav.home', 'nav.about', 'nav.engineers', 'nav.faq', 'nav.request', 'nav.view'].map((k) => en(k)),
    );
  });
});

describe('toasts', () => {
  const failingEngineers = () =>
    server.use(
      mockCall(getEngineers, () =>
        refusalFor(getEngineers, 'internal_error', 'The engineers list is resting', { request_id: 'test-request' }),
      ),
    );

  it("shows the server's message as an error toast", async () => {
    failingEngineers();
    const { store } = renderApp('/home/engineers');

    expect(await screen.findByRole('alert')).toHaveTextContent('The engineers list is resting');
    expect(store.getState().ui.toasts).toEqual([
      expect.objectContaining({ severity: 'error', text: 'The engineers list is resting' }),
    ]);
  });

  it('hides a toast after 5000 ms', async () => {
    const { store } = renderApp('/home/faq');
    expect(await h1(en('faq.title'))).toBeInTheDocument();

    // The clock is fake from the moment the toast appears, so the 5 s are exact whatever the machine's load.
    vi.useFakeTimers();
    act(() => {
      store.dispatch(showToast({ severity: 'error', text: 'The engineers list is resting' }));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('The engineers list is resting');

    act(() => {
      vi.advanceTimersByTime(TOAST_HIDE_MS - 1);
    });
    expect(screen.getByRole('alert')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(store.getState().ui.toasts).toEqual([]);
    expect(TOAST_HIDE_MS).toBe(5000);
  });

  it('shows the same message once while it is shown, and a different one beside it', async () => {
    const { store } = renderApp('/home/faq');
    expect(await h1(en('faq.title'))).toBeInTheDocument();

    act(() => {
      store.dispatch(showToast({ severity: 'error', text: 'The engineers list is resting' }));
      store.dispatch(showToast({ severity: 'error', text: 'The engineers list is resting' }));
    });
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    act(() => {
      store.dispatch(showToast({ severity: 'error', text: 'Another message' }));
      store.dispatch(showToast({ severity: 'warning', text: 'The engineers list is resting' }));
    });
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      expect.stringContaining('The engineers list is resting'),
      expect.stringContaining('Another message'),
      expect.stringContaining('The engineers list is resting'),
    ]);
  });

  it('closes a toast with its Close button', async () => {
    failingEngineers();
    const { user } = renderApp('/home/engineers');

    const toast = await screen.findByRole('alert');
    await user.click(within(toast).getByRole('button', { name: en('toast.close') }));

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('clears the toasts on navigation', async () => {
    failingEngineers();
    const { user, store } = renderApp('/home/engineers');
    expect(await screen.findByRole('alert')).toHaveTextContent('The engineers list is resting');

    await user.click(within(mainNav()).getByRole('link', { name: en('nav.about') }));

    expect(await h1(en('pages:about.title'))).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(store.getState().ui.toasts).toEqual([]);
  });
});

describe('the engineers page', () => {
  // The mock registry the page pages through (get_engineers), with the contacts the splash does not carry.
  const engineers = mockEngineers();
  const role = splash.engineer_roles.find((r) => r.code === 'town_planner')!;
  const ofRole = engineers.filter((e) => e.role_id === role.id);
  const cardNames = () =>
    screen.getAllByRole('article').map((card) => within(card).getByRole('heading', { level: 2 }).textContent);

  it('lists the first page of all engineers', async () => {
    renderApp('/home/engineers');
    expect(await screen.findByText(en('engineers.results', { count: engineers.length }))).toBeInTheDocument();
    expect(cardNames()).toEqual(engineers.slice(0, 10).map((e) => e.name));
    const first = engineers[0]!;
    expect(
      screen.getByRole('link', { name: en('engineers.email', { name: first.name, address: first.email }) }),
    ).toHaveAttribute('href', `mailto:${first.email}`);
  });

  it('ignores what a hand-edited link holds that the server would refuse', async () => {
    renderApp(`/home/engineers?role=Bad-Role&q=${'x'.repeat(150)}`);
    // The search is cut to 100 characters and the malformed role dropped: an empty result, not an error.
    expect(await screen.findByText(en('empty'))).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('searches what the user enters: the URL gets ?q= and the list is filtered', async () => {
    const target = engineers[37]!;
    const { user, router } = renderApp('/home/engineers');
    const search = await screen.findByRole('searchbox', { name: en('engineers.search') });

    await user.click(search);
    await user.paste(target.name);

    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe(target.name));
    expect(await screen.findByText(en('engineers.results', { count: 1 }))).toBeInTheDocument();
    expect(cardNames()).toEqual([target.name]);
  });

  it('shows the search of the URL after a navigation changes it (the Engineers link clears it)', async () => {
    const target = engineers[37]!;
    const { user, router } = renderApp('/home/engineers');
    const search = await screen.findByRole('searchbox', { name: en('engineers.search') });
    await user.click(search);
    await user.paste(target.name);
    await screen.findByText(en('engineers.results', { count: 1 }));

    await user.click(within(mainNav()).getByRole('link', { name: en('nav.engineers') }));

    expect(await screen.findByText(en('engineers.results', { count: engineers.length }))).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('searchbox', { name: en('engineers.search') })).toHaveValue('');
    // and the cleared box does not bring the old search back
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(router.state.location.search).toBe('');
  });

  it('opens with the search of the URL', async () => {
    const target = engineers[5]!;
    renderApp(`/home/engineers?q=${encodeURIComponent(target.email)}`);
    expect(await screen.findByText(en('engineers.results', { count: 1 }))).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: en('engineers.search') })).toHaveValue(target.email);
    expect(cardNames()).toEqual([target.name]);
  });

  it('offers All and every role, and filters by the chosen role', async () => {
    const { user, router } = renderApp('/home/engineers');
    await screen.findByText(en('engineers.results', { count: engineers.length }));

    // A native select: the phone's own picker.
    const roleSelect = screen.getByRole('combobox', { name: en('engineers.role') });
    const options = within(roleSelect).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      en('engineers.all'),
      ...splash.engineer_roles.map((r) => r.name.en),
    ]);
    expect(roleSelect).toHaveValue('');

    await user.selectOptions(roleSelect, role.name.en);

    expect(await screen.findByText(en('engineers.results', { count: ofRole.length }))).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('role')).toBe(role.code);
    expect(cardNames()).toEqual(ofRole.slice(0, 10).map((e) => e.name));
    for (const card of screen.getAllByRole('article')) expect(card).toHaveTextContent(role.name.en);

    await user.selectOptions(roleSelect, en('engineers.all'));
    expect(await screen.findByText(en('engineers.results', { count: engineers.length }))).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('pages through the list', async () => {
    const { user, router } = renderApp('/home/engineers');
    await screen.findByText(en('engineers.results', { count: engineers.length }));

    await user.click(screen.getByRole('button', { name: en('engineers.next_page') }));

    await waitFor(() => expect(cardNames()).toEqual(engineers.slice(10, 20).map((e) => e.name)));
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');
    expect(
      screen.getByText(en('engineers.displayed', { from: 11, to: 20, count: engineers.length })),
    ).toBeInTheDocument();
  });

  it('shows more per page, back to the first page, and the first and last page buttons', async () => {
    const { user, router } = renderApp('/home/engineers?page=3');
    await screen.findByText(en('engineers.displayed', { from: 21, to: 30, count: engineers.length }));

    await user.selectOptions(screen.getByRole('combobox', { name: en('engineers.rows_per_page') }), '25');
    await waitFor(() => expect(cardNames()).toEqual(engineers.slice(0, 25).map((e) => e.name)));
    expect(new URLSearchParams(router.state.location.search).get('size')).toBe('25');
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();
    expect(screen.getByRole('button', { name: en('engineers.first_page') })).toBeDisabled();
    expect(screen.getByRole('button', { name: en('engineers.previous_page') })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: en('engineers.last_page') }));
    const last = Math.ceil(engineers.length / 25);
    await waitFor(() => expect(cardNames()).toEqual(engineers.slice((last - 1) * 25).map((e) => e.name)));
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe(String(last));
    expect(screen.getByRole('button', { name: en('engineers.next_page') })).toBeDisabled();
    expect(screen.getByRole('button', { name: en('engineers.last_page') })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: en('engineers.first_page') }));
    await waitFor(() => expect(cardNames()).toEqual(engineers.slice(0, 25).map((e) => e.name)));
  });

  it('shows the last page for a link to a page past the end', async () => {
    const { router } = renderApp('/home/engineers?page=99');
    const last = Math.ceil(engineers.length / 10);

    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('page')).toBe(String(last)));
    await waitFor(() => expect(cardNames()).toEqual(engineers.slice((last - 1) * 10).map((e) => e.name)));
    expect(screen.queryByText(en('empty'))).not.toBeInTheDocument();
  });

  it('says "Sorry! No Records Found." when nothing matches', async () => {
    const { user } = renderApp('/home/engineers');
    await user.type(await screen.findByRole('searchbox', { name: en('engineers.search') }), 'zzqx');

    expect(await screen.findByText(en('empty'))).toBeInTheDocument();
    expect(en('empty')).toBe('Sorry! No Records Found.');
    expect(screen.getByText(en('engineers.results', { count: 0 }))).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});

describe('the FAQ page', () => {
  const questions = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

  it('lists every question, and the search keeps those that match', async () => {
    const { user } = renderApp('/home/faq');
    expect(await h1(en('faq.title'))).toBeInTheDocument();
    expect(questions()).toEqual(splash.faqs.map((f) => f.question.en));
    expect(screen.getByText(en('faq.shown', { count: splash.faqs.length }))).toBeInTheDocument();

    const wanted = splash.faqs[2]!.question.en;
    await user.click(screen.getByRole('searchbox', { name: en('faq.search') }));
    await user.paste(wanted);

    expect(questions()).toContain(wanted);
    expect(questions().length).toBeLessThan(splash.faqs.length);
    expect(screen.getByText(en('faq.shown', { count: questions().length }))).toBeInTheDocument();
  });

  it('opens a question to show its answer', async () => {
    const { user } = renderApp('/home/faq');
    const faq = splash.faqs[0]!;
    const question = await screen.findByRole('button', { name: faq.question.en });
    expect(question).toHaveAttribute('aria-expanded', 'false');

    await user.click(question);

    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: faq.question.en })).toHaveTextContent(faq.answer.en);
  });

  it('searches the Swahili texts in Swahili', async () => {
    const { user } = renderApp('/home/faq', { language: 'sw' });
    expect(await h1(sw('faq.title'))).toBeInTheDocument();
    const wanted = splash.faqs[4]!.question.sw;

    await user.click(screen.getByRole('searchbox', { name: sw('faq.search') }));
    await user.paste(wanted);

    expect(questions()).toContain(wanted);
    expect(questions().length).toBeLessThan(splash.faqs.length);
  });

  it('says "Sorry! No Records Found." when nothing matches', async () => {
    const { user } = renderApp('/home/faq');
    await user.type(await screen.findByRole('searchbox', { name: en('faq.search') }), 'qwertyuiop');

    expect(screen.getByText(en('empty'))).toBeInTheDocument();
    expect(screen.getByText(en('faq.shown', { count: 0 }))).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
  });
});
