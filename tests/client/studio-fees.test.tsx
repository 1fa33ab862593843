import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveFees, type SaveFeesRequest, type StudioConflict, type StudioProblem } from '../../src/shared/api/studio';
import type { FeeSchedule } from '../../src/shared/fees/fee-schedule';
import type { FormsSet } from '../../src/shared/forms';
import { server } from './msw-server';
import { SET } from './studio-backend';
import { draftAnswer, recordCall, wireDraft } from './studio-editor-render';
import { answerFor, refusalFor } from '../../src/client/mocks/mock-call';
import { renderStudio } from './studio-render';

// The studio's fee page (issue 19 item 2): a rate typed is saved with the fees' revision (save_fees),
// the checker's fee problems next to what they are about, another editor's change shown rather than
// overwritten, and the page in Swahili.

const FEES: FeeSchedule = {
  currency: 'TZS',
  names: {
    base: { en: 'Application fee', sw: 'Ada ya maombi' },
    area: { en: 'Floor area', sw: 'Eneo la sakafu' },
    storeys: { en: 'Storeys', sw: 'Ghorofa' },
    minimum: { en: 'Minimum', sw: 'Ada ya chini kabisa' },
    rounding: { en: 'Rounded up', sw: 'Kupandishwa' },
    exemption: { en: 'Exemption', sw: 'Msamaha' },
  },
  types: {
    new: {
      base: 50000,
      use: 'construction.current_land_use',
      area: { answer: 'construction.total_area_m2', rates: { residential: 1000, commercial: 3000 } },
      storeys: { answer: 'construction.storey_count', bands: [{ from: 1, per_storey: 0 }] },
      minimum: 100000,
      round_to: 1000,
    },
    repair: { base: 30000, minimum: 30000, round_to: 1000 },
  },
};
/** The construction step asks a use (a list), the floor area and the storeys (numbers): what a part can use. */
const CONSTRUCTION = {
  schema: {
    type: 'object',
    title: 'construction.title',
    properties: {
      current_land_use: {
        type: 'string',
        title: 'construction.current_land_use.title',
        maxLength: 32,
        oneOf: [
          { const: 'residential', title: 'construction.current_land_use.options.residential' },
          { const: 'commercial', title: 'construction.current_land_use.options.commercial' },
        ],
      },
      total_area_m2: { type: 'number', title: 'construction.total_area_m2.title' },
      storey_count: { type: 'integer', title: 'construction.storey_count.title' },
    },
  },
  uiSchema: { 'ui:order': ['current_land_use', 'total_area_m2', 'storey_count'] },
};
const FEES_SET: FormsSet = {
  ...SET,
  steps: { ...SET.steps, construction: CONSTRUCTION },
  flows: { ...SET.flows, government: ['personal', 'construction'] },
  texts: {
    en: {
      ...SET.texts.en,
      construction: {
        title: 'Construction',
        current_land_use: {
          title: 'Current use of the land',
          options: { residential: 'Homes', commercial: 'Shops and offices' },
        },
        total_area_m2: { title: 'Total floor area' },
        storey_count: { title: 'Storeys above the ground floor' },
      },
    },
    sw: {
      ...SET.texts.sw,
      construction: {
        title: 'Ujenzi',
        current_land_use: {
          title: 'Matumizi ya sasa ya ardhi',
          options: { residential: 'Makaazi', commercial: 'Biashara' },
        },
        total_area_m2: { title: 'Jumla ya eneo la sakafu' },
        storey_count: { title: 'Ghorofa juu ya sakafu ya chini' },
      },
    },
  },
  fees: FEES,
};

function saveFeesServer(first?: () => Response) {
  let revision = 30;
  const calls = recordCall<SaveFeesRequest>(saveFees, (body, count) => {
    if (count === 1 && first) return first();
    revision += 1;
    return answerFor(saveFees, wireDraft(draftAnswer({ ...FEES_SET, fees: body.fees }, revision, { fees: revision })));
  });
  server.use(calls.handler);
  return calls.bodies;
}

function openPage(language: 'en' | 'sw' = 'en', problems: StudioProblem[] = []) {
  return renderStudio('/studio/fees', {
    role: 'policy_editor',
    language,
    setup: (b) => (b.draft = draftAnswer(FEES_SET, 30, { fees: 5 }, problems)),
  });
}

describe('the fee schedule page', () => {
  it('saves a changed area rate on the fees’ revision, the rest of the schedule as it was', async () => {
    const bodies = saveFeesServer();
    const { user } = openPage();
    const card = await screen.findByRole('region', { name: 'New building' });
    const rate = within(card).getByRole('textbox', {
      name: 'Rate per m² for New building, use: Shops and offices (TZS)',
    });
    expect(rate).toHaveValue('3000');
    await user.clear(rate);
    await user.type(rate, '3500');
    await waitFor(() => expect(bodies.length).toBeGreaterThanOrEqual(1), { timeout: 5000 });
    const last = bodies.at(-1)!;
    expect(last.base).toBe(5);
    const sent = last.fees;
    expect(sent.types.new!.area!.rates).toEqual({ residential: 1000, commercial: 3500 });
    expect(sent.types.repair).toEqual(FEES.types.repair);
    await waitFor(() => expect(screen.getAllByRole('status').some((s) => s.textContent === 'Saved')).toBe(true), {
      timeout: 5000,
    });
  });

  it('shows the checker’s fee problems next to the part they are about', async () => {
    const problem: StudioProblem = {
      file: 'fees.json',
      path: ['types', 'repair', 'round_to'],
      message: '"round_to" of "repair" must be a whole number of at least 1 (1 for no rounding).',
      severity: 'error',
      code: 'fees_round_to',
      params: { type: 'repair' },
    };
    openPage('en', [problem]);
    const repair = await screen.findByRole('region', { name: 'Repair' });
    expect(within(repair).getByRole('list', { name: 'Problems found by the checks' })).toHaveTextContent('round_to');
    expect(
      within(screen.getByRole('region', { name: 'New building' })).queryByRole('list', {
        name: 'Problems found by the checks',
      }),
    ).not.toBeInTheDocument();
  });

  it("shows someone else's change rather than overwrite it, and saves on top of it when asked", async () => {
    const conflict: StudioConflict = { item: 'fees', revision: 9, by: 'Juma Policy', at: null };
    const bodies = saveFeesServer(() =>
      refusalFor(saveFees, 'studio.conflict', 'Someone else changed this meanwhile.', conflict),
    );
    const { user } = openPage();
    const repair = await screen.findByRole('region', { name: 'Repair' });
    const base = within(repair).getByRole('textbox', { name: 'Application fee of Repair (TZS)' });
    await user.clear(base);
    await user.type(base, '40000');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Juma Policy changed this while you were editing it (their version: revision 9).');
    expect(base).toHaveValue('40000');
    await user.click(within(alert).getByRole('button', { name: 'Keep mine (save on top)' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]!.base).toBe(9);
    expect(bodies[1]!.fees.types.repair!.base).toBe(40000);
  });

  it('speaks Swahili', async () => {
    openPage('sw');
    const repair = await screen.findByRole('region', { name: 'Matengenezo' });
    expect(screen.getByRole('heading', { level: 1, name: 'Ada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ada' })).toHaveAttribute('aria-current', 'page');
    expect(within(repair).getByRole('textbox', { name: 'Ada ya maombi ya Matengenezo (TZS)' })).toHaveValue('30000');
    expect(
      within(screen.getByRole('region', { name: 'Jengo jipya' })).getByRole('textbox', {
        name: 'Kiwango kwa m² kwa Jengo jipya, matumizi: Biashara (TZS)',
      }),
    ).toHaveValue('3000');
  });

  it('sets the fees of a type that has none, charges it by floor area with a rate per use, and by storeys', async () => {
    const bodies = saveFeesServer();
    const { user } = openPage();
    const last = () => bodies.at(-1)!.fees.types;
    await user.click(await screen.findByRole('button', { name: 'Set the fees of Government building' }));
    await waitFor(() => expect(last().government).toEqual({ base: 0, minimum: 0, round_to: 1 }), { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Set the fees of Government building' })).toBeNull();

    const card = screen.getByRole('region', { name: 'Government building' });
    await user.click(within(card).getByRole('checkbox', { name: 'Charge Government building by floor area' }));
    const areaAnswer = within(card).getByRole('combobox', {
      name: 'The answer with the floor area in m² (Government building)',
    });
    // Only the numbers of the type's own steps: the floor area and the storeys, not the use.
    expect(
      within(areaAnswer)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Construction: Total floor area', 'Construction: Storeys above the ground floor']);
    await waitFor(() => expect(last().government!.area).toEqual({ answer: 'construction.total_area_m2', rate: 0 }), {
      timeout: 5000,
    });

    await user.click(
      within(card).getByRole('checkbox', {
        name: 'A different rate for each use of the building (Government building)',
      }),
    );
    // A rate for each answer of the use question, named as the question names them.
    const shops = within(card).getByRole('textbox', {
      name: 'Rate per m² for Government building, use: Shops and offices (TZS)',
    });
    await user.clear(shops);
    await user.type(shops, '2500');
    await waitFor(
      () =>
        expect(last().government).toMatchObject({
          use: 'construction.current_land_use',
          area: { answer: 'construction.total_area_m2', rates: { residential: 0, commercial: 2500 } },
        }),
      { timeout: 5000 },
    );

    await user.click(
      within(card).getByRole('checkbox', { name: 'Charge Government building by storeys above the ground floor' }),
    );
    await waitFor(
      () =>
        expect(last().government!.storeys).toEqual({
          answer: 'construction.total_area_m2',
          bands: [{ from: 1, per_storey: 0 }],
        }),
      { timeout: 5000 },
    );
    await user.selectOptions(
      within(card).getByRole('combobox', { name: 'The answer with the number of storeys (Government building)' }),
      'construction.storey_count',
    );
    await waitFor(() => expect(last().government!.storeys!.answer).toBe('construction.storey_count'), {
      timeout: 5000,
    });

    // Back to one rate for every use: the use answer goes with the rates.
    await user.click(
      within(card).getByRole('checkbox', {
        name: 'A different rate for each use of the building (Government building)',
      }),
    );
    await waitFor(() => expect(last().government!.area).toEqual({ answer: 'construction.total_area_m2', rate: 0 }), {
      timeout: 5000,
    });
    expect(last().government!.use).toBeUndefined();
  });

  it('cannot charge a type by area or storeys when its steps ask no number, and says why', async () => {
    openPage();
    const repair = await screen.findByRole('region', { name: 'Repair' });
    expect(within(repair).getByRole('checkbox', { name: 'Charge Repair by floor area' })).toBeDisabled();
    expect(
      within(repair).getByRole('checkbox', { name: 'Charge Repair by storeys above the ground floor' }),
    ).toBeDisabled();
    expect(repair).toHaveTextContent('The steps of Repair ask no question answered with a number');
  });

  it("removes a type's fees only once asked, and the type can be set again", async () => {
    const bodies = saveFeesServer();
    const { user } = openPage();
    const repair = await screen.findByRole('region', { name: 'Repair' });
    await user.click(within(repair).getByRole('button', { name: 'Remove the fees of Repair' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the fees of Repair?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('region', { name: 'Repair' })).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.click(within(repair).getByRole('button', { name: 'Remove the fees of Repair' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove the fees of Repair?' })).getByRole('button', {
        name: 'Remove the fees',
      }),
    );
    await waitFor(() => expect(bodies.length).toBeGreaterThanOrEqual(1), { timeout: 5000 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const types = bodies.at(-1)!.fees.types;
    expect(Object.keys(types).sort()).toEqual(['new']);
    expect(screen.queryByRole('region', { name: 'Repair' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Set the fees of Repair' })).toBeVisible();
  });
});
