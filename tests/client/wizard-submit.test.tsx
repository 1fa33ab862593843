import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REDIRECT_DELAY_MS } from '../../src/client/features/wizard/use-submitted-redirect';
import type { WizardState } from '../../src/client/features/wizard/wizard-slice';
import swApi from '../../locales/sw/api.json';
import swValidation from '../../locales/sw/validation.json';
import { server } from './msw-server';
import { withServedForms, wt } from './wizard-forms';
import { renderWizard } from './wizard-render';
import { requestMaintenance, saveAndContinue, saveFinal } from '../../src/shared/api/applications';
import { sendEngineerOtp, validateEngineerOtp } from '../../src/shared/api/engineers';
import { answerFor, mockCall, refusalFor, type AnswerData } from '../../src/client/mocks/mock-call';
import type { ApiCall } from '../../src/shared/api/call';

const t = wt('en');
const f = (key: string) => t(`forms:${key}`);
const forms = withServedForms();
const REFERENCE = 'ABCDE-FGHJK';

afterEach(() => vi.useRealTimers());

const personal = {
  identification_type: 'passport',
  passport_number: 'AB123456',
  first_name: 'Asha',
  last_name: 'Juma',
};
const engineer = {
  details: {
    registration_number: 'ZEB/0001',
    name: 'Eng. Salma Khamis',
    experience_years: 12,
    email: 's@x.tz',
    mobile: '+255777000001',
    role: null,
  },
  token: 'proof-token',
};

/** An application with every step of its flow saved, the review open. */
function reviewing(type: 'new' | 'repair'): Partial<WizardState> {
  const steps = forms.flows[type];
  const answers = Object.fromEntries(steps.map((step) => [step, step === 'personal' ? personal : {}]));
  answers.engineer = { engineer_id: 'ZEB/0001', validation_token: 'proof-token' };
  return { type, answers, saved: [...steps], current: 'review', referenceNumber: REFERENCE, engineer };
}

/**
 * Fake setTimeout from here on. It also moves with the real clock (by a few ms between two lines here),
 * because the network mock and MUI need their zero-delay timers to run.
 */
function fakeTimers() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
}

/** Records the bodies a call receives and answers 200 with `data`, the call's answer. */
function recordCall<C extends ApiCall>(call: C, data: NoInfer<AnswerData<C>>): unknown[];
function recordCall(call: ApiCall, data: unknown) {
  const bodies: unknown[] = [];
  server.use(
    mockCall(call, async ({ request }) => {
      bodies.push(await request.json());
      return answerFor(call, data, 'Submitted');
    }),
  );
  return bodies;
}

/** A save's idempotency key (offline/offline-saving.ts). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('submitting', () => {
  it('final save: shows the message, then after 3.5 s clears the application and goes to Request options', async () => {
    const bodies = recordCall(saveFinal, { reference_number: REFERENCE, status: 'submitted' });
    localStorage.setItem('reference_number', REFERENCE);
    sessionStorage.setItem('continue_data', '{"step_number":3}');
    const { user, router, store } = renderWizard('/home/new', { wizard: reviewing('new') });

    await screen.findByRole('heading', { level: 2, name: t('wizard.review.title') });
    expect(screen.getAllByRole('button', { name: new RegExp(`^${t('wizard.review.change')}`) })).toHaveLength(7);
    expect(screen.getByText('Asha')).toBeInTheDocument();
    expect(screen.getByText(f('personal.identification_type.options.passport'))).toBeInTheDocument();

    fakeTimers();
    await user.click(await screen.findByRole('checkbox', { name: t('wizard.declaration.label') }));
    await user.click(screen.getByRole('button', { name: t('wizard.buttons.submit') }));
    expect(await screen.findByText(t('wizard.submitted.final', { reference_number: REFERENCE }))).toBeInTheDocument();
    expect(bodies).toEqual([
      expect.objectContaining({
        application_type: 'new',
        reference_number: REFERENCE,
        declaration: true,
        data: expect.any(Object),
      }),
    ]);
    const sent = (bodies[0] as { data: Record<string, Record<string, unknown>> }).data;
    expect(Object.keys(sent)).toEqual(forms.flows.new);
    expect(sent.engineer).toEqual({ engineer_id: 'ZEB/0001', validation_token: 'proof-token' });

    act(() => {
      vi.advanceTimersByTime(REDIRECT_DELAY_MS - 500);
    });
    expect(router.state.location.pathname).toBe('/home/new');
    expect(localStorage.getItem('reference_number')).toBe(REFERENCE);
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(localStorage.getItem('reference_number')).toBeNull();
    expect(sessionStorage.getItem('continue_data')).toBeNull();
    expect(store.getState().wizard.type).toBeNull();
    // Request options is a lazily loaded page: the navigation ends once it has arrived.
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/request_options'));
  });

  it('repair request: shows the message, then after 3.5 s clears the form and goes to Login', async () => {
    const bodies = recordCall(requestMaintenance, {
      reference_number: REFERENCE,
      status: 'submitted',
    });
    const { user, router, store } = renderWizard('/home/maintenance', { wizard: reviewing('repair') });
    await screen.findByRole('heading', { level: 2, name: t('wizard.review.title') });

    fakeTimers();
    await user.click(await screen.findByRole('checkbox', { name: t('wizard.declaration.label') }));
    await user.click(screen.getByRole('button', { name: t('wizard.buttons.submit') }));
    expect(await screen.findByText(t('wizard.submitted.request', { reference_number: REFERENCE }))).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        reference_number: REFERENCE,
        forms_version: forms.version,
        declaration: true,
        data: expect.objectContaining({ personal, repair: {} }),
        save_id: expect.stringMatching(UUID),
      },
    ]);

    act(() => {
      vi.advanceTimersByTime(REDIRECT_DELAY_MS);
    });
    expect(router.state.location.pathname).toBe('/home/login');
    expect(store.getState().wizard.answers).toEqual({});
  });

  it('Submit tapped again after its answer was lost sends the same save_id: the server submits it once', async () => {
    const bodies: { save_id?: string }[] = [];
    server.use(
      mockCall(requestMaintenance, async ({ request }) => {
        bodies.push((await request.json()) as { save_id?: string });
        return bodies.length === 1
          ? HttpResponse.error()
          : answerFor(requestMaintenance, { reference_number: REFERENCE, status: 'submitted' });
      }),
    );
    const { user } = renderWizard('/home/maintenance', { wizard: reviewing('repair') });
    await screen.findByRole('heading', { level: 2, name: t('wizard.review.title') });
    await user.click(await screen.findByRole('checkbox', { name: t('wizard.declaration.label') }));
    const submit = screen.getByRole('button', { name: t('wizard.buttons.submit') });
    await user.click(submit);
    await waitFor(() => expect(bodies).toHaveLength(1));
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await screen.findByText(t('wizard.submitted.request', { reference_number: REFERENCE }))).toBeInTheDocument();
    expect(bodies).toHaveLength(2);
    expect(bodies[0]!.save_id).toMatch(UUID);
    expect(bodies[1]!.save_id).toBe(bodies[0]!.save_id);
  });

  it('a failed Submit lists the errors by step, and each leads to its step', async () => {
    const message = t('validation:required');
    server.use(
      mockCall(saveFinal, () =>
        refusalFor(saveFinal, 'documents_missing', 'Some required documents have not been uploaded.', {
          errors: [{ path: '/uploads/documents/sheha_letter', message }],
        }),
      ),
    );
    const { user } = renderWizard('/home/new', { wizard: reviewing('new') });
    await user.click(await screen.findByRole('checkbox', { name: t('wizard.declaration.label') }));
    await user.click(await screen.findByRole('button', { name: t('wizard.buttons.submit') }));
    const summary = await screen.findByRole('alert', { name: t('wizard.errors.title', { count: 1 }) });
    await user.click(
      within(summary).getByRole('button', {
        name: `${f('uploads.documents.title')}, ${forms.documents.find((d) => d.id === 'sheha_letter')!.name.en}: ${message}`,
      }),
    );
    await screen.findByRole('heading', { level: 2, name: f('uploads.title') });
    const onUploads = await screen.findByRole('alert', { name: t('wizard.errors.title', { count: 1 }) });
    await waitFor(() => expect(onUploads).toHaveFocus());
    expect(await screen.findByRole('list', { name: t('wizard.uploads.required') })).toBeInTheDocument();
  });
});

describe('the engineer step', () => {
  it('shows the code entry after a send, keeps it after a wrong code, and confirms with the right one', async () => {
    let attempts = 0;
    const asked: unknown[] = [];
    server.use(
      mockCall(sendEngineerOtp, async ({ request }) => {
        asked.push(await request.json());
        return answerFor(
          sendEngineerOtp,
          { sent_to: '+255 777 *** 001', expires_in_s: 600, resend_after_s: 60 },
          'Sent',
        );
      }),
      mockCall(validateEngineerOtp, async ({ request }) => {
        asked.push(await request.json());
        return ++attempts === 1
          ? refusalFor(validateEngineerOtp, 'wrong_code', 'The code is wrong or has expired.', {})
          : answerFor(validateEngineerOtp, { engineer: engineer.details, validation_token: 'fresh-token' });
      }),
    );
    const saves = recordCall(saveAndContinue, {
      reference_number: REFERENCE,
      step_number: 3,
      next_step: 'construction',
    });
    const { user } = renderWizard('/home/new', {
      wizard: {
        type: 'new',
        answers: { personal },
        saved: ['personal'],
        current: 'engineer',
        referenceNumber: REFERENCE,
      },
    });
    const code = () => screen.queryByRole('textbox', { name: t('wizard.engineer.code') });
    await user.type(await screen.findByRole('textbox', { name: f('engineer.engineer_id.title') }), 'ZEB/0001');
    expect(code()).not.toBeInTheDocument();

    // The button comes once typing pauses, with the number typed.
    await user.click(await screen.findByRole('button', { name: t('wizard.engineer.send') }));
    await user.type(await screen.findByRole('textbox', { name: t('wizard.engineer.code') }), '123456');
    await user.click(screen.getByRole('button', { name: t('wizard.engineer.check') }));
    expect(await screen.findByText('The code is wrong or has expired.')).toBeInTheDocument();
    expect(code()).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: t('wizard.engineer.check') }));
    expect(await screen.findByText(engineer.details.name)).toBeInTheDocument();
    expect(code()).not.toBeInTheDocument();
    expect(screen.getByText(engineer.details.email)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: t('wizard.buttons.save_and_continue') }));
    await screen.findByRole('heading', { level: 2, name: f('construction.title') });
    expect(saves).toEqual([
      {
        application_type: 'new',
        step_number: 2,
        reference_number: REFERENCE,
        forms_version: forms.version,
        data: { engineer_id: 'ZEB/0001', validation_token: 'fresh-token' },
        save_id: expect.stringMatching(UUID),
      },
    ]);
    // Every call names the draft: the engineer's SMS names it, and the confirmation is for it alone.
    expect(asked).toEqual([
      { engineer_id: 'ZEB/0001', reference_number: REFERENCE },
      { engineer_id: 'ZEB/0001', otp: '123456', reference_number: REFERENCE },
      { engineer_id: 'ZEB/0001', otp: '123456', reference_number: REFERENCE },
    ]);
  });
});

describe('the declaration at Submit (issue 17, item 9)', () => {
  it('refuses Submit until the declaration is ticked: its error shows, the focus goes to it, nothing is sent', async () => {
    const bodies = recordCall(requestMaintenance, { reference_number: REFERENCE, status: 'submitted' });
    const { user } = renderWizard('/home/maintenance', { wizard: reviewing('repair') });
    await user.click(await screen.findByRole('button', { name: t('wizard.buttons.submit') }));
    const box = screen.getByRole('checkbox', { name: t('wizard.declaration.label') });
    expect(await screen.findByText(t('wizard.declaration.required'))).toBeVisible();
    expect(box).toHaveFocus();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription(t('wizard.declaration.required'));
    expect(bodies).toEqual([]);

    await user.click(box);
    expect(screen.queryByText(t('wizard.declaration.required'))).toBeNull();
    await user.click(screen.getByRole('button', { name: t('wizard.buttons.submit') }));
    expect(await screen.findByText(t('wizard.submitted.request', { reference_number: REFERENCE }))).toBeVisible();
    expect(bodies).toEqual([expect.objectContaining({ declaration: true })]);
  });

  it("shows the server's refusal of the declaration on the checkbox, in Swahili", async () => {
    const sw = wt('sw');
    const message = swValidation.declaration_required;
    server.use(
      mockCall(requestMaintenance, () =>
        refusalFor(requestMaintenance, 'declaration_required', swApi.declaration_required, {
          errors: [{ path: '/declaration', message }],
        }),
      ),
    );
    const { user } = renderWizard('/home/maintenance', { wizard: reviewing('repair'), language: 'sw' });
    await user.click(await screen.findByRole('checkbox', { name: sw('wizard.declaration.label') }));
    await user.click(screen.getByRole('button', { name: sw('wizard.buttons.submit') }));
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.getByRole('checkbox', { name: sw('wizard.declaration.label') })).toHaveFocus();
  });
});
