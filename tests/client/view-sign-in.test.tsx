import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../src/client/app/browser-storage';
import { MOCK_REFERENCES } from '../../src/client/mocks/dashboard-data';
import { MOCK_CAPTCHA_ANSWER } from '../../src/client/mocks/dashboard-handlers';
import { makeHandlers } from '../../src/client/mocks/handlers';
import { MOCK_CODE } from '../../src/client/mocks/wizard-handlers';
import type { Envelope } from '../../src/shared/envelope';
import { server } from './msw-server';
import { renderApp } from './render';
import { en, sw } from './texts';

const REFERENCE = MOCK_REFERENCES.permit;
const SENT_TO = '+2557•••••456';

function envelope(code: number, message: string, data: unknown) {
  return HttpResponse.json<Envelope>({ response: { code, message, data } }, { status: code });
}

/** Every captcha the page asked for, in order. */
function countCaptchas() {
  const ids: string[] = [];
  server.use(
    http.post('/api/captcha/new', () => {
      const id = `captcha-${ids.length + 1}`;
      ids.push(id);
      const svg = `<svg xmlns="http://www.w3.org/2000/svg"><text>${id}</text></svg>`;
      return envelope(200, 'OK', { captcha_id: id, svg, expires_in_s: 300 });
    }),
  );
  return ids;
}

// A fresh mock backend for every test (its applications, captchas and codes).
beforeEach(() => server.use(...makeHandlers({ delayMs: 0 })));

const h1 = (name: string) => screen.findByRole('heading', { level: 1, name });
const referenceField = (t = en) => screen.getByRole('textbox', { name: t('view.reference') });
const captchaField = (t = en) => screen.getByRole('textbox', { name: t('view.captcha_answer') });
const captchaImage = (t = en) => screen.findByRole('img', { name: t('view.captcha_image') });

/** Fills in the first step and sends it. */
async function lookUp(user: ReturnType<typeof renderApp>['user'], reference: string, answer: string, t = en) {
  await captchaImage(t);
  await user.clear(referenceField(t));
  await user.type(referenceField(t), reference);
  await user.clear(captchaField(t));
  await user.type(captchaField(t), answer);
  await user.click(screen.getByRole('button', { name: t('view.submit') }));
}

describe('View (sign-in)', () => {
  it('signs in with the reference number, the captcha and the SMS code, keeps the user and opens the dashboard', async () => {
    const { user, router, store } = renderApp('/home/login');
    expect(await h1(en('titles.view'))).toBeInTheDocument();
    const image = await captchaImage();
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(screen.getByRole('button', { name: en('view.captcha_refresh') })).toBeInTheDocument();

    await lookUp(user, 'amk7q 4mxpr', MOCK_CAPTCHA_ANSWER.toLowerCase());

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

    await lookUp(user, REFERENCE, MOCK_CAPTCHA_ANSWER);
    await user.type(await screen.findByRole('textbox', { name: en('view.code') }), MOCK_CODE);
    await user.click(screen.getByRole('button', { name: en('view.verify') }));

    expect(await screen.findByRole('tab', { name: en('dashboard.tabs.invoices'), selected: true })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=invoices');
    expect(sessionStorage.getItem(STORAGE_KEYS.intendedUrl)).toBeNull();
  });

  it('shows a wrong captcha at its field and loads a new image (a captcha is good for one try)', async () => {
    const captchas = countCaptchas();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/application/get_application', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return envelope(422, 'Validation failed', {
          errors: [{ path: '/captcha_answer', message: 'The characters do not match the image.' }],
        });
      }),
    );
    const { user } = renderApp('/home/login');
    await lookUp(user, REFERENCE, 'WRONG');

    expect(await screen.findByText('The characters do not match the image.')).toBeInTheDocument();
    const field = captchaField();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveValue('');
    expect(bodies).toEqual([{ reference_number: REFERENCE, captcha_id: expect.any(String), captcha_answer: 'WRONG' }]);
    await waitFor(() => expect(captchas.at(-1)).not.toBe(bodies[0]!.captcha_id));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: en('view.captcha_image') }).getAttribute('src')).toContain(
        encodeURIComponent(captchas.at(-1)!),
      ),
    );
  });

  it('says which reference number is unknown (404), at the reference field, and takes a new captcha', async () => {
    const captchas = countCaptchas();
    const sent: unknown[] = [];
    server.use(
      http.post('/api/application/get_application', async ({ request }) => {
        sent.push(((await request.json()) as { captcha_id: string }).captcha_id);
        return envelope(404, 'No application has this reference number.', {});
      }),
    );
    const { user } = renderApp('/home/login');
    await lookUp(user, 'ZZZZZ-ZZZZZ', 'ABCDE');

    expect(await screen.findByText('No application has this reference number.')).toBeInTheDocument();
    expect(referenceField()).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(referenceField()).toHaveFocus());
    expect(captchaField()).toHaveValue('');
    await waitFor(() => expect(captchas.at(-1)).not.toBe(sent[0]));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: en('view.captcha_image') }).getAttribute('src')).toContain(
        encodeURIComponent(captchas.at(-1)!),
      ),
    );
  });

  it('sends a draft (409) to Continue', async () => {
    const { user, router } = renderApp('/home/login');
    await lookUp(user, MOCK_REFERENCES.draft, MOCK_CAPTCHA_ANSWER);

    const alert = await screen.findByText(/has not been submitted yet/);
    await user.click(within(alert).getByRole('link', { name: en('view.go_to_continue') }));
    expect(await h1(en('titles.continue'))).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home/continue');
  });

  it("shows the server's message when there were too many tries (429)", async () => {
    server.use(
      http.post('/api/application/get_application', () =>
        envelope(429, 'Too many tries. Please try again in 15 minutes.', { retry_after_s: 900 }),
      ),
    );
    const { user } = renderApp('/home/login');
    await lookUp(user, REFERENCE, MOCK_CAPTCHA_ANSWER);

    const message = await screen.findByText('Too many tries. Please try again in 15 minutes.');
    await waitFor(() => expect(message.closest('[role="alert"]')).toHaveFocus());
  });

  it('checks the fields before sending anything', async () => {
    let calls = 0;
    server.use(
      http.post('/api/application/get_application', () => {
        calls += 1;
        return envelope(500, 'no', {});
      }),
    );
    const { user } = renderApp('/home/login');
    await captchaImage();
    await user.type(referenceField(), 'abc');
    await user.click(screen.getByRole('button', { name: en('view.submit') }));

    expect(await screen.findByText(en('view.reference_invalid'))).toBeInTheDocument();
    expect(screen.getByText(en('view.captcha_missing'))).toBeInTheDocument();
    await waitFor(() => expect(referenceField()).toHaveFocus());
    expect(calls).toBe(0);
  });

  it('shows a new image with New image', async () => {
    const captchas = countCaptchas();
    const { user } = renderApp('/home/login');
    await captchaImage();
    const before = captchas.length;
    await user.click(screen.getByRole('button', { name: en('view.captcha_refresh') }));
    await waitFor(() => expect(captchas.length).toBe(before + 1));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: en('view.captcha_image') }).getAttribute('src')).toContain(
        encodeURIComponent(captchas.at(-1)!),
      ),
    );
  });

  it('goes back for a new code with a new captcha, the reference number kept', async () => {
    const { user } = renderApp('/home/login');
    await lookUp(user, REFERENCE, MOCK_CAPTCHA_ANSWER);
    await user.click(await screen.findByRole('button', { name: en('view.new_code') }));

    expect(await screen.findByText(en('view.new_code_note'))).toBeInTheDocument();
    expect(referenceField()).toHaveValue(REFERENCE);
    await waitFor(() => expect(captchaField()).toHaveFocus());

    await lookUp(user, REFERENCE, MOCK_CAPTCHA_ANSWER);
    expect(await screen.findByRole('textbox', { name: en('view.code') })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: en('view.other_reference') }));
    await waitFor(() => expect(referenceField()).toHaveFocus());
  });

  it('speaks Swahili, the server messages included', async () => {
    const languages: (string | null)[] = [];
    server.use(
      http.post('/api/application/get_application', ({ request }) => {
        languages.push(request.headers.get('Accept-Language'));
        return envelope(404, 'Hakuna maombi yenye namba hii ya kumbukumbu.', {});
      }),
    );
    const { user } = renderApp('/home/login', { language: 'sw' });
    expect(await h1(sw('titles.view'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: sw('view.submit') })).toBeInTheDocument();
    await lookUp(user, 'ZZZZZ-ZZZZZ', 'ABCDE', sw);
    expect(await screen.findByText('Hakuna maombi yenye namba hii ya kumbukumbu.')).toBeInTheDocument();
    expect(languages).toEqual(['sw']);
  });
});
