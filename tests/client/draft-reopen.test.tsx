import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server } from './msw-server';
import { PERSONAL, savedAnswer, withServedForms, wt } from './wizard-forms';
import { renderWizard } from './wizard-render';
import { saveAndContinue } from '../../src/shared/api/applications';
import { openDraft } from '../../src/shared/api/open-draft';
import { answerFor, mockCall, refusalFor } from '../../src/client/mocks/mock-call';

/**
 * Issue 17 in the client: a reload reopens the draft from the server (open_draft), never a second one;
 * Save & Complete Later saves a half-filled step (unfinished: true) and shows the reference number.
 */

const t = wt('en');
const sw = wt('sw');
const f = (key: string) => t(`forms:${key}`);
withServedForms();
const REFERENCE = 'KQ7MZ-4XPRT';

function openDraftAnswers(answer: () => Response | Promise<Response>) {
  const bodies: unknown[] = [];
  server.use(
    mockCall(openDraft, async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

/** open_draft's answer: the repair draft, its personal step saved, and the steps kept unfinished. */
const reopenedRepair = (unfinished: Record<string, Record<string, unknown>>) =>
  answerFor(openDraft, {
    reference_number: REFERENCE,
    application_type: 'repair',
    step_number: 2,
    data: { personal: PERSONAL },
    unfinished,
    attachments: [],
  });

describe('reopening the draft after a reload', () => {
  it('asks the server for the draft this browser has open and opens it where the tab was, with the typed answers', async () => {
    localStorage.setItem('open_draft', JSON.stringify({ reference_number: REFERENCE, application_type: 'repair' }));
    sessionStorage.setItem('wizard_step', JSON.stringify({ reference_number: REFERENCE, step: 'personal' }));
    const bodies = openDraftAnswers(() => reopenedRepair({ repair: { street_village: 'Mkunazini' } }));
    const { store } = renderWizard('/home/maintenance');
    await screen.findByRole('heading', { level: 2, name: f('personal.title') });
    expect(screen.getByRole('textbox', { name: f('personal.first_name.title') })).toHaveValue('Asha');
    expect(bodies).toEqual([{ reference_number: REFERENCE }]);
    expect(store.getState().wizard).toMatchObject({
      referenceNumber: REFERENCE,
      saved: ['personal'],
      unfinished: ['repair'],
      answers: { repair: { street_village: 'Mkunazini' } },
    });
    expect(screen.getByText(t('wizard.progress.saved', { done: 1, total: 3 }))).toBeInTheDocument();
  });

  it('reopens the draft of this tab, not the one another tab opened since (two tabs, two drafts)', async () => {
    const OTHER = 'ZZ9QX-8WPLM';
    // This tab opened REFERENCE; another tab of the same browser then opened OTHER (localStorage is shared).
    sessionStorage.setItem('open_draft', JSON.stringify({ reference_number: REFERENCE, application_type: 'repair' }));
    localStorage.setItem('open_draft', JSON.stringify({ reference_number: OTHER, application_type: 'repair' }));
    const bodies = openDraftAnswers(() => reopenedRepair({}));
    const { store } = renderWizard('/home/maintenance');
    // The first step saved: it opens on the next one.
    await screen.findByRole('heading', { level: 2, name: f('repair.title') });
    expect(bodies).toEqual([{ reference_number: REFERENCE }]);
    expect(store.getState().wizard.referenceNumber).toBe(REFERENCE);
  });

  it('offers Continue or a new application, in Swahili, when this browser cannot open it; a new one starts empty', async () => {
    localStorage.setItem('open_draft', JSON.stringify({ reference_number: REFERENCE, application_type: 'new' }));
    // A 404 is a draft this browser cannot open.
    openDraftAnswers(() =>
      refusalFor(openDraft, 'draft_not_found', 'Hakuna maombi yenye namba hii ya kumbukumbu.', {}),
    );
    const saves: unknown[] = [];
    server.use(
      mockCall(saveAndContinue, async ({ request }) => {
        const body = await request.json();
        saves.push(body);
        return answerFor(
          saveAndContinue,
          savedAnswer(body, { reference_number: 'ZZZZZ-ZZZZZ', step_number: 2 }),
          'Saved.',
        );
      }),
    );
    const { user, store } = renderWizard('/home/new', { language: 'sw' });
    await screen.findByRole('heading', { level: 2, name: sw('wizard.reopen.unavailable_title') });
    expect(
      screen.getByRole('link', { name: sw('wizard.reopen.continue', { reference_number: REFERENCE }) }),
    ).toHaveAttribute('href', `/home/continue?reference_number=${REFERENCE}`);
    expect(store.getState().wizard.referenceNumber).toBeNull();
    await user.click(screen.getByRole('button', { name: sw('wizard.reopen.start_new') }));
    await screen.findByRole('heading', { level: 2, name: sw('forms:personal.title') });
    expect(localStorage.getItem('open_draft')).toBeNull();
    expect(saves).toEqual([]);
  });
});

describe('Save & Complete Later of a half-filled step', () => {
  it('saves what was typed as unfinished, shows the reference number and keeps the answers', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      mockCall(saveAndContinue, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return answerFor(
          saveAndContinue,
          savedAnswer(body, { reference_number: REFERENCE, step_number: 1, unfinished: true }),
          'Saved.',
        );
      }),
    );
    const { user, store } = renderWizard('/home/maintenance');
    await screen.findByRole('heading', { level: 2, name: f('personal.title') });
    await user.type(screen.getByRole('textbox', { name: f('personal.first_name.title') }), 'Asha');
    await user.click(screen.getByRole('button', { name: t('wizard.buttons.save_later') }));

    await screen.findByRole('heading', { level: 2, name: t('wizard.saved.title') });
    expect(screen.getByText(REFERENCE)).toBeInTheDocument();
    expect(screen.getByText(t('wizard.saved.unfinished'))).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ step_number: 1, unfinished: true, data: { first_name: 'Asha' } });
    expect(JSON.parse(localStorage.getItem('open_draft')!)).toMatchObject({
      reference_number: REFERENCE,
      application_type: 'repair',
    });
    expect(localStorage.getItem('open_draft')).not.toContain('Asha');

    await user.click(screen.getByRole('button', { name: t('wizard.saved.resume') }));
    await screen.findByRole('heading', { level: 2, name: f('personal.title') });
    expect(screen.getByRole('textbox', { name: f('personal.first_name.title') })).toHaveValue('Asha');
    await waitFor(() => expect(store.getState().wizard.unfinished).toEqual(['personal']));
    expect(store.getState().wizard.saved).toEqual([]);
    expect(screen.queryByRole('button', { name: t('wizard.buttons.next') })).toBeNull();
  });
});
