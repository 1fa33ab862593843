import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../src/client/app/i18n';
import { EDIT_SETTLE_MS, StepForm } from '../../src/client/forms/StepForm';
import type { TranslatedStep } from '../../src/client/forms/translate-schema';
import type { StepAnswers } from '../../src/client/features/wizard/wizard-slice';
import { allTexts } from './locales';

// A step tells the wizard its answers as edited (once typing pauses): those of the step on the page only.
// RJSF reports the defaults it adds while the step renders, and React may throw such a render away (an
// interrupted transition, a sibling that suspends): that render's answers must never reach the wizard,
// where they would stand for the step's answers at Submit.

const translated: TranslatedStep = {
  schema: {
    type: 'object',
    properties: {
      water: { type: 'string', title: 'Water source' },
      power_needed: { type: 'boolean', title: 'Power needed', default: false },
    },
  },
  uiSchema: {},
  title: 'Water and power',
};

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, EDIT_SETTLE_MS + 150)));

function stepForm(initial: StepAnswers, onEdit: (answers: StepAnswers) => void) {
  return (
    <StepForm
      step="building"
      translated={translated}
      validator={customizeValidator()}
      initial={initial}
      initialErrors={[]}
      focusHeading={false}
      onSave={async () => ({ ok: true })}
      onEdit={onEdit}
      onGoToStep={() => undefined}
      stepTitleOf={(step) => step}
    />
  );
}

describe('StepForm: the edits it tells the wizard', () => {
  const i18n = createI18n('en', allTexts);

  it('a step on the page tells the defaults RJSF added to what it opened with', async () => {
    const onEdit = vi.fn();
    render(<I18nextProvider i18n={i18n}>{stepForm({ water: 'Well' }, onEdit)}</I18nextProvider>);
    await screen.findByRole('heading', { name: 'Water and power' });
    await settle();
    expect(onEdit).toHaveBeenCalledWith({ water: 'Well', power_needed: false });
  });

  it('a render thrown away tells nothing, even when its answers were older than the step shown', async () => {
    const onEdit = vi.fn();
    // The first render of the step opens with no answers and is thrown away (its sibling suspends);
    // meanwhile the step was saved, and the render that stays opens with the saved answers.
    const saved = { water: 'Public supply', power_needed: false };
    let opened: StepAnswers = {};
    let suspended = true;
    let resume!: () => void;
    const later = new Promise<void>((resolve) => (resume = resolve));
    function Sibling() {
      // Suspense's own protocol (what use() does inside): the thrown promise suspends, and this render is thrown away.
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      if (suspended) throw later;
      return null;
    }
    function Step() {
      return stepForm(opened, onEdit);
    }
    render(
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<p>Loading</p>}>
          <Step />
          <Sibling />
        </Suspense>
      </I18nextProvider>,
    );
    await screen.findByText('Loading');
    opened = saved;
    suspended = false;
    await act(async () => resume());
    await screen.findByRole('heading', { name: 'Water and power' });
    await settle();
    for (const [answers] of onEdit.mock.calls) expect(answers).toEqual(saved);
  });
});
