import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setValidatorFactory } from '../../src/client/forms/validator-source';
import type { StepAnswers } from '../../src/client/features/wizard/wizard-slice';
import { server } from './msw-server';
import { formsHandlers, runtimeValidator, savedAnswer, servedForms, splash, wt } from './wizard-forms';
import { renderWizard } from './wizard-render';
import { saveAndContinue } from '../../src/shared/api/applications';
import { answerFor, mockCall, refusalFor } from '../../src/client/mocks/mock-call';

const t = wt('en');
const f = (key: string) => t(`forms:${key}`);
const forms = servedForms();
const REFERENCE = 'ABCDE-FGHJK';

beforeAll(() => setValidatorFactory(runtimeValidator));
afterAll(() => setValidatorFactory());
beforeEach(() => server.use(...formsHandlers(forms)));

/** A new application open on its construction details, the earlier steps saved with `construction`. */
function openDetails(construction: StepAnswers, details?: StepAnswers) {
  return openDetailsIn('en', construction, details);
}

function openDetailsIn(language: 'en' | 'sw', construction: StepAnswers, details?: StepAnswers) {
  const answers: Record<string, StepAnswers> = { personal: {}, engineer: {}, construction };
  if (details) answers.construction_details = details;
  return renderWizard('/home/new', {
    language,
    wizard: {
      type: 'new',
      answers,
      saved: ['personal', 'engineer', 'construction'],
      current: 'construction_details',
      referenceNumber: REFERENCE,
    },
  });
}

const floorInputs = () => screen.getAllByRole('spinbutton', { name: f('construction_details.floors.floor.title') });
const room = { room: splash.rooms[0]!.id, area_m2: 20, percent_covered: 10 };
const floor = (n: number) => ({ floor: n, rooms: [room] });

describe('floor rows and the storey count', () => {
  it('opens with a row for the ground floor and one for each storey', async () => {
    openDetails({ has_storeys: true, storey_count: 2 });
    await screen.findByRole('heading', { level: 2, name: f('construction_details.title') });
    expect(floorInputs().map((input) => (input as HTMLInputElement).value)).toEqual(['0', '1', '2']);
  });

  it("names each Add and Remove button for what it adds or removes, in the table's own words, in both languages", async () => {
    const said = {
      en: {
        adds: [
          'Add a floor',
          'Add a room or area to ground floor',
          'Add a room or area to floor 1',
          'Add a room or area to floor 2',
        ],
        removes: [
          'Remove ground floor',
          'Remove floor 1',
          'Remove floor 2',
          'Remove room or area 1 in ground floor',
          'Remove room or area 1 in floor 1',
          'Remove room or area 1 in floor 2',
        ],
        rows: ['Ground floor', 'Room or area 1', 'Floor 1', 'Room or area 1', 'Floor 2', 'Room or area 1'],
      },
      sw: {
        adds: [
          'Ongeza sakafu',
          'Ongeza chumba au eneo kwenye sakafu ya chini',
          'Ongeza chumba au eneo kwenye sakafu ya 1',
          'Ongeza chumba au eneo kwenye sakafu ya 2',
        ],
        removes: [
          'Ondoa sakafu ya chini',
          'Ondoa sakafu ya 1',
          'Ondoa sakafu ya 2',
          'Ondoa chumba au eneo namba 1 katika sakafu ya chini',
          'Ondoa chumba au eneo namba 1 katika sakafu ya 1',
          'Ondoa chumba au eneo namba 1 katika sakafu ya 2',
        ],
        rows: [
          'Sakafu ya chini',
          'Chumba au eneo namba 1',
          'Sakafu ya 1',
          'Chumba au eneo namba 1',
          'Sakafu ya 2',
          'Chumba au eneo namba 1',
        ],
      },
    };
    for (const lng of ['en', 'sw'] as const) {
      const { unmount } = openDetailsIn(lng, { has_storeys: true, storey_count: 2 });
      const tl = wt(lng);
      await screen.findByRole('heading', { level: 2, name: tl('forms:construction_details.title') });
      // Three floors, each with its table of rooms (one row each): an Add for the floors and one in each floor,
      // each floor named by its floor number (row 2 is floor 1), not by its place in the table.
      const adds = screen
        .getAllByRole('button', { name: new RegExp(`^${tl('common:wizard.rjsf.AddButton')} `) })
        .map((button) => button.textContent);
      expect(adds.sort()).toEqual([...said[lng].adds].sort());
      // A Remove on each row, each saying which; these tables are not reordered (no Move buttons).
      const removes = screen
        .getAllByRole('button', { name: new RegExp(`^${tl('common:wizard.rjsf.RemoveButton')} `) })
        .map((button) => button.getAttribute('title'));
      expect(removes.sort()).toEqual([...said[lng].removes].sort());
      expect(
        screen.queryAllByRole('button', { name: new RegExp(`^${tl('common:wizard.rjsf.MoveUpButton')}`) }),
      ).toEqual([]);
      // Each row is a group named, and titled, in the same words: the floors by their numbers, the ground
      // floor in words ("floor 0" nowhere), never "Row 2".
      const groups = screen.getAllByRole('group').filter((group) => group.hasAttribute('aria-label'));
      expect(groups.map((group) => group.getAttribute('aria-label'))).toEqual(said[lng].rows);
      for (const group of groups) expect(group.firstElementChild).toHaveTextContent(group.getAttribute('aria-label')!);
      const page = document.body.textContent ?? '';
      expect(page).not.toMatch(/floor 0|sakafu ya 0|\bRow \d|\bSafu \d/i);
      unmount();
    }
  });

  it('names a floor by the floor number typed in its row, and by its place while it has none', async () => {
    const { user } = openDetails({ has_storeys: true, storey_count: 1 }, { floors: [floor(0), { rooms: [room] }] });
    await screen.findByRole('heading', { level: 2, name: f('construction_details.title') });
    // The second row has no floor number yet: the generic words, "row 2 of Floors".
    const generic = t('wizard.rows.row', { defaultValue: '' })
      .replace('%1', '2')
      .replace('%2', f('construction_details.floors.title'));
    expect(screen.getByRole('button', { name: `Remove ${generic}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Add a room or area to ${generic}` })).toBeInTheDocument();
    await user.type(floorInputs()[1]!, '1');
    expect(await screen.findByRole('button', { name: 'Remove floor 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a room or area to floor 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Remove ${generic}` })).not.toBeInTheDocument();
  });

  it('opens with the ground floor alone for a building without storeys', async () => {
    openDetails({ has_storeys: false });
    await screen.findByRole('heading', { level: 2, name: f('construction_details.title') });
    expect(floorInputs().map((input) => (input as HTMLInputElement).value)).toEqual(['0']);
  });

  it('keeps rows already entered', async () => {
    openDetails({ has_storeys: true, storey_count: 2 }, { floors: [floor(0)] });
    await screen.findByRole('heading', { level: 2, name: f('construction_details.title') });
    expect(floorInputs()).toHaveLength(1);
  });

  it('shows the rule on the fields and sends nothing while the rows do not fit the storeys', async () => {
    const calls: unknown[] = [];
    server.use(
      mockCall(saveAndContinue, async ({ request }) => {
        const body = await request.json();
        calls.push(body);
        return answerFor(saveAndContinue, savedAnswer(body, { reference_number: REFERENCE, step_number: 5 }), 'Saved.');
      }),
    );
    const { user } = openDetails({ has_storeys: true, storey_count: 2 }, { floors: [floor(0), floor(1), floor(1)] });
    await user.click(await screen.findByRole('button', { name: t('wizard.buttons.save_and_continue') }));

    const duplicate = t('validation:floor_duplicate', { floor: 1 });
    const summary = await screen.findByRole('alert', { name: t('wizard.errors.title', { count: 1 }) });
    // The row named by its floor number (its third row, floor 1), not "Floors, row 3".
    const label = `Floor 1, ${f('construction_details.floors.floor.title')}`;
    expect(within(summary).getByRole('link', { name: `${label}: ${duplicate}` })).toHaveAttribute(
      'href',
      '#root_floors_2_floor',
    );
    expect(floorInputs()[2]).toHaveAttribute('aria-invalid', 'true');
    expect(floorInputs()[1]).not.toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);

    await user.clear(floorInputs()[2]!);
    await user.type(floorInputs()[2]!, '2');
    await user.click(screen.getByRole('button', { name: t('wizard.buttons.save_and_continue') }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ step_number: 4, data: { floors: [{ floor: 0 }, { floor: 1 }, { floor: 2 }] } });
  });

  it('says how many floors a building needs, in Swahili too', async () => {
    const { user } = renderWizard('/home/new', {
      language: 'sw',
      wizard: {
        type: 'new',
        answers: {
          personal: {},
          engineer: {},
          construction: { has_storeys: false },
          construction_details: { floors: [floor(0), floor(1)] },
        },
        saved: ['personal', 'engineer', 'construction'],
        current: 'construction_details',
        referenceNumber: REFERENCE,
      },
    });
    const sw = wt('sw');
    await user.click(await screen.findByRole('button', { name: sw('wizard.buttons.save_and_continue') }));
    const summary = await screen.findByRole('alert', { name: sw('wizard.errors.title', { count: 2 }) });
    const lines = within(summary)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toEqual([
      `${sw('forms:construction_details.floors.title')}: ${sw('validation:floors_ground_only')}`,
      // The second row, floor 1, by its number: "Sakafu ya 1, Sakafu (0 = sakafu ya chini): …".
      expect.stringMatching(/^Sakafu ya 1, Sakafu \(0 = sakafu ya chini\): /) as unknown,
    ]);
    expect(lines[1]).toContain(sw('validation:floor_ground_only'));
    // The table's line leads to the table.
    await user.click(within(summary).getAllByRole('link')[0]!);
    expect(
      screen.getByRole('heading', { level: 3, name: sw('forms:construction_details.floors.title') }),
    ).toHaveFocus();
    // Each message also stands on its own under its field (the summary's lines carry the label too).
    expect(screen.getByText(sw('validation:floors_ground_only'))).toBeInTheDocument();
    expect(screen.getByText(sw('validation:floor_ground_only'))).toBeInTheDocument();
  });

  it("shows the server's floor errors on the field", async () => {
    const message = t('validation:floors_count', { rows: 3, storeys: 2 });
    server.use(
      mockCall(saveAndContinue, () =>
        refusalFor(saveAndContinue, 'validation_failed', 'Some answers need your attention.', {
          errors: [{ path: '/construction_details/floors/1/floor', message }],
        }),
      ),
    );
    // The browser thinks the rows fit (the construction step it knows says one storey); the server knows better.
    const { user } = openDetails({ has_storeys: true, storey_count: 1 }, { floors: [floor(0), floor(1)] });
    await user.click(await screen.findByRole('button', { name: t('wizard.buttons.save_and_continue') }));
    const summary = await screen.findByRole('alert', { name: t('wizard.errors.title', { count: 1 }) });
    const link = within(summary).getByRole('link');
    expect(link).toHaveTextContent(`: ${message}`);
    expect(link).toHaveAttribute('href', '#root_floors_1_floor');
    expect(floorInputs()[1]).toHaveAttribute('aria-invalid', 'true');
  });

  it('names the ground floor in words in the error summary, and a room by its floor', async () => {
    const { user } = openDetails(
      { has_storeys: true, storey_count: 1 },
      { floors: [floor(0), { floor: 0, rooms: [{ room: splash.rooms[0]!.id, percent_covered: 10 }] }] },
    );
    await user.click(await screen.findByRole('button', { name: t('wizard.buttons.save_and_continue') }));
    const summary = await screen.findByRole('alert', { name: t('wizard.errors.title', { count: 2 }) });
    const lines = within(summary)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toEqual([
      `Room or area 1 in ground floor, ${f('construction_details.floors.rooms.area_m2.title')}: ${t('validation:required')}`,
      `Ground floor, ${f('construction_details.floors.floor.title')}: ${t('validation:floor_duplicate')}`,
    ]);
    expect(summary.textContent).not.toMatch(/floor 0|\brow\b/i);
  });

  it('gives a floor added with its button the next floor number, and names it so at once', async () => {
    const { user } = openDetails({ has_storeys: true, storey_count: 2 }, { floors: [floor(0), floor(1)] });
    await user.click(await screen.findByRole('button', { name: 'Add a floor' }));
    expect(await screen.findByRole('group', { name: 'Floor 2' })).toBeInTheDocument();
    expect(floorInputs().map((input) => (input as HTMLInputElement).value)).toEqual(['0', '1', '2']);
    expect(screen.getByRole('button', { name: 'Remove floor 2' })).toBeInTheDocument();
    // A number cleared to type another stays cleared: the row is named by its place meanwhile.
    await user.clear(floorInputs()[2]!);
    expect((floorInputs()[2] as HTMLInputElement).value).toBe('');
    await user.type(floorInputs()[2]!, '2');
    expect(await screen.findByRole('group', { name: 'Floor 2' })).toBeInTheDocument();
  });
});
