import { act, screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from './msw-server';
import { savedAnswer, withServedForms, wt } from './wizard-forms';
import { fillPersonal, renderWizard } from './wizard-render';
import { saveAndContinue } from '../../src/shared/api/applications';
import { answerFor, mockCall, refusalFor } from '../../src/client/mocks/mock-call';

// A save that gets no answer (the network is down, or cut mid-way) says "Saved on this phone" and is
// sent again, the same save (same save_id), when the browser is back online; then it says "Saved".

withServedForms();

describe.each(['en', 'sw'] as const)('a save without an answer (%s)', (language) => {
  const t = wt(language);
  const f = (key: string) => t(`forms:${key}`);

  it('is kept, shown as saved on this phone, and sent again with the same save_id once online', async () => {
    const bodies: { save_id?: string; data?: { first_name?: string } }[] = [];
    server.use(
      mockCall(saveAndContinue, async ({ request }) => {
        const body = (await request.json()) as (typeof bodies)[number];
        bodies.push(body);
        if (bodies.length === 1) return HttpResponse.error();
        return answerFor(
          saveAndContinue,
          savedAnswer(body, { reference_number: 'K7QWE-38452', step_number: 2 }),
          'Saved.',
        );
      }),
    );
    const { user } = renderWizard('/home/maintenance', { language });
    await fillPersonal(user, language);
    await user.click(screen.getByRole('button', { name: t('wizard.buttons.save_and_continue') }));

    const status = await screen.findByText(t('wizard.save_status.device'));
    expect(status.closest('[role=status]')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('heading', { level: 2, name: f('personal.title') })).toBeInTheDocument();
    expect(bodies).toHaveLength(1);

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await screen.findByRole('heading', { level: 2, name: f('repair.title') });
    expect(await screen.findByText(t('wizard.save_status.saved'))).toBeInTheDocument();
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[0]?.save_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(bodies[0]?.data?.first_name).toBe('Asha');
  });

  it('an answer from the server ends it: the next save is a new one, with a new save_id', async () => {
    const bodies: { save_id?: string }[] = [];
    server.use(
      mockCall(saveAndContinue, async ({ request }) => {
        bodies.push((await request.json()) as (typeof bodies)[number]);
        return refusalFor(saveAndContinue, 'validation_failed', 'Some answers need your attention.', { errors: [] });
      }),
    );
    const { user } = renderWizard('/home/maintenance', { language });
    await fillPersonal(user, language);
    const save = screen.getByRole('button', { name: t('wizard.buttons.save_and_continue') });
    await user.click(save);
    await screen.findByText('Some answers need your attention.');
    await user.click(save);
    await expect.poll(() => bodies.length).toBe(2);
    expect(bodies[1]?.save_id).not.toBe(bodies[0]?.save_id);
    expect(screen.queryByText(t('wizard.save_status.device'))).not.toBeInTheDocument();
  });
});
