import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setValidatorFactory } from '../../src/client/forms/validator-source';
import { server } from './msw-server';
import { formsHandlers, runtimeValidator, servedForms, wt } from './wizard-forms';
import { renderWizard } from './wizard-render';

// Issue 17, item 5: a required yes/no question starts unanswered (RJSF would answer it "No" by itself).

const forms = servedForms();
const t = wt('en');

beforeAll(() => setValidatorFactory(runtimeValidator));
afterAll(() => setValidatorFactory());
beforeEach(() => server.use(...formsHandlers(forms)));

const cases = [
  ['special', '/home/no_drawings', 'special_plot', 'flood_area'],
  ['repair', '/home/maintenance', 'repair', 'affects_neighbours'],
  ['new', '/home/new', 'construction', 'has_storeys'],
  ['new', '/home/new', 'building', 'power_needed'],
] as const;

describe('yes/no questions', () => {
  it.each(cases)(
    '%s, %s: start with no option chosen, and cannot be saved unanswered',
    async (type, path, step, question) => {
      const before = forms.flows[type].slice(0, forms.flows[type].indexOf(step));
      const rendered = renderWizard(path, {
        wizard: {
          type,
          answers: Object.fromEntries(before.map((s) => [s, {}])),
          saved: before,
          current: step,
          referenceNumber: 'ABCDE-FGHJK',
        },
      });
      const groups = await screen.findAllByRole('radiogroup');
      const yesNo = groups.filter((group) =>
        [...group.querySelectorAll('label')].some((label) => label.textContent === t('wizard.rjsf.YesLabel')),
      );
      expect(yesNo.length).toBeGreaterThan(0);
      for (const group of yesNo) expect(group.querySelectorAll('input:checked')).toHaveLength(0);
      // Saved as it opened: the question is unanswered, and the step says so (nothing is sent).
      const { user } = rendered;
      await user.click(screen.getByRole('button', { name: t('wizard.buttons.save_and_continue') }));
      const summary = await screen.findByRole('alert');
      expect(
        within(summary).getByRole('link', {
          name: `${t(`forms:${step}.${question}.title`)}: ${t('validation:required')}`,
        }),
      ).toBeInTheDocument();
    },
  );
});
