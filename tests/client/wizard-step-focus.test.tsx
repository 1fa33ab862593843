import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ValidatorType } from '@rjsf/utils';
import { setValidatorFactory } from '../../src/client/forms/validator-source';
import { server } from './msw-server';
import { runtimeValidator, savedAnswer, withServedForms, wt } from './wizard-forms';
import { fillPersonal, renderWizard } from './wizard-render';
import { saveAndContinue } from '../../src/shared/api/applications';
import { answerFor, mockCall } from '../../src/client/mocks/mock-call';

// A step whose validator arrives after the applicant moved on (a slow network, or forms published
// meanwhile) is drawn in a transition, whose effects React may run well after the step is on the page.
// The focus moves to its heading as it appears, never later, when the applicant may be typing already.

const t = wt('en');
const f = (key: string) => t(`forms:${key}`);
withServedForms();

/** Validators as the app loads them, except the repair step's, which arrives only when `release` is called. */
function repairValidatorHeld() {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  setValidatorFactory(async (step): Promise<ValidatorType> => {
    if (step === 'repair') await held;
    return runtimeValidator();
  });
  return { release: () => release() };
}

afterEach(() => setValidatorFactory());

/**
 * Whether the focus was on the step's heading when it was put on the page: looked at as the page changes
 * (a mutation observer runs right after React's commit, before any effect React deferred).
 */
function focusAsStepAppears(title: string) {
  const seen: { focused?: boolean } = {};
  const observer = new MutationObserver(() => {
    const heading = document.getElementById('step-title');
    if (heading?.textContent !== title) return;
    seen.focused = document.activeElement === heading;
    observer.disconnect();
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return seen;
}

describe('a step whose validator arrives late', () => {
  it('has its heading focused as it appears, not later (when a field may have the focus)', async () => {
    server.use(
      mockCall(saveAndContinue, async ({ request }) =>
        answerFor(
          saveAndContinue,
          savedAnswer(await request.json(), { reference_number: 'KQ7MZ-4XPRT', step_number: 2 }),
          'Saved',
        ),
      ),
    );
    const validator = repairValidatorHeld();
    const { user } = renderWizard('/home/maintenance');
    await fillPersonal(user);
    await user.click(screen.getByRole('button', { name: t('wizard.buttons.save_and_continue') }));
    await screen.findByRole('progressbar', { name: t('wizard.loading') });

    const seen = focusAsStepAppears(f('repair.title'));
    validator.release();
    const heading = await screen.findByRole('heading', { level: 2, name: f('repair.title') });
    expect(seen.focused).toBe(true);
    expect(heading).toHaveFocus();

    const street = screen.getByRole('textbox', { name: new RegExp(f('repair.street_village.title')) });
    await user.click(street);
    expect(street).toHaveFocus();
  });
});
