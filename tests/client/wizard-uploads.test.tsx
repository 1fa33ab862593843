import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setValidatorFactory } from '../../src/client/forms/validator-source';
import { withDocuments } from '../../src/shared/document-fields';
import type { Language } from '../../src/shared/reference-data';
import { server } from './msw-server';
import { formsHandlers, runtimeValidator, savedAnswer, servedForms, splash, wt } from './wizard-forms';
import { renderWizard } from './wizard-render';
import { OPTIONAL_DOCUMENT } from '../fixtures/optional-document';
import { saveAndContinue } from '../../src/shared/api/applications';
import { uploadAttachment } from '../../src/shared/api/attachments';
import { answerFor, mockCall, refusalFor } from '../../src/client/mocks/mock-call';

const t = wt('en');
const forms = servedForms();
const REFERENCE = 'ABCDE-FGHJK';
const sheha = splash.normal_attachments.find((d) => d.code === 'sheha_letter')!;

beforeAll(() => setValidatorFactory(runtimeValidator));
afterAll(() => setValidatorFactory());
beforeEach(() => server.use(...formsHandlers(forms)));

/** A repair application on its uploads step, the earlier steps saved. */
function openUploads() {
  const answers = { personal: {}, repair: {} };
  return renderWizard('/home/maintenance', {
    wizard: { type: 'repair', answers, saved: ['personal', 'repair'], current: 'uploads', referenceNumber: REFERENCE },
  });
}

const fileInput = (code: string) =>
  document.querySelector<HTMLInputElement>(`input[type=file][data-document=${code}]`)!;
const pdf = (name = 'letter.pdf') => new File(['%PDF-1.7\n%%EOF'], name, { type: 'application/pdf' });

/** Records what the upload call receives (its fields in order) and answers with `answer`. */
function uploads(answer: () => Response) {
  const seen: { keys: string[]; reference: unknown; type: unknown }[] = [];
  server.use(
    mockCall(uploadAttachment, async ({ request }) => {
      const form = await request.formData();
      seen.push({ keys: [...form.keys()], reference: form.get('reference_number'), type: form.get('document_type') });
      return answer();
    }),
  );
  return seen;
}

describe('uploading documents', () => {
  it('uploads a file, shows its name and size, offers Replace, and saves the attachment id in the step', async () => {
    const seen = uploads(() =>
      answerFor(
        uploadAttachment,
        {
          attachment_id: 'att-1234abcd',
          document_name: { en: 'x', sw: 'x' },
          size: 2048,
          scale: null,
          file_name: 'letter.pdf',
          status: 'uploaded',
        },
        'Uploaded',
      ),
    );
    const saved: unknown[] = [];
    server.use(
      mockCall(saveAndContinue, async ({ request }) => {
        const body = await request.json();
        saved.push(body);
        return answerFor(saveAndContinue, savedAnswer(body, { reference_number: REFERENCE, step_number: 4 }), 'Saved');
      }),
    );
    const { user } = openUploads();
    const item = (await screen.findByRole('heading', { level: 4, name: sheha.name.en })).closest('li')!;
    expect(within(item).getByText(new RegExp(`PDF.*${sheha.max_bytes >= 1048576 ? 'MB' : 'KB'}`))).toBeInTheDocument();
    expect(fileInput('sheha_letter')).toHaveAttribute('accept', sheha.accept.join(','));

    await user.upload(fileInput('sheha_letter'), pdf());
    expect(
      await within(item).findByText(t('wizard.uploads.uploaded_file', { name: 'letter.pdf', size: '2 KB' })),
    ).toBeInTheDocument();
    expect(seen).toEqual([
      { keys: ['reference_number', 'document_type', 'file'], reference: REFERENCE, type: 'sheha_letter' },
    ]);
    const replace = within(item).getByRole('button', {
      name: t('wizard.uploads.replace', { document: sheha.name.en }),
    });
    expect(replace).toHaveAccessibleDescription(
      expect.stringContaining(t('wizard.uploads.uploaded_file', { name: 'letter.pdf', size: '2 KB' })) as string,
    );

    await user.click(screen.getByRole('button', { name: t('wizard.buttons.save_and_continue') }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ step_number: 3, data: { documents: { sheha_letter: 'att-1234abcd' } } });
  });

  it('refuses a file too large or of the wrong type in the browser, without a call', async () => {
    // Never asked for: the browser refuses the file first.
    const seen = uploads(() =>
      refusalFor(uploadAttachment, 'internal_error', 'should not be called', { request_id: 'test-request' }),
    );
    const { user } = openUploads();
    const item = (await screen.findByRole('heading', { level: 4, name: sheha.name.en })).closest('li')!;

    const big = pdf('big.pdf');
    Object.defineProperty(big, 'size', { value: sheha.max_bytes + 1 });
    await user.upload(fileInput('sheha_letter'), big);
    expect(await within(item).findByText(/^This file is too large/)).toBeInTheDocument();

    // Past the input's accept list (a browser's "All files" choice).
    fireEvent.change(fileInput('sheha_letter'), {
      target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(
      await within(item).findByText(
        t('wizard.uploads.wrong_type', {
          types: sheha.accept.map((type) => type.split('/')[1]!.toUpperCase()).join(', '),
        }),
      ),
    ).toBeInTheDocument();
    expect(seen).toEqual([]);
  });

  it("shows the server's refusal next to the document (415: not a PDF by its content)", async () => {
    uploads(() => refusalFor(uploadAttachment, 'file_type_refused', 'Only PDF, JPEG and PNG files are accepted.', {}));
    const { user } = openUploads();
    const item = (await screen.findByRole('heading', { level: 4, name: sheha.name.en })).closest('li')!;
    await user.upload(fileInput('sheha_letter'), pdf());
    expect(await within(item).findByText('Only PDF, JPEG and PNG files are accepted.')).toBeInTheDocument();
    expect(
      within(item).getByRole('button', { name: t('wizard.uploads.choose', { document: sheha.name.en }) }),
    ).toBeEnabled();
    // Quiet: no toast repeats it.
    expect(screen.getAllByText('Only PDF, JPEG and PNG files are accepted.')).toHaveLength(1);
  });
});

describe('the documents of the forms (documents.json as policy data)', () => {
  /** The officer's change: an optional document for buildings of more than three storeys, only in the rules. */
  const extra = OPTIONAL_DOCUMENT;
  const earlier = ['personal', 'engineer', 'construction', 'construction_details', 'building', 'building_details'];

  /** A new building of `storeys` storeys on its uploads step, with the extra document in the served rules. */
  function openBuilding(storeys: number, language: Language = 'en') {
    const served = servedForms();
    server.use(...formsHandlers(withDocuments({ ...served, documents: [...served.documents, extra] })));
    const answers: Record<string, Record<string, unknown>> = Object.fromEntries(earlier.map((step) => [step, {}]));
    answers.construction = { has_storeys: true, storey_count: storeys };
    return renderWizard('/home/new', {
      language,
      wizard: { type: 'new', answers, saved: earlier, current: 'uploads', referenceNumber: REFERENCE },
    });
  }

  it.each(['en', 'sw'] as const)(
    'lists a new optional document for a building of five storeys, marked optional (%s)',
    async (language) => {
      const { user } = openBuilding(5, language);
      const lt = wt(language);
      const optional = `${extra.name[language]} (${lt('wizard.uploads.optional')})`;
      const item = (await screen.findByRole('heading', { level: 4, name: optional })).closest('li')!;
      expect(within(item).getByText(extra.help[language])).toBeInTheDocument();
      // The required ones are not marked.
      const sheha = forms.documents.find((d) => d.id === 'sheha_letter')!;
      expect(screen.getByRole('heading', { level: 4, name: sheha.name[language] })).toBeInTheDocument();
      // It can be uploaded like any other.
      const seen = uploads(() =>
        answerFor(
          uploadAttachment,
          {
            attachment_id: 'att-5678efgh',
            document_name: { en: 'x', sw: 'x' },
            size: 10,
            scale: null,
            file_name: 'plan.pdf',
            status: 'uploaded',
          },
          'Uploaded',
        ),
      );
      await user.upload(fileInput(extra.id), pdf('plan.pdf'));
      await waitFor(() => expect(seen.map((s) => s.type)).toEqual([extra.id]));
    },
  );

  it('does not list it for a building of three storeys', async () => {
    openBuilding(3);
    const sheha = forms.documents.find((d) => d.id === 'sheha_letter')!;
    expect(await screen.findByRole('heading', { level: 4, name: sheha.name.en })).toBeInTheDocument();
    expect(screen.queryByText(new RegExp(extra.name.en))).not.toBeInTheDocument();
  });
});
