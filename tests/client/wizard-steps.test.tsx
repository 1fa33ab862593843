import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setValidatorFactory } from '../../src/client/forms/validator-source';
import { server } from './msw-server';
import { formsHandlers, runtimeValidator, servedForms, splash, wt } from './wizard-forms';
import { renderWizard } from './wizard-render';

const t = wt('en');
const f = (key: string) => t(`forms:${key}`);
const forms = servedForms();

beforeAll(() => setValidatorFactory(runtimeValidator));
afterAll(() => setValidatorFactory());
beforeEach(() => server.use(...formsHandlers(forms)));

/** The wizard opened on `step` of `type`, every earlier step saved. */
function openStep(type: 'new' | 'special', step: string) {
  const steps = forms.flows[type];
  const before = steps.slice(0, steps.indexOf(step));
  const answers = Object.fromEntries(before.map((s) => [s, {}]));
  return renderWizard(type === 'new' ? '/home/new' : '/home/no_drawings', {
    wizard: { type, answers, saved: before, current: step, referenceNumber: 'ABCDE-FGHJK' },
  });
}

const steps = [...new Set([...forms.flows.new, ...forms.flows.special])];

describe('every step', () => {
  it.each(steps)('%s renders translated, with its buttons', async (step) => {
    openStep(forms.flows.new.includes(step) ? 'new' : 'special', step);
    await screen.findByRole('heading', { level: 2, name: f(`${step}.title`) });
    await screen.findByRole('button', { name: t('wizard.buttons.save_and_continue') });
    if (step !== 'personal')
      expect(screen.getByRole('button', { name: t('wizard.buttons.previous') })).toBeInTheDocument();
    // No translation key leaks into the page (titles, help, options, RJSF's own strings).
    expect(document.body.textContent).not.toMatch(new RegExp(`${step}\\.[a-z_.]+\\.(title|help|placeholder)`));
    expect(document.body.textContent).not.toMatch(/Add Item|New Value/);
  });

  it('construction details: rooms are labelled from the reference data, and the totals add up as you type', async () => {
    const { user } = openStep('new', 'construction_details');
    await screen.findByRole('heading', { level: 2, name: f('construction_details.title') });
    const room = screen.getByRole('combobox', { name: f('construction_details.floors.rooms.room.title') });
    const options = within(room).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([t('wizard.choose'), ...splash.rooms.map((r) => r.name.en)]);
    await user.selectOptions(room, splash.rooms[0]!.name.en);
    expect(room).toHaveDisplayValue(splash.rooms[0]!.name.en);

    await user.type(
      screen.getByRole('spinbutton', { name: f('construction_details.floors.rooms.area_m2.title') }),
      '12.5',
    );
    const total = screen.getByRole('spinbutton', { name: f('construction_details.total_area_m2.title') });
    // Once typing pauses (the field tells the form then, not at each key).
    await waitFor(() => expect(total).toHaveValue(12.5));
    expect(total).toBeDisabled();
  });

  it('uploads: lists the documents the application needs, each with its file button', async () => {
    openStep('special', 'uploads');
    const list = await screen.findByRole('list', { name: t('wizard.uploads.required') });
    const names = within(list)
      .getAllByRole('listitem')
      .map((item) => within(item).getByRole('heading', { level: 4 }).textContent);
    expect(names).toEqual(splash.normal_attachments.map((d) => d.name.en));
    for (const document of splash.normal_attachments)
      expect(
        within(list).getByRole('button', { name: t('wizard.uploads.choose', { document: document.name.en }) }),
      ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Sheha/ })).not.toBeInTheDocument();
  });
});
