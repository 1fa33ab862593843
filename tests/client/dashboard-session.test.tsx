import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../src/client/app/browser-storage';
import { MOCK_REFERENCES } from '../../src/client/mocks/dashboard-data';
import { makeHandlers } from '../../src/client/mocks/handlers';
import { MOCK_CODE } from '../../src/client/mocks/wizard-handlers';
import { record, signedInUser } from './dashboard-fixtures';
import { server } from './msw-server';
import { renderApp } from './render';
import { en, sw } from './texts';
import { wt } from './wizard-forms';
import { keepAlive, openApplication } from '../../src/shared/api/dashboard';
import { getInvoices } from '../../src/shared/api/payments';
import { answerFor, mockCall, refusalFor } from '../../src/client/mocks/mock-call';
import { logout } from '../../src/shared/api/sign-in';

const f = (key: string) => wt('en')(`forms:${key}`);

beforeEach(() => server.use(...makeHandlers({ delayMs: 0 })));
afterEach(() => vi.useRealTimers());

const h1 = (name: string) => screen.findByRole('heading', { level: 1, name });
const openDashboard = (path = '/dashboard/application', language?: 'en' | 'sw') =>
  renderApp(path, { user: signedInUser, language });

describe('the end of a session', () => {
  it("goes to View with the server's message when a dashboard call answers 401, and forgets the user", async () => {
    server.use(
      mockCall(getInvoices, () =>
        refusalFor(getInvoices, 'not_signed_in', 'Your session has ended. Please sign in again.', {}),
      ),
    );
    const { user, router, store } = openDashboard();
    await screen.findByRole('heading', { level: 2, name: en('dashboard.summary.title') });
    await user.click(screen.getByRole('tab', { name: en('dashboard.tabs.invoices') }));

    expect(await h1(en('titles.view'))).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home/login');
    // View's own alert (the captcha widget may show one of its own in jsdom, which has no Worker).
    expect(screen.getByText('Your session has ended. Please sign in again.').closest('[role="alert"]')).not.toBeNull();
    expect(store.getState().session.user).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    // Signed in again, the applicant comes back here.
    expect(sessionStorage.getItem(STORAGE_KEYS.intendedUrl)).toBe('/dashboard/application?tab=invoices');
    // Nothing of the application stays in memory.
    await waitFor(() =>
      expect(
        Object.keys(store.getState().api.queries).filter((key) => /^get(Dashboard|Invoices|Notifications)/.test(key)),
      ).toEqual([]),
    );
  });

  it('logs out: the server ends the session, the user is forgotten, View says so', async () => {
    const logouts = record(logout);
    const { user, router, store } = openDashboard();
    await screen.findByRole('heading', { level: 2, name: en('dashboard.summary.title') });

    await user.click(screen.getByRole('button', { name: en('dashboard.logout') }));

    expect(await h1(en('titles.view'))).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home/login');
    expect(logouts).toEqual([{}]);
    expect(screen.getByText(en('session.logged_out')).closest('[role="status"]')).not.toBeNull();
    expect(store.getState().session.user).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.intendedUrl)).toBeNull();
  });

  it('warns two minutes before the idle end (focus in the dialog), stays signed in with keep_alive, and signs out at the end', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      shouldAdvanceTime: true,
    });
    // A short session, so that the warning comes 10 s after the last call.
    const IDLE_S = 130;
    const keepAlives = record(keepAlive, () =>
      answerFor(keepAlive, {
        idle_expires_at: new Date(Date.now() + IDLE_S * 1000).toISOString(),
        expires_at: new Date(Date.now() + 12 * 3600_000).toISOString(),
        idle_timeout_s: IDLE_S,
      }),
    );
    const { router, store } = openDashboard();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await screen.findByRole('heading', { level: 2, name: en('dashboard.summary.title') });
    // After a reload the times are unknown: the dashboard asks the server.
    await waitFor(() => expect(store.getState().session.clock).toBeTruthy());
    expect(keepAlives.length).toBeGreaterThan(0);
    await waitFor(() => expect(store.getState().api.queries['getNotifications(undefined)']?.status).toBe('fulfilled'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(11_000));
    const dialog = await screen.findByRole('dialog', { name: en('session.warning_title') });
    expect(dialog).toHaveAccessibleDescription(en('session.warning_body', { minutes: 2 }));
    const stay = within(dialog).getByRole('button', { name: en('session.stay') });
    await waitFor(() => expect(stay).toHaveFocus());
    expect(within(dialog).getByRole('timer')).toHaveTextContent(/[12]:\d\d/);

    const calls = keepAlives.length;
    await user.click(stay);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(keepAlives.length).toBe(calls + 1);
    expect(store.getState().session.user).not.toBeNull();

    // Nothing happens any more: the warning, then the end.
    await act(() => vi.advanceTimersByTimeAsync(11_000));
    expect(await screen.findByRole('dialog', { name: en('session.warning_title') })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(121_000));

    expect(await h1(en('titles.view'))).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home/login');
    expect(screen.getByText(en('session.expired')).closest('[role="alert"]')).not.toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('offers Log out in the warning', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      shouldAdvanceTime: true,
    });
    const logouts = record(logout);
    server.use(
      mockCall(keepAlive, () =>
        answerFor(keepAlive, {
          idle_expires_at: new Date(Date.now() + 125_000).toISOString(),
          expires_at: new Date(Date.now() + 12 * 3600_000).toISOString(),
          idle_timeout_s: 125,
        }),
      ),
    );
    const { router } = openDashboard('/dashboard/profile');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await h1(en('titles.dashboard_profile'));
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    const dialog = await screen.findByRole('dialog', { name: en('session.warning_title') });
    await user.click(within(dialog).getByRole('button', { name: en('dashboard.logout') }));
    expect(await h1(en('titles.view'))).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home/login');
    expect(logouts).toEqual([{}]);
  });

  it('never goes past the 12-hour limit: the warning then says so and offers no more time', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      shouldAdvanceTime: true,
    });
    const keepAlives = record(keepAlive, () =>
      answerFor(keepAlive, {
        idle_expires_at: new Date(Date.now() + 125_000).toISOString(),
        expires_at: new Date(Date.now() + 125_000).toISOString(),
        idle_timeout_s: 1800,
      }),
    );
    const { store } = openDashboard();
    await screen.findByRole('heading', { level: 2, name: en('dashboard.summary.title') });
    await waitFor(() => expect(store.getState().session.clock).toBeTruthy());
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    const dialog = await screen.findByRole('dialog', { name: en('session.warning_title') });
    expect(dialog).toHaveAccessibleDescription(en('session.warning_limit', { minutes: 2 }));
    expect(within(dialog).queryByRole('button', { name: en('session.stay') })).not.toBeInTheDocument();
    const calls = keepAlives.length;
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(within(dialog).getByRole('button', { name: en('session.continue') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(keepAlives.length).toBe(calls);
    await act(() => vi.advanceTimersByTimeAsync(125_000));
    expect(await h1(en('titles.view'))).toBeInTheDocument();
  });
});

describe('the other pages of the dashboard', () => {
  it('Profile shows the personal details, labelled as in the form', async () => {
    openDashboard('/dashboard/profile');
    expect(await h1(en('titles.dashboard_profile'))).toBeInTheDocument();
    const section = (await screen.findByRole('heading', { level: 2, name: f('personal.title') })).closest('section')!;
    const rows = Object.fromEntries(
      within(section)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(rows).toMatchObject({
      [f('personal.identification_type.title')]: f('personal.identification_type.options.zanid'),
      [f('personal.zan_id.title')]: '190012345',
      [f('personal.first_name.title')]: 'Amina',
      [f('personal.last_name.title')]: 'Makame',
      [f('personal.street.title')]: 'Mlandege',
    });
  });

  it('Applications lists them; opening another asks for its code, then the dashboard shows that one', async () => {
    const opened = record(openApplication);
    const { user, router, store } = openDashboard('/dashboard/applications');
    expect(await h1(en('titles.dashboard_applications'))).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: en('titles.dashboard_applications') });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual([
      MOCK_REFERENCES.repair,
      MOCK_REFERENCES.permit,
    ]);
    expect(items[1]).toHaveTextContent(en('dashboard.application_list.current'));
    expect(items[0]).toHaveTextContent(en('dashboard.status.under_review'));
    expect(within(items[1]!).queryByRole('button')).not.toBeInTheDocument();

    await user.click(
      within(items[0]!).getByRole('button', {
        name: en('dashboard.application_list.open_named', { reference_number: MOCK_REFERENCES.repair }),
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: en('dashboard.application_list.code_title', { reference_number: MOCK_REFERENCES.repair }),
    });
    expect(opened).toEqual([{ reference_number: MOCK_REFERENCES.repair }]);
    const code = within(dialog).getByRole('textbox', { name: en('view.code') });
    await waitFor(() => expect(code).toHaveFocus());
    await user.type(code, '999999');
    await user.click(within(dialog).getByRole('button', { name: en('view.verify') }));
    expect(await within(dialog).findByText(/The code is wrong/)).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, MOCK_CODE);
    await user.click(within(dialog).getByRole('button', { name: en('view.verify') }));

    expect(await h1(en('titles.dashboard_application'))).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/application');
    const summary = (await screen.findByRole('heading', { level: 2, name: en('dashboard.summary.title') })).closest(
      'section',
    )!;
    await waitFor(() => expect(summary).toHaveTextContent(MOCK_REFERENCES.repair));
    expect(summary).toHaveTextContent(en('request.types.repair.title'));
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.user)!)).toMatchObject({
      reference_number: MOCK_REFERENCES.repair,
      application_type: 'repair',
    });
    expect(store.getState().session.user?.reference_number).toBe(MOCK_REFERENCES.repair);
    expect(screen.getByRole('complementary', { name: en('dashboard.profile_block.label') })).toHaveTextContent(
      MOCK_REFERENCES.repair,
    );

    // The other tabs show the new application's (empty) lists, not the first one's.
    await user.click(screen.getByRole('tab', { name: en('dashboard.tabs.invoices') }));
    expect(await within(screen.getByRole('tabpanel')).findByText(en('empty'))).toBeInTheDocument();
  });

  it('shows the dashboard navigation and profile block in Swahili', async () => {
    openDashboard('/dashboard/applications', 'sw');
    expect(await h1(sw('titles.dashboard_applications'))).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: sw('dashboard.nav_label') });
    expect(within(nav).getByRole('link', { name: sw('dashboard.application') })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: sw('dashboard.profile_block.label') })).toHaveTextContent(
      sw('dashboard.profile_block.reference'),
    );
    expect(await screen.findByText(sw('dashboard.application_list.current'))).toBeInTheDocument();
  });
});
