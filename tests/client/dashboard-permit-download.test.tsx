import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeHandlers } from '../../src/client/mocks/handlers';
import { demo, record, signedInUser } from './dashboard-fixtures';
import { server } from './msw-server';
import { renderApp } from './render';
import { en, sw } from './texts';
import { getPermits } from '../../src/shared/api/dashboard';
import { downloadPermit } from '../../src/shared/api/permits';
import { answerFor, mockCall, refusalFor } from '../../src/client/mocks/mock-call';

// The Permit tab's download of the permit's PDF (issue 19, item 4): through a temporary link, the
// refusal as the server says it, and no button for a revoked permit. Both languages.

beforeEach(() => server.use(...makeHandlers({ delayMs: 0 })));
afterEach(() => vi.restoreAllMocks());

describe.each([
  ['en', en],
  ['sw', sw],
] as const)('the permit PDF from the Permit tab (%s)', (language, t) => {
  it('downloads the permit, and says so when it cannot', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:kibali/permit'), revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const bodies = record(downloadPermit);
    const { user } = renderApp('/dashboard/application?tab=permit', { user: signedInUser, language });
    const permit = demo.permits[0]!;
    const button = await screen.findByRole(
      'button',
      { name: t('dashboard.permits.download', { permit_number: permit.permit_number }) },
      { timeout: 10_000 },
    );
    await user.click(button);
    const file = `building-permit-${permit.permit_number.replace(/[^A-Za-z0-9.-]+/g, '-')}.pdf`;
    await waitFor(() => expect(clicked).toEqual([file]));
    expect(bodies).toEqual([{ permit_number: permit.permit_number }]);

    server.use(
      mockCall(downloadPermit, () =>
        refusalFor(downloadPermit, 'permits.revoked', 'This permit was revoked: it is not printed again.', {
          permit_number: permit.permit_number,
        }),
      ),
    );
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('This permit was revoked: it is not printed again.');
    expect(clicked).toHaveLength(1);
  });

  it('offers no download for a revoked permit, and says it is revoked', async () => {
    server.use(mockCall(getPermits, () => answerFor(getPermits, [{ ...demo.permits[0]!, status: 'revoked' }])));
    renderApp('/dashboard/application?tab=permit', { user: signedInUser, language });
    const permit = demo.permits[0]!;
    const heading = await screen.findByRole(
      'heading',
      { level: 3, name: t('dashboard.permits.permit', { permit_number: permit.permit_number }) },
      { timeout: 10_000 },
    );
    const item = heading.closest('li')!;
    expect(item).toHaveTextContent(t('dashboard.permits.status.revoked'));
    expect(within(item).queryByRole('button', { name: /PDF/ })).not.toBeInTheDocument();
  });
});
