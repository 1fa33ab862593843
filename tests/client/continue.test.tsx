import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server } from './msw-server';
import { PERSONAL, withServedForms, wt } from './wizard-forms';
import { renderWizard } from './wizard-render';
import {
  continueApplication,
  submitApplication,
  verifyCode,
  type VerifyCodeAnswer,
} from '../../src/shared/api/continue';
import { answerFor, mockCall, refusalFor } from '../../src/client/mocks/mock-call';

const t = wt('en');
const f = (key: string) => t(`forms:${key}`);
const forms = withServedForms();
const REFERENCE = 'KQ7MZ-4XPRT';
const draft: VerifyCodeAnswer = {
  reference_number: REFERENCE,
  application_type: 'repair',
  step_number: 3,
  data: { personal: PERSONAL, repair: { street_village: 'Mkunazini' } },
};

/** continue_application and verify_code as the server answers them; `codeOk` says which codes open the draft. */
function continueCalls(answer: VerifyCodeAnswer = draft) {
  const bodies: { path: string; body: unknown }[] = [];
  server.use(
    mockCall(continueApplication, async ({ request }) => {
      const body = (await request.json()) as { reference_number: string };
      bodies.push({ path: 'continue', body });
      if (body.reference_number.replace(/[\s-]/g, '').toUpperCase() !== REFERENCE.replace('-', ''))
        return refusalFor(
          continueApplication,
          'application_not_found',
          'No application has this reference number.',
          {},
        );
      return answerFor(
        continueApplication,
        { challenge_id: 'ch-1', sent_to: '+255 777 *** 456', expires_in_s: 600 },
        'Code sent',
      );
    }),
    mockCall(verifyCode, async ({ request }) => {
      const body = (await request.json()) as { code: string };
      bodies.push({ path: 'verify', body });
      return body.code === '654321'
        ? answerFor(verifyCode, answer)
        : refusalFor(verifyCode, 'wrong_code', 'The code is wrong or has expired.', {});
    }),
  );
  return bodies;
}

describe('continue an application', () => {
  it('takes the reference number as typed, then the code, stores the draft and opens it at its first incomplete step', async () => {
    const bodies = continueCalls();
    const { user, router, store } = renderWizard('/home/continue');
    await screen.findByRole('heading', { level: 1, name: t('titles.continue') });
    await user.type(screen.getByRole('textbox', { name: t('continue.reference') }), '  kq7mz 4xprt ');
    await user.click(screen.getByRole('button', { name: t('continue.send_code') }));

    expect(
      await screen.findByText(t('continue.sent', { sent_to: '+255 777 *** 456', minutes: 10 })),
    ).toBeInTheDocument();
    const code = screen.getByRole('textbox', { name: t('continue.code') });
    expect(code).toHaveFocus();
    expect(bodies[0]).toEqual({ path: 'continue', body: { reference_number: 'kq7mz 4xprt' } });

    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: t('continue.verify') }));
    expect(await screen.findByText('The code is wrong or has expired.')).toBeInTheDocument();
    expect(code).toHaveFocus();
    expect(router.state.location.pathname).toBe('/home/continue');

    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: t('continue.verify') }));
    await screen.findByRole('heading', { level: 2, name: f('uploads.title') });
    expect(router.state.location.pathname).toBe('/home/continue_form');
    expect(screen.getByRole('heading', { level: 1, name: t('titles.continue_form') })).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem('continue_data')!)).toEqual(draft);
    // Personal data never outlives the tab (a shared phone): only the reference number is persistent.
    expect(localStorage.getItem('continue_data')).toBeNull();
    expect(localStorage.getItem('reference_number')).toBe(REFERENCE);
    expect(sessionStorage.getItem('step_number')).toBe('3');
    expect(store.getState().wizard).toMatchObject({
      type: 'repair',
      saved: ['personal', 'repair'],
      referenceNumber: REFERENCE,
      continued: true,
    });
  });

  it("shows the server's refusal of the reference number at the field, in the chosen language", async () => {
    continueCalls();
    const { user } = renderWizard('/home/continue', { language: 'sw' });
    const sw = wt('sw');
    const field = await screen.findByRole('textbox', { name: sw('continue.reference') });
    await user.type(field, 'ZZZZZ-ZZZZZ');
    await user.click(screen.getByRole('button', { name: sw('continue.send_code') }));
    expect(await screen.findByText('No application has this reference number.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();

    await user.clear(field);
    await user.type(field, 'abc_1');
    await user.click(screen.getByRole('button', { name: sw('continue.send_code') }));
    expect(await screen.findByText(sw('continue.reference_invalid'))).toBeInTheDocument();
  });

  it('/home/continue_form without continue data goes to /home/continue', async () => {
    const { router } = renderWizard('/home/continue_form');
    await screen.findByRole('heading', { level: 1, name: t('titles.continue') });
    expect(router.state.location.pathname).toBe('/home/continue');
  });

  it('reopens from the stored continue data after a reload', async () => {
    sessionStorage.setItem('continue_data', JSON.stringify(draft));
    renderWizard('/home/continue_form');
    await screen.findByRole('heading', { level: 2, name: f('uploads.title') });
  });

  it('submits a continued draft with submit_application, then goes to Request options after 3.5 s', async () => {
    const complete = { ...draft, data: { ...draft.data, uploads: { documents: { sheha_letter: 'att-12345678' } } } };
    sessionStorage.setItem('continue_data', JSON.stringify(complete));
    localStorage.setItem('reference_number', REFERENCE);
    const bodies: unknown[] = [];
    server.use(
      mockCall(submitApplication, async ({ request }) => {
        bodies.push(await request.json());
        return answerFor(submitApplication, { reference_number: REFERENCE, status: 'submitted' }, 'Submitted');
      }),
    );
    const { user, router } = renderWizard('/home/continue_form');
    await screen.findByRole('heading', { level: 2, name: t('wizard.review.title') });
    await user.click(await screen.findByRole('checkbox', { name: t('wizard.declaration.label') }));
    await user.click(screen.getByRole('button', { name: t('wizard.buttons.submit') }));
    expect(await screen.findByText(t('wizard.submitted.final', { reference_number: REFERENCE }))).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        reference_number: REFERENCE,
        forms_version: forms.version,
        declaration: true,
        data: complete.data,
        save_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/request_options'), { timeout: 8000 });
    expect(sessionStorage.getItem('continue_data')).toBeNull();
    expect(localStorage.getItem('reference_number')).toBeNull();
  });
});
