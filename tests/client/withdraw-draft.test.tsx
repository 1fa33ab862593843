import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Language } from '../../src/shared/reference-data';
import { server } from './msw-server';
import { savedAnswer, withServedForms, wt } from './wizard-forms';
import { fillPersonal, renderWizard } from './wizard-render';
import { saveAndContinue } from '../../src/shared/api/applications';
import { withdrawDraft } from '../../src/shared/api/withdraw';
import { answerFor, mockCall, refusalFor } from '../../src/client/mocks/mock-call';

// Issue 17, item 12: withdrawing a draft from the wizard's "saved for later" outcome.

withServedForms();
const REFERENCE = 'KQ7MZ-4XPRT';

beforeEach(() =>
  server.use(
    mockCall(saveAndContinue, async ({ request }) =>
      answerFor(
        saveAndContinue,
        savedAnswer(await request.json(), { reference_number: REFERENCE, step_number: 2 }),
        'Saved.',
      ),
    ),
  ),
);

async function savedForLater(user: UserEvent, language: Language) {
  const t = wt(language);
  await fillPersonal(user, language);
  await user.click(screen.getByRole('button', { name: t('wizard.buttons.save_later') }));
  await screen.findByRole('heading', { level: 2, name: t('wizard.saved.title') });
}

describe.each(['en', 'sw'] as const)('withdrawing a draft from the wizard (%s)', (language) => {
  const t = wt(language);

  it('asks for a reason, confirms, then forgets the draft here and says it was withdrawn', async () => {
    const bodies: unknown[] = [];
    server.use(
      mockCall(withdrawDraft, async ({ request }) => {
        bodies.push(await request.json());
        return answerFor(
          withdrawDraft,
          {
            reference_number: REFERENCE,
            status: 'withdrawn',
            withdrawn_at: '2026-11-26T10:00:00.000Z',
          },
          'Withdrawn.',
        );
      }),
    );
    const { user } = renderWizard('/home/maintenance', { language });
    await savedForLater(user, language);
    expect(localStorage.getItem('open_draft')).toContain(REFERENCE);

    await user.click(screen.getByRole('button', { name: t('wizard.withdraw.open') }));
    const dialog = await screen.findByRole('dialog', {
      name: t('wizard.withdraw.title', { reference_number: REFERENCE }),
    });
    const reason = within(dialog).getByRole('textbox', { name: new RegExp(t('wizard.withdraw.reason')) });
    expect(reason).toHaveAttribute('maxlength', '500');
    // Only spaces: refused here, nothing sent.
    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: t('wizard.withdraw.confirm') }));
    expect(await within(dialog).findByText(t('wizard.withdraw.reason_required'))).toBeInTheDocument();
    await waitFor(() => expect(reason).toHaveFocus());
    expect(bodies).toEqual([]);

    await user.type(reason, 'Changed plans');
    await user.click(within(dialog).getByRole('button', { name: t('wizard.withdraw.confirm') }));
    const heading = await screen.findByRole('heading', { level: 2, name: t('wizard.withdraw.done_title') });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(t('wizard.withdraw.done', { reference_number: REFERENCE }))).toBeInTheDocument();
    expect(bodies).toEqual([{ reference_number: REFERENCE, reason: 'Changed plans' }]);
    expect(localStorage.getItem('open_draft')).toBeNull();
    expect(localStorage.getItem('reference_number')).toBeNull();
    expect(screen.getByRole('link', { name: t('wizard.withdraw.start_new') })).toHaveAttribute('href', '/home/request');
  });

  it('"No, keep it" sends nothing; a refusal of the server is shown in the dialog and keeps the draft', async () => {
    let calls = 0;
    server.use(
      mockCall(withdrawDraft, () => {
        calls++;
        return refusalFor(withdrawDraft, 'already_submitted', 'Server says no', {});
      }),
    );
    const { user } = renderWizard('/home/maintenance', { language });
    await savedForLater(user, language);
    await user.click(screen.getByRole('button', { name: t('wizard.withdraw.open') }));
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: t('wizard.withdraw.keep') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toBe(0);

    await user.click(screen.getByRole('button', { name: t('wizard.withdraw.open') }));
    dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'Changed plans');
    await user.click(within(dialog).getByRole('button', { name: t('wizard.withdraw.confirm') }));
    expect(await within(dialog).findByText('Server says no')).toBeInTheDocument();
    expect(calls).toBe(1);
    expect(localStorage.getItem('open_draft')).toContain(REFERENCE);
  });
});
