import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeHandlers } from '../../src/client/mocks/handlers';
import type { FeeEstimateAnswer } from '../../src/shared/api/fees';
import { demo, signedInUser } from './dashboard-fixtures';
import { server } from './msw-server';
import { renderApp } from './render';
import { getDashboardApplication } from '../../src/shared/api/dashboard';
import { answerFor, mockCall } from '../../src/client/mocks/mock-call';

// Issue 19, item 2: the applicant sees the fee estimate with how it was computed, in both languages,
// amounts written as the language writes them.

const estimate: FeeEstimateAnswer = {
  forms_version: '3',
  missing: null,
  estimate: {
    currency: 'TZS',
    total_tzs: 1_243_000,
    exemption: null,
    lines: [
      {
        kind: 'base',
        name: { en: 'Application fee', sw: 'Ada ya maombi' },
        detail: null,
        quantity: 1,
        unit: 'fixed',
        rate_tzs: 50_000,
        amount_tzs: 50_000,
      },
      {
        kind: 'area',
        name: { en: 'Floor area', sw: 'Eneo la sakafu' },
        detail: { en: 'Business', sw: 'Biashara' },
        quantity: 381.25,
        unit: 'm2',
        rate_tzs: 3_000,
        amount_tzs: 1_143_750,
      },
      {
        kind: 'storeys',
        name: { en: 'Storeys', sw: 'Ghorofa' },
        detail: { en: '3', sw: '3' },
        quantity: 1,
        unit: 'storey',
        rate_tzs: 50_000,
        amount_tzs: 50_000,
      },
      {
        kind: 'rounding',
        name: { en: 'Rounded up', sw: 'Kupandishwa hadi kiasi kamili' },
        detail: null,
        quantity: 1,
        unit: 'fixed',
        rate_tzs: -750,
        amount_tzs: -750,
      },
    ],
  },
};

const withEstimate = (fee_estimate: FeeEstimateAnswer) =>
  server.use(
    mockCall(getDashboardApplication, () => answerFor(getDashboardApplication, { ...demo.application, fee_estimate })),
  );

beforeEach(() => server.use(...makeHandlers({ delayMs: 0 })));

describe('the fee estimate on the dashboard (Invoices tab)', () => {
  it('shows each line and the total as a table with its caption, in English', async () => {
    withEstimate(estimate);
    renderApp('/dashboard/application?tab=invoices', { user: signedInUser, language: 'en' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Fee estimate' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'How the fee estimate was computed' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'ItemQuantityRateAmount',
      'Application fee150,000 TZS',
      'Floor area (Business)381.25 m²3,000 TZS per m²1,143,750 TZS',
      'Storeys (3)150,000 TZS per storey50,000 TZS',
      'Rounded up1-750 TZS',
      'Estimated total1,243,000 TZS',
    ]);
  });

  it('says it all in Swahili, with the lines named by the schedule', async () => {
    withEstimate(estimate);
    renderApp('/dashboard/application?tab=invoices', { user: signedInUser, language: 'sw' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Makadirio ya ada' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Jinsi makadirio ya ada yalivyohesabiwa' });
    expect(within(table).getByRole('rowheader', { name: 'Eneo la sakafu (Biashara)' })).toBeInTheDocument();
    expect(within(table).getByText('3,000 TZS kwa kila m²')).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: 'Jumla ya makadirio' })).toBeInTheDocument();
  });

  it('names the exemption, and says which answer is missing when there is no estimate yet', async () => {
    withEstimate({
      ...estimate,
      estimate: {
        ...estimate.estimate!,
        total_tzs: 0,
        exemption: { en: 'Government buildings pay no permit fee.', sw: 'Majengo ya Serikali hayalipi ada ya kibali.' },
      },
    });
    const { unmount } = renderApp('/dashboard/application?tab=invoices', { user: signedInUser, language: 'sw' });
    expect(await screen.findByText('Msamaha: Majengo ya Serikali hayalipi ada ya kibali.')).toBeInTheDocument();
    unmount();

    withEstimate({
      forms_version: '3',
      estimate: null,
      missing: {
        reason: 'missing_answer',
        answer: 'construction_details.total_area_m2',
        question: { en: 'Total floor area (m²)', sw: 'Jumla ya eneo la sakafu zote (m²)' },
      },
    });
    renderApp('/dashboard/application?tab=invoices', { user: signedInUser, language: 'en' });
    expect(
      await screen.findByText('The estimate appears once you answer “Total floor area (m²)”.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'How the fee estimate was computed' })).toBeNull();
  });
});
