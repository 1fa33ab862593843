import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setValidatorFactory } from '../../src/client/forms/validator-source';
import type { FormsDocument } from '../../src/shared/forms';
import type { Flows } from '../../src/shared/wizard-driver';
import { server } from './msw-server';
import { formsHandlers, runtimeValidator, servedForms, splash, wt } from './wizard-forms';
import { renderWizard } from './wizard-render';
import { requestMaintenance, saveAndContinue } from '../../src/shared/api/applications';
import { uploadAttachment } from '../../src/shared/api/attachments';
import { sendEngineerOtp, validateEngineerOtp } from '../../src/shared/api/engineers';
import { answerFor, mockCall, refusalFor, type AnswerData } from '../../src/client/mocks/mock-call';
import type { ApiCall } from '../../src/shared/api/call';

// The wizard finds the engineer's confirmation, the applicant's ZanID and the documents list by the
// steps' module markers ("x-step-module", src/shared/step-modules.ts), never by their ids: forms with
// the personal, engineer and uploads steps renamed, and the engineer step moved, keep them working.

const t = wt('en');
const f = (key: string) => t(`forms:${key}`);
const REFERENCE = 'ABCDE-FGHJK';
const RENAMES: Record<string, string> = {
  personal: 'applicant_details',
  engineer: 'engineer_check',
  uploads: 'documents_upload',
};
const NEW_FLOW = [
  'applicant_details',
  'construction',
  'engineer_check',
  'construction_details',
  'building',
  'building_details',
  'documents_upload',
];

/** The served forms with the steps renamed (and the engineer step moved after the construction step). */
function renamedForms(): FormsDocument {
  const forms = servedForms();
  const steps = Object.fromEntries(Object.entries(forms.steps).map(([id, step]) => [RENAMES[id] ?? id, step]));
  const flows = Object.fromEntries(
    Object.entries(forms.flows).map(([type, list]) => [type, list.map((step) => RENAMES[step] ?? step)]),
  ) as unknown as Flows;
  flows.new = NEW_FLOW;
  return { ...forms, steps, flows };
}

const forms = renamedForms();
const shehaLetter = forms.documents.find((d) => d.id === 'sheha_letter')!.name.en;
const personal = {
  identification_type: 'passport',
  passport_number: 'AB123456',
  first_name: 'Asha',
  last_name: 'Juma',
};
const engineerDetails = {
  registration_number: 'ZEB/0001',
  name: 'Eng. Salma Khamis',
  experience_years: 12,
  email: 's@x.tz',
  mobile: '+255777000001',
  role: null,
};

beforeAll(() => setValidatorFactory(runtimeValidator));
afterAll(() => setValidatorFactory());
beforeEach(() => server.use(...formsHandlers(forms)));

/** Records the bodies a call receives and answers 200 with `data`. */
function recordCall<C extends ApiCall>(call: C, data: NoInfer<AnswerData<C>>): unknown[];
function recordCall(call: ApiCall, data: unknown) {
  const bodies: unknown[] = [];
  server.use(
    mockCall(call, async ({ request }) => {
      bodies.push(await request.json());
      return answerFor(call, data);
    }),
  );
  return bodies;
}

describe('step modules under other step ids', () => {
  it('asks the engineer to confirm by code on the renamed, moved engineer step, and saves the proof', async () => {
    server.use(
      mockCall(sendEngineerOtp, () =>
        answerFor(sendEngineerOtp, { sent_to: '+255 777 *** 001', expires_in_s: 600, resend_after_s: 60 }, 'Sent'),
      ),
      mockCall(validateEngineerOtp, () =>
        answerFor(validateEngineerOtp, { engineer: engineerDetails, validation_token: 'fresh-token' }),
      ),
    );
    const saves = recordCall(saveAndContinue, {
      reference_number: REFERENCE,
      step_number: 4,
      next_step: 'construction_details',
    });
    const { user } = renderWizard('/home/new', {
      wizard: {
        type: 'new',
        answers: { applicant_details: personal, construction: {} },
        saved: ['applicant_details', 'construction'],
        current: 'engineer_check',
        referenceNumber: REFERENCE,
      },
    });
    await screen.findByRole('heading', { level: 2, name: f('engineer.title') });
    await user.type(await screen.findByRole('textbox', { name: f('engineer.engineer_id.title') }), 'ZEB/0001');
    await user.click(await screen.findByRole('button', { name: t('wizard.engineer.send') }));
    await user.type(await screen.findByRole('textbox', { name: t('wizard.engineer.code') }), '123456');
    await user.click(screen.getByRole('button', { name: t('wizard.engineer.check') }));
    expect(await screen.findByText(engineerDetails.name)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: t('wizard.buttons.save_and_continue') }));
    await screen.findByRole('heading', { level: 2, name: f('construction_details.title') });
    expect(saves).toEqual([
      {
        application_type: 'new',
        step_number: 3,
        reference_number: REFERENCE,
        forms_version: forms.version,
        data: { engineer_id: 'ZEB/0001', validation_token: 'fresh-token' },
        save_id: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
      },
    ]);
  });

  it('verifies the ZanID on the renamed applicant step, and makes the registry’s names read-only', async () => {
    // verify_zanid answers from the mock backend's demo registry (the README's Demo ZanIDs).
    const { user, store } = renderWizard('/home/maintenance');
    await user.click(await screen.findByRole('radio', { name: f('personal.identification_type.options.zanid') }));
    await user.type(await screen.findByRole('textbox', { name: f('personal.zan_id.title') }), '190012345');
    await user.click(screen.getByRole('button', { name: t('wizard.zanid.verify') }));
    expect(await screen.findByText(t('wizard.zanid.verified', { name: 'Amina Khamis Makame' }))).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: f('personal.last_name.title') })).toBeDisabled();
    expect(store.getState().wizard.answers.applicant_details).toMatchObject({ zan_id: '190012345' });
    expect(store.getState().wizard.answers.personal).toBeUndefined();
  });

  it('shows the documents to upload on the renamed uploads step and saves the attachment ids in it', async () => {
    const sheha = splash.normal_attachments.find((d) => d.code === 'sheha_letter')!;
    server.use(
      mockCall(uploadAttachment, () =>
        answerFor(
          uploadAttachment,
          {
            attachment_id: 'att-1234abcd',
            document_name: { en: 'x', sw: 'x' },
            size: 2048,
            scale: null,
            file_name: null,
            status: 'uploaded',
          },
          'Uploaded',
        ),
      ),
    );
    const saves = recordCall(saveAndContinue, {
      reference_number: REFERENCE,
      step_number: 3,
      next_step: 'review',
    });
    const { user } = renderWizard('/home/maintenance', {
      wizard: {
        type: 'repair',
        answers: { applicant_details: {}, repair: {} },
        saved: ['applicant_details', 'repair'],
        current: 'documents_upload',
        referenceNumber: REFERENCE,
      },
    });
    expect(await screen.findByRole('list', { name: t('wizard.uploads.required') })).toBeInTheDocument();
    // The documents and scales are the list's, not shown again as plain fields.
    expect(screen.queryByRole('textbox', { name: new RegExp(shehaLetter) })).toBeNull();
    const input = document.querySelector<HTMLInputElement>('input[type=file][data-document=sheha_letter]')!;
    await user.upload(input, new File(['%PDF-1.7\n%%EOF'], 'letter.pdf', { type: 'application/pdf' }));
    const item = (await screen.findByRole('heading', { level: 4, name: sheha.name.en })).closest('li')!;
    expect(await within(item).findByText(/letter\.pdf/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t('wizard.buttons.save_and_continue') }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ step_number: 3, data: { documents: { sheha_letter: 'att-1234abcd' } } });
  });

  it('leads a document missing at Submit to its entry on the renamed uploads step', async () => {
    const message = t('validation:required');
    server.use(
      mockCall(requestMaintenance, () =>
        refusalFor(requestMaintenance, 'documents_missing', 'Some required documents have not been uploaded.', {
          errors: [{ path: '/documents_upload/documents/sheha_letter', message }],
        }),
      ),
    );
    const steps = forms.flows.repair;
    const { user } = renderWizard('/home/maintenance', {
      wizard: {
        type: 'repair',
        answers: Object.fromEntries(steps.map((step) => [step, step === 'applicant_details' ? personal : {}])),
        saved: [...steps],
        current: 'review',
        referenceNumber: REFERENCE,
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: t('wizard.declaration.label') }));
    await user.click(await screen.findByRole('button', { name: t('wizard.buttons.submit') }));
    const summary = await screen.findByRole('alert', { name: t('wizard.errors.title', { count: 1 }) });
    await user.click(
      within(summary).getByRole('button', {
        name: `${f('uploads.documents.title')}, ${shehaLetter}: ${message}`,
      }),
    );
    await screen.findByRole('heading', { level: 2, name: f('uploads.title') });
    const onUploads = await screen.findByRole('alert', { name: t('wizard.errors.title', { count: 1 }) });
    // The summary's line leads to the document's own entry in the list, as on the step called "uploads".
    const link = within(onUploads).getByRole('link', { name: new RegExp(shehaLetter) });
    expect(link).toHaveAttribute('href', '#document-sheha_letter');
    expect(document.getElementById('document-sheha_letter')).not.toBeNull();
  });
});
