import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REDIRECT_DELAY_MS } from '../../src/client/features/wizard/use-submitted-redirect';
import type { WizardState } from '../../src/client/features/wizard/wizard-slice';
import { REVIEW_WORKING_DAYS } from '../../src/shared/after-submit';
import { server } from './msw-server';
import { withServedForms, wt } from './wizard-forms';
import { renderWizard } from './wizard-render';
import { saveFinal } from '../../src/shared/api/applications';
import { answerFor, mockCall } from '../../src/client/mocks/mock-call';

// After Submit (issue 17, item 4): the message stays 3.5 s from when it is on screen, not from the
// server's answer; then Request options says "Application … was submitted", with a copy button and
// what happens next, in both languages.

/** The message's module loads only when the test lets it: a slow network between answer and message. */
const gate = vi.hoisted(() => {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open: () => open() };
});
vi.mock('../../src/client/features/wizard/WizardOutcome', async (importOriginal) => {
  await gate.opened;
  return importOriginal();
});

const forms = withServedForms();
const REFERENCE = 'ABCDE-FGHJK';

afterEach(() => vi.useRealTimers());

function reviewing(): Partial<WizardState> {
  const steps = forms.flows.new;
  const answers = Object.fromEntries(steps.map((step) => [step, {}]));
  answers.personal = { identification_type: 'passport', passport_number: 'AB123456', first_name: 'Asha' };
  answers.engineer = { engineer_id: 'ZEB/0001', validation_token: 'proof-token' };
  const engineer = {
    details: {
      registration_number: 'ZEB/0001',
      name: 'Eng. S',
      experience_years: 1,
      email: 'e@x.tz',
      mobile: '+255777000001',
    },
    token: 'proof-token',
  };
  return { type: 'new', answers, saved: [...steps], current: 'review', referenceNumber: REFERENCE, engineer };
}

describe('after Submit', () => {
  it('counts the 3.5 s from the message on screen, not from the server’s answer', async () => {
    const t = wt('en');
    let answered = false;
    server.use(
      mockCall(saveFinal, () => {
        answered = true;
        return answerFor(saveFinal, { reference_number: REFERENCE, status: 'submitted' }, 'Submitted');
      }),
    );
    const { user, router, store } = renderWizard('/home/new', { wizard: reviewing() });
    await screen.findByRole('heading', { level: 2, name: t('wizard.review.title') });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    await user.click(screen.getByRole('checkbox', { name: t('wizard.declaration.label') }));
    await user.click(screen.getByRole('button', { name: t('wizard.buttons.submit') }));
    await waitFor(() => expect(answered).toBe(true));

    // The server has answered, the message is not on screen yet (its module is on its way): no time counts.
    act(() => {
      vi.advanceTimersByTime(REDIRECT_DELAY_MS * 2);
    });
    expect(router.state.location.pathname).toBe('/home/new');
    const message = t('wizard.submitted.final', { reference_number: REFERENCE });
    expect(screen.queryByText(message)).toBeNull();

    gate.open();
    expect(await screen.findByText(message)).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(REDIRECT_DELAY_MS - 200);
    });
    expect(router.state.location.pathname).toBe('/home/new');
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(store.getState().wizard.phase).toBe('submitted');
    act(() => {
      vi.advanceTimersByTime(200);
    });
    // 3.5 s after the message showed: the application is cleared, and the page moves on.
    expect(store.getState().wizard.type).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/request_options'));
  });
});

describe.each(['en', 'sw'] as const)('Request options after Submit (%s)', (language) => {
  const t = wt(language);

  it('says the application was submitted, with the number, a copy button and what happens next', async () => {
    gate.open();
    server.use(
      mockCall(saveFinal, () =>
        answerFor(saveFinal, { reference_number: REFERENCE, status: 'submitted' }, 'Submitted'),
      ),
    );
    const { user, router } = renderWizard('/home/new', { wizard: reviewing(), language });
    await screen.findByRole('heading', { level: 2, name: t('wizard.review.title') });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    await user.click(screen.getByRole('checkbox', { name: t('wizard.declaration.label') }));
    await user.click(screen.getByRole('button', { name: t('wizard.buttons.submit') }));
    await screen.findByText(t('wizard.submitted.final', { reference_number: REFERENCE }));
    act(() => {
      vi.advanceTimersByTime(REDIRECT_DELAY_MS);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/request_options'));
    vi.useRealTimers();

    const heading = await screen.findByRole(
      'heading',
      { level: 1, name: t('request_options.submitted.title', { reference_number: REFERENCE }) },
      { timeout: 5000 },
    );
    expect(heading).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: t('request_options.submitted.next_title') })).toBeVisible();
    for (const text of [
      t('request_options.submitted.review'),
      t('request_options.submitted.invoice'),
      t('request_options.submitted.time', { count: REVIEW_WORKING_DAYS }),
      t('request_options.submitted.follow'),
    ])
      expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('request_options.view') })).toHaveAttribute('href', '/home/login');

    const copy = screen.getByRole('button', { name: t('copy_reference.copy') });
    if (language === 'en') {
      // The copy button copies the number and says so (user-event's clipboard stands in for the browser's).
      await user.click(copy);
      expect(await screen.findByRole('status')).toHaveTextContent(t('copy_reference.copied'));
      expect(await navigator.clipboard.readText()).toBe(REFERENCE);
    } else {
      // No clipboard (plain http, an old browser): the number is selected, and the page says how to copy it.
      Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
      await user.click(copy);
      expect(await screen.findByRole('status')).toHaveTextContent(t('copy_reference.select'));
      expect(window.getSelection()?.toString()).toBe(REFERENCE);
    }
  });
});

describe('Request options without a Submit before it', () => {
  it('shows only what to do next', async () => {
    const t = wt('en');
    const { router } = renderWizard('/home/landing');
    await act(() => router.navigate('/home/request_options'));
    expect(
      await screen.findByRole('heading', { level: 1, name: t('request_options.title') }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t('copy_reference.copy') })).toBeNull();
  });
});
