import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setValidatorFactory } from '../../src/client/forms/validator-source';
import type { FormsDocument } from '../../src/shared/forms';
import type { FormsChanged } from '../../src/shared/forms-changed';
import type { Language } from '../../src/shared/reference-data';
import { server } from './msw-server';
import { PERSONAL, formsAnswer, runtimeValidator, savedAnswer, servedForms, splash, wt } from './wizard-forms';
import { renderWizard } from './wizard-render';
import { saveAndContinue } from '../../src/shared/api/applications';
import { continueApplication, verifyCode } from '../../src/shared/api/continue';
import { getForms } from '../../src/shared/api/forms';
import { getSplash } from '../../src/shared/api/splash';
import { answerFor, mockCall, refusalFor } from '../../src/client/mocks/mock-call';

// Issue 16, item 5, as the applicant sees it: a draft continued (or a step saved) after a new forms
// version was published names what to answer in the applicant's language and opens its step.

const REFERENCE = 'KQ7MZ-4XPRT';
const PERMIT = { en: 'Number of the building permit', sw: 'Namba ya kibali cha ujenzi' };
const repair = {
  street_village: 'Mkunazini',
  repair_type: 'roof',
  repair_description: 'Replace rusted iron sheets.',
  affects_neighbours: false,
  disclaimer_agreed: true,
};

/** Version 1: the forms of schemas/. Version 2: the repair step asks the building permit's number (required, with a format). */
const v1: FormsDocument = { ...servedForms(), version: '1' };
function withPermitNumber(): FormsDocument {
  const forms = structuredClone({ ...v1, version: '2' });
  const schema = forms.steps.repair!.schema as { properties: Record<string, unknown>; required: string[] };
  schema.properties.permit_number = {
    type: 'string',
    title: 'repair.permit_number.title',
    maxLength: 20,
    pattern: '^[A-Z]{2}/[0-9]{4,6}$',
  };
  schema.required.push('permit_number');
  (forms.steps.repair!.uiSchema['ui:order'] as string[]).splice(1, 0, 'permit_number');
  for (const language of ['en', 'sw'] as const)
    (forms.texts[language] as { repair: Record<string, unknown> }).repair.permit_number = { title: PERMIT[language] };
  return forms;
}
const v2 = withPermitNumber();
const changed: FormsChanged = {
  forms_version: '2',
  to_answer: [{ step: 'repair', field: 'permit_number', label: 'repair.permit_number.title' }],
  first_step: 'repair',
};

/** get_forms answering `current()` (a publish changes it), and how often it was asked. */
function formsServed(current: () => FormsDocument) {
  const asked = { count: 0 };
  server.use(
    mockCall(getForms, () => {
      asked.count++;
      return answerFor(getForms, formsAnswer(current()));
    }),
    mockCall(getSplash, () => answerFor(getSplash, splash)),
  );
  return asked;
}

beforeAll(() => setValidatorFactory(runtimeValidator));
afterAll(() => setValidatorFactory());

/** The notice of what to answer (the save status line under the buttons is a status too). */
const formsChangedNotice = () =>
  screen.getAllByRole('status').find((status) => within(status).queryAllByRole('listitem').length > 0)!;

describe.each<Language>(['en', 'sw'])('a draft continued after the forms changed (%s)', (language) => {
  const t = wt(language);
  const f = (key: string) => t(`forms:${key}`);

  it('says what to answer, naming the question in the chosen language, and opens its step', async () => {
    formsServed(() => v2);
    server.use(
      mockCall(continueApplication, () =>
        answerFor(
          continueApplication,
          { challenge_id: 'ch-1', sent_to: '+255 777 *** 456', expires_in_s: 600 },
          'Code sent',
        ),
      ),
      mockCall(verifyCode, () =>
        answerFor(verifyCode, {
          reference_number: REFERENCE,
          application_type: 'repair',
          step_number: 3,
          data: { personal: PERSONAL, repair },
          forms_changed: changed,
        }),
      ),
    );
    const { user, router } = renderWizard('/home/continue', { language });
    await user.type(await screen.findByRole('textbox', { name: t('continue.reference') }), REFERENCE);
    await user.click(screen.getByRole('button', { name: t('continue.send_code') }));
    await user.type(await screen.findByRole('textbox', { name: t('continue.code') }), '654321');
    await user.click(screen.getByRole('button', { name: t('continue.verify') }));

    // The repair step, not the first incomplete one (the documents).
    await screen.findByRole('heading', { level: 2, name: f('repair.title') });
    expect(router.state.location.pathname).toBe('/home/continue_form');
    // The notice is the wizard's, drawn beside the step (not necessarily in the same render).
    const notice = await waitFor(() => {
      const found = formsChangedNotice();
      expect(found).toBeDefined();
      return found;
    });
    expect(within(notice).getByText(t('wizard.forms_changed.title'))).toBeInTheDocument();
    expect(
      within(notice)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([t('wizard.forms_changed.field', { step: f('repair.title'), field: PERMIT[language] })]);
    // The new question is on the page, labelled in the same language; the saved answers are kept.
    expect(await screen.findByRole('textbox', { name: new RegExp(PERMIT[language]) })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: new RegExp(f('repair.street_village.title')) })).toHaveValue(
      'Mkunazini',
    );
  });
});

describe('an applicant mid-step while a version is published', () => {
  const t = wt('en');
  const f = (key: string) => t(`forms:${key}`);

  it('the next save answers forms_changed: the forms are read again and the message names the new question', async () => {
    let published = false;
    const asked = formsServed(() => (published ? v2 : v1));
    const bodies: Record<string, unknown>[] = [];
    server.use(
      mockCall(saveAndContinue, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (body.forms_version === '1') {
          published = true;
          return refusalFor(saveAndContinue, 'forms_changed', 'The form has changed since you saved.', changed);
        }
        return answerFor(saveAndContinue, savedAnswer(body, { reference_number: REFERENCE, step_number: 3 }), 'Saved');
      }),
    );
    const { user } = renderWizard('/home/maintenance', {
      wizard: {
        type: 'repair',
        answers: { personal: PERSONAL, repair },
        saved: ['personal'],
        current: 'repair',
        referenceNumber: REFERENCE,
      },
    });
    await screen.findByRole('heading', { level: 2, name: f('repair.title') });
    expect(asked.count).toBe(1);
    await user.click(screen.getByRole('button', { name: t('wizard.buttons.save_and_continue') }));

    // No field errors: the message, the forms read again, and the step redrawn with the new question.
    const field = await screen.findByRole('textbox', { name: new RegExp(PERMIT.en) });
    expect(asked.count).toBe(2);
    expect(bodies[0]).toMatchObject({ step_number: 2, forms_version: '1', data: repair });
    expect(within(formsChangedNotice()).getByRole('listitem')).toHaveTextContent(
      t('wizard.forms_changed.field', { step: f('repair.title'), field: PERMIT.en }),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.type(field, 'ZN/12345');
    await user.click(screen.getByRole('button', { name: t('wizard.buttons.save_and_continue') }));
    await screen.findByRole('heading', { level: 2, name: f('uploads.title') });
    expect(bodies[1]).toMatchObject({ forms_version: '2', data: { ...repair, permit_number: 'ZN/12345' } });
    expect(screen.queryByText(t('wizard.forms_changed.title'))).not.toBeInTheDocument();
  });
});

describe('answers the forms do not ask', () => {
  const t = wt('en');
  const f = (key: string) => t(`forms:${key}`);

  it('are never shown as a "Key" editor, and are not sent back', async () => {
    formsServed(() => v1);
    sessionStorage.setItem(
      'continue_data',
      JSON.stringify({
        reference_number: REFERENCE,
        application_type: 'repair',
        step_number: 1,
        data: { personal: { ...PERSONAL, warka_number: 'W-77' } },
      }),
    );
    const bodies: Record<string, unknown>[] = [];
    server.use(
      mockCall(saveAndContinue, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return answerFor(saveAndContinue, savedAnswer(body, { reference_number: REFERENCE, step_number: 2 }), 'Saved');
      }),
    );
    const { user, store } = renderWizard('/home/continue_form');
    await screen.findByRole('heading', { level: 2, name: f('repair.title') });
    await user.click(screen.getByRole('button', { name: t('wizard.buttons.previous') }));
    await screen.findByRole('heading', { level: 2, name: f('personal.title') });
    expect(screen.queryByDisplayValue('W-77')).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue('warka_number')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Key/)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: new RegExp(f('personal.first_name.title')) })).toHaveValue('Asha');
    await user.click(screen.getByRole('button', { name: t('wizard.buttons.save_and_continue') }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]!.data).toEqual(PERSONAL);
    expect(store.getState().wizard.answers.personal).toEqual(PERSONAL);
  });
});

describe('the review of uploaded documents', () => {
  const t = wt('en');
  const f = (key: string) => t(`forms:${key}`);

  it('lists each document uploaded, never "No answers given"', async () => {
    formsServed(() => v1);
    renderWizard('/home/maintenance', {
      wizard: {
        type: 'repair',
        answers: {
          personal: PERSONAL,
          repair,
          uploads: { documents: { sheha_letter: 'att-12345678', applicant_id: 'att-87654321' } },
        },
        saved: ['personal', 'repair', 'uploads'],
        current: 'review',
        referenceNumber: REFERENCE,
      },
    });
    const heading = await screen.findByRole('heading', { level: 3, name: f('uploads.title') });
    const section = heading.closest('div')!.parentElement!;
    expect(within(section).queryByText(t('wizard.review.no_answers'))).not.toBeInTheDocument();
    expect(within(section).getAllByText(t('wizard.review.uploaded'))).toHaveLength(2);
    expect(
      within(section).getByText(new RegExp(v1.documents.find((d) => d.id === 'sheha_letter')!.name.en)),
    ).toBeInTheDocument();
  });
});
