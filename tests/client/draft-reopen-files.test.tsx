import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  latestDraftFile,
  rememberDraftFiles,
} from '../../src/client/features/wizard/step-modules/documents/uploaded-files';
import { setValidatorFactory } from '../../src/client/forms/validator-source';
import type { DraftAttachment, OpenDraftAnswer } from '../../src/shared/api/open-draft';
import { formatSize } from '../../src/shared/text-format';
import { server } from './msw-server';
import { formsHandlers, runtimeValidator, savedAnswer, servedForms, splash, wt } from './wizard-forms';
import { renderWizard } from './wizard-render';
import { saveAndContinue } from '../../src/shared/api/applications';
import { openDraft } from '../../src/shared/api/open-draft';
import { answerFor, mockCall } from '../../src/client/mocks/mock-call';

/**
 * Issue 17, item 6, after a reload: the documents step and the review show each uploaded file by its
 * name and size, from the draft's files that open_draft answers, as they did before the reload.
 */

const forms = servedForms();
const REFERENCE = 'KQ7MZ-4XPRT';
const sheha = splash.normal_attachments.find((d) => d.code === 'sheha_letter')!;

beforeAll(() => setValidatorFactory(runtimeValidator));
afterAll(() => setValidatorFactory());
beforeEach(() => server.use(...formsHandlers(forms)));

/**
 * A repair draft with every step saved, its Sheha's letter uploaded as `file`, reopened at `step`; with
 * `uploadsSaved` false, the uploads step was never saved (a reload right after the upload).
 */
function reopenAt(step: string, file: DraftAttachment, uploadsSaved = true) {
  localStorage.setItem('open_draft', JSON.stringify({ reference_number: REFERENCE, application_type: 'repair' }));
  sessionStorage.setItem('wizard_step', JSON.stringify({ reference_number: REFERENCE, step }));
  server.use(
    mockCall(openDraft, () =>
      answerFor(openDraft, {
        reference_number: REFERENCE,
        application_type: 'repair',
        step_number: 4,
        data: {
          personal: {},
          repair: {},
          ...(uploadsSaved ? { uploads: { documents: { sheha_letter: file.attachment_id } } } : {}),
        },
        unfinished: {},
        attachments: [file],
      } satisfies OpenDraftAnswer),
    ),
  );
}

const letter = (id: string, file_name: string | null): DraftAttachment => ({
  attachment_id: id,
  document_type: 'sheha_letter',
  file_name,
  size: 12_288,
  scale: null,
});

describe('the draft’s files after a reload', () => {
  it.each(['en', 'sw'] as const)('the review names the file and its size (%s)', async (language) => {
    const t = wt(language);
    reopenAt('review', letter('att-review-1', 'Barua ya Sheha.pdf'));
    renderWizard('/home/maintenance', { language });
    await screen.findByRole('heading', { level: 2, name: t('wizard.review.title') });
    const shown = t('wizard.review.document_file', {
      name: 'Barua ya Sheha.pdf',
      size: formatSize(12_288, language),
    });
    const value = await screen.findByText(shown);
    // Beside the document's own name.
    expect(value.previousElementSibling).toHaveTextContent(sheha.name[language]);
    expect(screen.queryByText(t('wizard.review.uploaded'))).toBeNull();
  });

  it('the documents step names the file and its size, with Replace', async () => {
    const t = wt('en');
    reopenAt('uploads', letter('att-step-1', 'barua.pdf'));
    renderWizard('/home/maintenance');
    const item = (await screen.findByRole('heading', { level: 4, name: sheha.name.en })).closest('li')!;
    expect(
      await within(item).findByText(t('wizard.uploads.uploaded_file', { name: 'barua.pdf', size: '12 KB' })),
    ).toBeInTheDocument();
    expect(
      within(item).getByRole('button', { name: t('wizard.uploads.replace', { document: sheha.name.en }) }),
    ).toBeInTheDocument();
  });

  it('a file whose name was never kept (uploaded before names were) still reads "Uploaded"', async () => {
    const t = wt('en');
    reopenAt('review', letter('att-old-1', null));
    renderWizard('/home/maintenance');
    await screen.findByRole('heading', { level: 2, name: t('wizard.review.title') });
    expect(await screen.findByText(t('wizard.review.uploaded'))).toBeInTheDocument();
  });

  it('a file uploaded just before the reload, its step not saved yet, is shown and named by the step again', async () => {
    const t = wt('en');
    const saves: { data?: unknown }[] = [];
    server.use(
      mockCall(saveAndContinue, async ({ request }) => {
        const body = (await request.json()) as { data?: unknown };
        saves.push(body);
        return answerFor(saveAndContinue, savedAnswer(body, { reference_number: REFERENCE, step_number: 4 }), 'Saved');
      }),
    );
    reopenAt('uploads', letter('att-unsaved-1', 'barua.pdf'), false);
    const { user } = renderWizard('/home/maintenance');
    const item = (await screen.findByRole('heading', { level: 4, name: sheha.name.en })).closest('li')!;
    expect(
      await within(item).findByText(t('wizard.uploads.uploaded_file', { name: 'barua.pdf', size: '12 KB' })),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t('wizard.buttons.save_and_continue') }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.data).toMatchObject({ documents: { sheha_letter: 'att-unsaved-1' } });
  });
});

describe('the files remembered for a draft', () => {
  it('are the latest of each document type, and only that draft’s', () => {
    rememberDraftFiles('AAAAA-AAAAA', [
      letter('att-old', 'first.pdf'),
      letter('att-new', 'second.pdf'),
      { ...letter('att-plan', 'plan.pdf'), document_type: 'site_plan', scale: '1:100' },
    ]);
    expect(latestDraftFile('AAAAA-AAAAA', 'sheha_letter')).toBe('att-new');
    expect(latestDraftFile('AAAAA-AAAAA', 'site_plan')).toBe('att-plan');
    expect(latestDraftFile('BBBBB-BBBBB', 'sheha_letter')).toBeUndefined();
    expect(latestDraftFile(null, 'sheha_letter')).toBeUndefined();
  });
});
