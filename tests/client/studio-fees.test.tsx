import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SaveFeesRequest, StudioConflict, StudioProblem } from '../../src/shared/api/studio';
import type { FeeSchedule } from '../../src/shared/fees/fee-schedule';
import type { FormsSet } from '../../src/shared/forms';
import { server } from './msw-server';
import { SET } from './studio-backend';
import { draftAnswer, envelope, recordCall } from './studio-editor-render';
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
const FEES_SET: FormsSet = { ...SET, fees: FEES };

function saveFeesServer(first?: () => Response) {
  let revision = 30;
  const calls = recordCall<SaveFeesRequest>('save_fees', (body, count) => {
    if (count === 1 && first) return first();
    revision += 1;
    return envelope(
      200,
      'OK',
      draftAnswer({ ...FEES_SET, fees: body.fees as unknown as FeeSchedule }, revision, { fees: revision }),
    );
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
    const rate = within(card).getByRole('textbox', { name: 'Rate per m² for commercial use, New building (TZS)' });
    expect(rate).toHaveValue('3000');
    await user.clear(rate);
    await user.type(rate, '3500');
    await waitFor(() => expect(bodies.length).toBeGreaterThanOrEqual(1), { timeout: 5000 });
    const last = bodies.at(-1)!;
    expect(last.base).toBe(5);
    const sent = last.fees as unknown as FeeSchedule;
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
    const bodies = saveFeesServer(() => envelope(409, 'Someone else changed this meanwhile.', conflict));
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
    expect((bodies[1]!.fees as unknown as FeeSchedule).types.repair!.base).toBe(40000);
  });

  it('speaks Swahili', async () => {
    openPage('sw');
    const repair = await screen.findByRole('region', { name: 'Matengenezo' });
    expect(screen.getByRole('heading', { level: 1, name: 'Ada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ada' })).toHaveAttribute('aria-current', 'page');
    expect(within(repair).getByRole('textbox', { name: 'Ada ya maombi ya Matengenezo (TZS)' })).toHaveValue('30000');
    expect(
      within(screen.getByRole('region', { name: 'Jengo jipya' })).getByRole('textbox', {
        name: 'Kiwango kwa m² kwa matumizi ya biashara, Jengo jipya (TZS)',
      }),
    ).toHaveValue('3000');
  });
});
