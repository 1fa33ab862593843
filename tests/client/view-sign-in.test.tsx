import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../src/client/app/browser-storage';
import { MOCK_REFERENCES } from '../../src/client/mocks/dashboard-data';
import { makeHandlers } from '../../src/client/mocks/handlers';
import { MOCK_CODE } from '../../src/client/mocks/wizard-handlers';
import { solveCaptchasInPage } from './altcha-worker';
import { server } from './msw-server';
import { renderApp } from './render';
import { en, sw } from './texts';
import { requestSignInCode } from '../../src/shared/api/sign-in';
import { mockCall, refusalFor } from '../../src/client/mocks/mock-call';
import { newCaptcha } from '../../src/shared/api/captcha';

const REFERENCE = MOCK_REFERENCES.permit;
const SENT_TO = '+2557•••••456';

/** How many challenges the page asked for (the mock backend makes them). */
function countCaptchas() {
  const count = { value: 0 };
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === newCaptcha.path) count.value += 1;
  });
  return count;
}

// A fresh mock backend for every test (its applications, challenges and codes); the widget's worker in the page.
beforeEach(async () => {
  server.use(...makeHandlers({ delayMs: 0 }));
  await solveCaptchasInPage();
});
afterEach(() => {
  server.events.removeAllListeners();
  vi.unstubAllGlobals();
});

const h1 = (name: string) => screen.findByRole('heading', { level: 1, name });
const referenceField = (t = en) => screen.getByRole('textbox', { name: t('view.reference') });
/** The ALTCHA widget's checkbox, named by our texts: before the check, then once done. */
const captchaBox = (t = en, state: 'label' | 'verified' = 'label') =>
  screen.findByRole('checkbox', { name: t(`view.captcha_${state}`) });
const checkboxFocused = () => expect(document.activeElement).toHaveAttribute('type', 'checkbox');

/** Fills in the first step and sends it: the proof of work starts with the focus, and is waited for. */
async function lookUp(user: ReturnType<typeof renderApp>['user'], reference: string, t = en) {
  await screen.findByRole('checkbox');
  await user.clear(referenceField(t));
  await user.type(referenceField(t), reference);
  await user.click(screen.getByRole('button', { name: t('view.submit') }));
}

describe('View (sign-in)', () => {
  it('signs in with the reference number, the captcha and the SMS code, keeps the user and opens the dashboard', async () => {
    const { user, router, store } = renderApp('/home/login');
    expect(await h1(en('titles.view'))).toBeInTheDocument();
    // Nothing to read or type: no image, no text field for the captcha; a checkbox named in our words.
    await captchaBox();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getAllByRole('textbox')).toEqual([referenceField()]);

    await user.type(referenceField(), 'amk7q 4mxpr');
    // The focus started the proof of work; the browser ends it alone.
    expect(await captchaBox(en, 'verified')).toBeChecked();
    await user.click(screen.getByRole('button', { name: en('view.submit') }));

    expect(
      await screen.findByText(en('view.code_sent', { reference_number: 'amk7q 4mxpr', sent_to: SENT_TO, minutes: 10 })),
    ).toBeInTheDocument();
    const code = screen.getByRole('textbox', { name: en('view.code') });
    await waitFor(() => expect(code).toHaveFocus());

    // A wrong code: its message at the field, which stays shown.
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: en('view.verify') }));
    expect(await screen.findByText(/The code is wrong or has expired/)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveFocus();
    expect(router.state.location.pathname).toBe('/home/login');

    await user.clear(code);
    await user.type(code, MOCK_CODE);
    await user.click(screen.getByRole('button', { name: en('view.verify') }));

    expect(await h1(en('titles.dashboard_application'))).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/application');
    const kept = JSON.parse(sessionStorage.getItem(STORAGE_KEYS.user)!) as Record<string, unknown>;
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull(); // nothing personal outlives the tab
    expect(kept).toEqual({
      reference_number: REFERENCE,
      application_type: 'new',
      status: 'permit_issued',
      step_number: 7,
      days_applied: 64,
      mobile: SENT_TO,
      email: 'amina.makame@example.com',
      first_name: 'Amina',
      last_name: 'Makame',
    });
    expect(store.getState().session.user).toEqual(kept);
    expect(store.getState().session.clock).toEqual(
      expect.objectContaining({ idleTimeoutMs: 30 * 60_000, idleEndsAt: expect.any(Number) }),
    );
    const profile = screen.getByRole('complementary', { name: en('dashboard.profile_block.label') });
    expect(profile).toHaveTextContent('Amina Makame');
    expect(profile).toHaveTextContent(REFERENCE);
  });

  it('goes to the dashboard page the route guard remembered', async () => {
    const { user, router } = renderApp('/dashboard/application?tab=invoices');
    await h1(en('landing.title'));
    expect(sessionStorage.getItem(STORAGE_KEYS.intendedUrl)).toBe('/dashboard/application?tab=invoices');
    await router.navigate('/home/login');

    await lookUp(user, REFERENCE);
    await user.type(await screen.findByRole('textbox', { name: en('view.code') }), MOCK_CODE);
    await user.click(screen.getByRole('button', { name: en('view.verify') }));

    expect(await screen.findByRole('tab', { name: en('dashboard.tabs.invoices'), selected: true })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=invoices');
    expect(sessionStorage.getItem(STORAGE_KEYS.intendedUrl)).toBeNull();
  });

  it('shows a refused captcha at the check and runs a new one (a challenge is good for one try)', async () => {
    const captchas = countCaptchas();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      mockCall(requestSignInCode, async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return refusalFor(requestSignInCode, 'wrong_captcha', 'Validation failed', {
          errors: [{ path: '/altcha', message: 'The security check was not accepted.' }],
        });
      }),
    );
    const { user } = renderApp('/home/login');
    await lookUp(user, REFERENCE);

    expect(await screen.findByText('The security check was not accepted.')).toBeInTheDocument();
    await waitFor(checkboxFocused);
    expect(bodies).toEqual([{ reference_number: REFERENCE, altcha: expect.any(String) }]);
    // The widget's payload: a solved challenge, as the server reads it.
    const payload = JSON.parse(atob(String(bodies[0]!.altcha))) as { challenge: { signature: string } };
    expect(payload.challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    // A new challenge, solved again without anyone doing anything.
    await waitFor(() => expect(captchas.value).toBe(2));
    expect(await captchaBox(en, 'verified')).toBeChecked();
  });

  it('says which reference number is unknown (404), at the reference field, and runs a new check', async () => {
    const captchas = countCaptchas();
    server.use(
      mockCall(requestSignInCode, () =>
        refusalFor(requestSignInCode, 'application_not_found', 'No application has this reference number.', {}),
      ),
    );
    const { user } = renderApp('/home/login');
    await lookUp(user, 'ZZZZZ-ZZZZZ');

    expect(await screen.findByText('No application has this reference number.')).toBeInTheDocument();
    expect(referenceField()).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(referenceField()).toHaveFocus());
    await waitFor(() => expect(captchas.value).toBe(2));
  });

  it('sends a draft (409) to Continue', async () => {
    const { user, router } = renderApp('/home/login');
    await lookUp(user, MOCK_REFERENCES.draft);

    const alert = await screen.findByText(/has not been submitted yet/);
    await user.click(within(alert).getByRole('link', { name: en('view.go_to_continue') }));
    expect(await h1(en('titles.continue'))).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home/continue');
  });

  it("shows the server's message when there were too many tries (429)", async () => {
    server.use(
      mockCall(requestSignInCode, () =>
        refusalFor(requestSignInCode, 'too_many_tries', 'Too many tries. Please try again in 15 minutes.', {
          retry_after_s: 900,
        }),
      ),
    );
    const { user } = renderApp('/home/login');
    await lookUp(user, REFERENCE);

    const message = await screen.findByText('Too many tries. Please try again in 15 minutes.');
    const alert = message.closest<HTMLElement>('[role="alert"]')!;
    await waitFor(() => expect(alert).toHaveFocus());
    // The wait counts down (wait-countdown.test.tsx counts it with a fake clock).
    expect(within(alert).getByRole('timer')).toHaveTextContent(/^You can try again in 1[45] min \d+ s\.$/);
  });

  it('checks the fields before sending anything', async () => {
    let calls = 0;
    server.use(
      mockCall(requestSignInCode, () => {
        calls += 1;
        return refusalFor(requestSignInCode, 'internal_error', 'no', { request_id: 'test-request' });
      }),
    );
    const { user } = renderApp('/home/login');
    await captchaBox();
    await user.type(referenceField(), 'abc');
    await user.click(screen.getByRole('button', { name: en('view.submit') }));

    expect(await screen.findByText(en('view.reference_invalid'))).toBeInTheDocument();
    await waitFor(() => expect(referenceField()).toHaveFocus());
    expect(calls).toBe(0);
  });

  it('runs the check from the keyboard alone: Space on the checkbox', async () => {
    const captchas = countCaptchas();
    const { user } = renderApp('/home/login');
    const box = await captchaBox();
    box.focus();
    await user.keyboard(' ');
    expect(await captchaBox(en, 'verified')).toBeChecked();
    expect(captchas.value).toBe(1);
  });

  it('goes back for a new code with a new captcha, the reference number kept', async () => {
    const { user } = renderApp('/home/login');
    await lookUp(user, REFERENCE);
    await user.click(await screen.findByRole('button', { name: en('view.new_code') }));

    expect(await screen.findByText(en('view.new_code_note'))).toBeInTheDocument();
    expect(referenceField()).toHaveValue(REFERENCE);
    await waitFor(checkboxFocused);

    await lookUp(user, REFERENCE);
    expect(await screen.findByRole('textbox', { name: en('view.code') })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: en('view.other_reference') }));
    await waitFor(() => expect(referenceField()).toHaveFocus());
  });

  it('speaks Swahili, the server messages included', async () => {
    const languages: (string | null)[] = [];
    server.use(
      mockCall(requestSignInCode, ({ request }) => {
        languages.push(request.headers.get('Accept-Language'));
        return refusalFor(
          requestSignInCode,
          'application_not_found',
          'Hakuna maombi yenye namba hii ya kumbukumbu.',
          {},
        );
      }),
    );
    const { user } = renderApp('/home/login', { language: 'sw' });
    expect(await h1(sw('titles.view'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: sw('view.submit') })).toBeInTheDocument();
    expect(await captchaBox(sw)).toBeInTheDocument();
    await lookUp(user, 'ZZZZZ-ZZZZZ', sw);
    expect(await screen.findByText('Hakuna maombi yenye namba hii ya kumbukumbu.')).toBeInTheDocument();
    expect(languages).toEqual(['sw']);
  });
});
