import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from './msw-server';
import { formsAnswer, savedAnswer, withServedForms, wt } from './wizard-forms';
import { fillPersonal, renderWizard } from './wizard-render';
import { saveAndContinue } from '../../src/shared/api/applications';
import { getForms } from '../../src/shared/api/forms';
import { answerFor, mockCall, refusalFor } from '../../src/client/mocks/mock-call';

const t = wt('en');
const f = (key: string) => t(`forms:${key}`);
const forms = withServedForms();

const button = (key: string) => screen.getByRole('button', { name: t(`wizard.buttons.${key}`) });
const textbox = (key: string) => screen.getByRole('textbox', { name: f(key) });

describe('the wizard', () => {
  it.each([
    ['/home/new', 'titles.new', 'new'],
    ['/home/new?type=government', 'wizard.government_title', 'government'],
    ['/home/maintenance', 'titles.maintenance', 'repair'],
    ['/home/no_drawings', 'titles.no_drawings', 'special'],
  ] as const)('%s opens its flow on the personal step, with its steps and buttons', async (path, titleKey, type) => {
    renderWizard(path);
    await screen.findByRole('heading', { level: 1, name: t(titleKey) });
    await screen.findByRole('heading', { level: 2, name: f('personal.title') });
    const steps = forms.flows[type];
    const where = t('wizard.progress.step', { step: 1, total: steps.length, title: f('personal.title') });
    expect(screen.getByText(where)).toBeInTheDocument();
    const stepper = screen.getByLabelText(t('wizard.progress.steps'));
    const titles = [...steps.map((step) => f(`${step}.title`)), t('wizard.review.title')];
    for (const title of titles) expect(within(stepper).getByText(title)).toBeInTheDocument();

    expect(button('save_and_continue')).toBeInTheDocument();
    expect(button('save_later')).toBeInTheDocument();
    for (const absent of ['previous', 'next', 'submit'])
      expect(screen.queryByRole('button', { name: t(`wizard.buttons.${absent}`) })).not.toBeInTheDocument();
    // Labels are translated: no translation key shows, and patternProperties add no "Add" button.
    expect(document.body.textContent).not.toMatch(/personal\.\w+\.(title|help)/);
    expect(screen.queryByRole('button', { name: /^add/i })).not.toBeInTheDocument();
  });

  it('says when the forms could not be had (its alert loads then), and Retry opens the first step', async () => {
    let reachable = false;
    server.use(mockCall(getForms, () => (reachable ? answerFor(getForms, formsAnswer(forms)) : HttpResponse.error())));
    const { user } = renderWizard('/home/new');
    expect(await screen.findByText(t('wizard.forms_failed'))).toBeInTheDocument();
    reachable = true;
    await user.click(screen.getByRole('button', { name: t('load_error.retry') }));
    await screen.findByRole('heading', { level: 2, name: f('personal.title') });
  });

  it('lists what is missing in a focused summary whose links lead to the fields', async () => {
    const { user } = renderWizard('/home/maintenance');
    await user.click(await screen.findByRole('button', { name: t('wizard.buttons.save_and_continue') }));

    const summary = await screen.findByRole('alert', { name: t('wizard.errors.title', { count: 6 }) });
    // Focused by an effect once shown (late on a busy machine): waited for before a link is followed.
    await waitFor(() => expect(summary).toHaveFocus());
    const required = t('validation:required');
    const firstName = within(summary).getByRole('link', { name: `${f('personal.first_name.title')}: ${required}` });
    expect(firstName).toHaveAttribute('href', '#root_first_name');
    await user.click(firstName);
    expect(textbox('personal.first_name.title')).toHaveFocus();

    await user.click(
      within(summary).getByRole('link', { name: `${f('personal.identification_type.title')}: ${required}` }),
    );
    expect(screen.getByRole('radio', { name: f('personal.identification_type.options.zanid') })).toHaveFocus();
    // The same message stands under the field.
    expect(screen.getAllByText(required).length).toBeGreaterThanOrEqual(6);
  });

  it('shows the server’s 422 errors on their fields and in the summary', async () => {
    const message = 'This phone number cannot receive codes.';
    server.use(
      mockCall(saveAndContinue, () =>
        refusalFor(saveAndContinue, 'validation_failed', 'Some answers need your attention.', {
          errors: [{ path: '/personal/phone', message }],
        }),
      ),
    );
    const { user } = renderWizard('/home/maintenance');
    await fillPersonal(user);
    await user.click(button('save_and_continue'));

    const summary = await screen.findByRole('alert', { name: t('wizard.errors.title', { count: 1 }) });
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('link', { name: `${f('personal.phone.title')}: ${message}` })).toHaveAttribute(
      'href',
      '#root_phone',
    );
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(textbox('personal.phone.title')).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a hidden character (a zero-width space) in a name before sending, as the server would', async () => {
    const bodies: unknown[] = [];
    server.use(
      mockCall(saveAndContinue, async ({ request }) => {
        const body = await request.json();
        bodies.push(body);
        return answerFor(
          saveAndContinue,
          savedAnswer(body, { reference_number: 'ABCDE-FGHJK', step_number: 2 }),
          'Saved.',
        );
      }),
    );
    const { user } = renderWizard('/home/maintenance');
    await fillPersonal(user);
    await user.type(textbox('personal.last_name.title'), '\u200B');
    await user.click(button('save_and_continue'));

    const summary = await screen.findByRole('alert', { name: t('wizard.errors.title', { count: 1 }) });
    const hidden = t('validation:hidden_characters');
    expect(within(summary).getByRole('link', { name: `${f('personal.last_name.title')}: ${hidden}` })).toHaveAttribute(
      'href',
      '#root_last_name',
    );
    expect(bodies).toEqual([]);
  });

  it('Save And Continue goes where the server says (its next_step), not where the browser would count', async () => {
    server.use(
      mockCall(saveAndContinue, () =>
        answerFor(saveAndContinue, { reference_number: 'ABCDE-FGHJK', step_number: 3, next_step: 'uploads' }, 'Saved.'),
      ),
    );
    const { user } = renderWizard('/home/maintenance');
    await fillPersonal(user);
    await user.click(button('save_and_continue'));
    await screen.findByRole('heading', { level: 2, name: f('uploads.title') });
    expect(screen.queryByRole('heading', { level: 2, name: f('repair.title') })).toBeNull();
  });

  it('Save And Continue saves the step, stores the reference number and step, and moves on', async () => {
    const bodies: unknown[] = [];
    server.use(
      mockCall(saveAndContinue, async ({ request }) => {
        const body = await request.json();
        bodies.push(body);
        return answerFor(
          saveAndContinue,
          savedAnswer(body, { reference_number: 'ABCDE-FGHJK', step_number: 2 }),
          'Saved.',
        );
      }),
    );
    const { user, store } = renderWizard('/home/maintenance');
    await fillPersonal(user);
    await user.click(button('save_and_continue'));

    const repair = await screen.findByRole('heading', { level: 2, name: f('repair.title') });
    await waitFor(() => expect(repair).toHaveFocus());
    expect(bodies).toEqual([
      {
        application_type: 'repair',
        step_number: 1,
        // The version of the forms shown: a save from older forms is answered forms_changed.
        forms_version: forms.version,
        data: expect.objectContaining({
          identification_type: 'passport',
          passport_number: 'AB123456',
          first_name: 'Asha',
        }),
        // Each save has its own idempotency key: a repeat after a lost answer is not saved twice.
        save_id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      },
    ]);
    expect(localStorage.getItem('reference_number')).toBe('ABCDE-FGHJK');
    expect(sessionStorage.getItem('step_number')).toBe('2');
    expect(screen.getByText(t('wizard.progress.saved', { done: 1, total: 3 }))).toBeInTheDocument();
    expect(store.getState().wizard.referenceNumber).toBe('ABCDE-FGHJK');

    await user.click(button('previous'));
    expect(await screen.findByRole('textbox', { name: f('personal.first_name.title') })).toHaveValue('Asha');
    await user.click(button('next'));
    await screen.findByRole('heading', { level: 2, name: f('repair.title') });
  });

  it('asks for the code sent to a new phone number before a save that changes it, and sends it with the save', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      mockCall(saveAndContinue, async ({ request }) => {
        const sent = (await request.json()) as Record<string, unknown>;
        bodies.push(sent);
        const code = (sent.phone_code as { code?: string } | undefined)?.code;
        if (code === undefined)
          return refusalFor(
            saveAndContinue,
            'phone_change_code_sent',
            'Enter the code we sent to the new number •••• 888.',
            {
              phone_confirmation: {
                challenge_id: 'challenge-1',
                sent_to: '•••• 888',
                expires_in_s: 600,
                resend_after_s: 60,
              },
            },
          );
        if (code !== '654321')
          return refusalFor(saveAndContinue, 'wrong_code', 'The code is wrong or has expired.', {
            errors: [{ path: '/phone_code/code', message: 'The code is wrong or has expired.' }],
          });
        return answerFor(
          saveAndContinue,
          savedAnswer(sent, { reference_number: 'ABCDE-FGHJK', step_number: 2 }),
          'Saved.',
        );
      }),
    );
    const { user } = renderWizard('/home/maintenance');
    await fillPersonal(user);
    await user.click(button('save_and_continue'));

    const dialog = await screen.findByRole('dialog', { name: t('wizard.phone_change.title') });
    expect(dialog).toHaveTextContent('Enter the code we sent to the new number •••• 888.');
    const code = await screen.findByRole('textbox', { name: t('view.code') });
    await waitFor(() => expect(code).toHaveFocus());
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: t('wizard.phone_change.confirm') }));
    expect(await screen.findByText('The code is wrong or has expired.')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: t('view.code') }));
    await user.type(screen.getByRole('textbox', { name: t('view.code') }), '654321');
    await user.click(screen.getByRole('button', { name: t('wizard.phone_change.confirm') }));

    await screen.findByRole('heading', { level: 2, name: f('repair.title') });
    expect(bodies.map((b) => b.phone_code)).toEqual([
      undefined,
      { challenge_id: 'challenge-1', code: '111111' },
      { challenge_id: 'challenge-1', code: '654321' },
    ]);
  });

  it('Save & Complete Later shows the reference number large, with a copy button and the way back', async () => {
    server.use(
      mockCall(saveAndContinue, async ({ request }) =>
        answerFor(
          saveAndContinue,
          savedAnswer(await request.json(), { reference_number: 'KQ7MZ-4XPRT', step_number: 2 }),
          'Saved.',
        ),
      ),
    );
    const { user } = renderWizard('/home/maintenance');
    await fillPersonal(user);
    await user.click(button('save_later'));

    // The focus moves to the heading by an effect once it is on the page: waited for (failed twice under load).
    const heading = await screen.findByRole('heading', { level: 2, name: t('wizard.saved.title') });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('KQ7MZ-4XPRT')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t('copy_reference.copy') })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('wizard.saved.continue_link') })).toHaveAttribute(
      'href',
      '/home/continue',
    );
    expect(localStorage.getItem('reference_number')).toBe('KQ7MZ-4XPRT');
  });

  it("loads the form texts with the wizard, in the page's language, and Swahili's when chosen", async () => {
    const { user } = renderWizard('/home/new', { texts: 'app' });
    expect(await screen.findByRole('heading', { level: 2, name: f('personal.title') })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: new RegExp(f('personal.first_name.title')) })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: t('language.label') }), t('language.sw'));

    const sw = wt('sw');
    expect(await screen.findByRole('heading', { level: 2, name: sw('forms:personal.title') })).toBeInTheDocument();
    expect(
      screen.getByRole('textbox', { name: new RegExp(sw('forms:personal.first_name.title')) }),
    ).toBeInTheDocument();
  });

  it('speaks Swahili: labels, buttons and validation messages', async () => {
    const sw = wt('sw');
    const { user } = renderWizard('/home/new', { language: 'sw' });
    await screen.findByRole('heading', { level: 2, name: sw('forms:personal.title') });
    await user.click(screen.getByRole('button', { name: sw('wizard.buttons.save_and_continue') }));
    const summary = await screen.findByRole('alert', { name: sw('wizard.errors.title', { count: 6 }) });
    const link = `${sw('forms:personal.first_name.title')}: ${sw('validation:required')}`;
    expect(within(summary).getByRole('link', { name: link })).toBeInTheDocument();
  });
});
