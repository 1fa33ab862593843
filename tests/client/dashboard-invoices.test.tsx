import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApplicantInvoice } from '../../src/shared/api/payments';
import { makeHandlers } from '../../src/client/mocks/handlers';
import { record, signedInUser } from './dashboard-fixtures';
import { server } from './msw-server';
import { renderApp } from './render';
import { en, sw } from './texts';
import { downloadReceipt, getInvoices } from '../../src/shared/api/payments';
import { answerFor, mockCall, refusalFor } from '../../src/client/mocks/mock-call';

// The Invoices tab with control-number payment: each invoice's control number, how to pay it (mobile
// money, USSD, bank) in both languages, what is paid and still to pay, and its receipts to download.

beforeEach(() => server.use(...makeHandlers({ delayMs: 0 })));
afterEach(() => vi.restoreAllMocks());

const open = (language?: 'en' | 'sw') =>
  renderApp('/dashboard/application?tab=invoices', { user: signedInUser, language });
const items = async (t: (key: string) => string) =>
  within(await screen.findByRole('list', { name: t('dashboard.invoices.title') })).findAllByRole('listitem');

const invoice = (overrides: Partial<ApplicantInvoice>): ApplicantInvoice => ({
  invoice_id: 'inv-test',
  description: 'Building permit fee',
  amount_tzs: 400_000,
  paid_tzs: 0,
  balance_tzs: 400_000,
  control_number: '991100223344',
  expires_at: '2026-12-20T20:59:59.000Z',
  due_date: '2026-12-20',
  status: 'unpaid',
  paid_at: null,
  created_at: '2026-11-28T06:00:00.000Z',
  receipts: [],
  cancel_reason: null,
  excess: [],
  ...overrides,
});

describe('the Invoices tab', () => {
  it('a partly paid invoice: its control number, what is paid and still to pay, and how to pay it', async () => {
    open();
    const [partly] = await items(en);
    expect(partly).toHaveTextContent('991234567891');
    expect(partly).toHaveTextContent(en('dashboard.invoices.status.partly_paid'));
    expect(partly).toHaveTextContent(`${en('dashboard.invoices.paid_so_far')}TZS 125,000`);
    expect(partly).toHaveTextContent(`${en('dashboard.invoices.balance')}TZS 300,000`);
    const how = within(partly!).getByRole('region', { name: en('dashboard.invoices.how_to_pay.title') });
    expect(how).toHaveTextContent('Pay by phone → Government payments → enter control number 991234567891');
    expect(how).toHaveTextContent('without internet, dial your mobile money menu (M-Pesa *150*00#');
    expect(how).toHaveTextContent('At any bank');
  });

  it('in Swahili: the menu path of mobile money and the statuses', async () => {
    open('sw');
    const [partly, paid] = await items(sw);
    expect(partly).toHaveTextContent(sw('dashboard.invoices.status.partly_paid'));
    expect(partly).toHaveTextContent('Lipa kwa simu → Malipo ya Serikali → weka namba ya malipo 991234567891');
    expect(paid).toHaveTextContent(sw('dashboard.invoices.status.paid'));
    // A paid invoice has nothing left to pay: no how-to-pay.
    expect(within(paid!).queryByRole('region', { name: sw('dashboard.invoices.how_to_pay.title') })).toBeNull();
  });

  it('an invoice whose control number is not there yet, or expired, says so and offers no way to pay', async () => {
    server.use(
      mockCall(getInvoices, () =>
        answerFor(getInvoices, [
          invoice({ invoice_id: 'a', control_number: null, expires_at: null, created_at: '2026-11-28T07:00:00.000Z' }),
          invoice({
            invoice_id: 'b',
            control_number: null,
            expires_at: null,
            status: 'expired',
            description: 'Old fee',
          }),
        ]),
      ),
    );
    open();
    const [coming, expired] = await items(en);
    expect(coming).toHaveTextContent(en('dashboard.invoices.control_number_coming'));
    expect(expired).toHaveTextContent(en('dashboard.invoices.status.expired'));
    for (const item of [coming!, expired!])
      expect(within(item).queryByRole('region', { name: en('dashboard.invoices.how_to_pay.title') })).toBeNull();
  });

  it('a cancelled invoice says nothing is to pay, with no control number or way to pay; money held is said, and what became of it', async () => {
    server.use(
      mockCall(getInvoices, () =>
        answerFor(getInvoices, [
          invoice({
            invoice_id: 'cancelled',
            status: 'cancelled',
            balance_tzs: 0,
            control_number: null,
            expires_at: null,
            cancel_reason: 'Raised on the wrong application.',
            excess: [{ kind: 'refund_due', amount_tzs: 400_000, settled_how: null }],
            created_at: '2026-11-28T07:00:00.000Z',
          }),
          invoice({
            invoice_id: 'over',
            status: 'paid',
            paid_tzs: 412_345,
            balance_tzs: 0,
            paid_at: '2026-11-28T06:30:00.000Z',
            excess: [{ kind: 'over_payment', amount_tzs: 12_345, settled_how: 'refunded' }],
          }),
        ]),
      ),
    );
    open('sw');
    const [cancelled, over] = await items(sw);
    expect(cancelled).toHaveTextContent(sw('dashboard.invoices.status.cancelled'));
    expect(cancelled).toHaveTextContent('Raised on the wrong application.');
    expect(cancelled).not.toHaveTextContent(sw('dashboard.invoices.control_number_coming'));
    expect(cancelled).not.toHaveTextContent(sw('dashboard.invoices.balance'));
    expect(cancelled).toHaveTextContent('TZS 400,000 zilizolipwa kwa ankara hii zitarudishwa kwako');
    expect(within(cancelled!).queryByRole('region', { name: sw('dashboard.invoices.how_to_pay.title') })).toBeNull();
    expect(over).toHaveTextContent('TZS 12,345 ulizolipa zaidi ya kinachodaiwa zimerudishwa kwako.');
  });

  it('downloads a receipt through a temporary link, and says so when it cannot', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:kibali/r1'), revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const bodies = record(downloadReceipt);
    const { user } = open();
    const [partly] = await items(en);
    const button = within(partly!).getByRole('button', { name: /Receipt RC-2026-000102: TZS 125,000/ });
    await user.click(button);
    await waitFor(() => expect(clicked).toEqual(['receipt-RC-2026-000102.pdf']));
    expect(bodies).toEqual([{ receipt_number: 'RC-2026-000102' }]);

    server.use(
      mockCall(downloadReceipt, () =>
        refusalFor(downloadReceipt, 'payments.receipt_not_found', 'No receipt has this number.', {}),
      ),
    );
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('No receipt has this number.');
    expect(clicked).toHaveLength(1);
  });
});
