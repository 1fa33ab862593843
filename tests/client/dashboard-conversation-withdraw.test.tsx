import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApplications } from '../../src/client/mocks/dashboard-data';
import { makeHandlers } from '../../src/client/mocks/handlers';
import { mockSplash } from '../../src/client/mocks/mock-data';
import type { DashboardApplication } from '../../src/shared/dashboard';
import { record, signedInUser } from './dashboard-fixtures';
import { server } from './msw-server';
import { renderApp } from './render';
import { en, sw } from './texts';
import { getMessages } from '../../src/shared/api/conversation';
import { getDashboardApplication } from '../../src/shared/api/dashboard';
import { answerFor, mockCall } from '../../src/client/mocks/mock-call';
import { withdrawApplication } from '../../src/shared/api/withdraw';

const splash = mockSplash();
beforeEach(() => server.use(...makeHandlers({ delayMs: 0 })));

/** The mock's application under review (not decided: it may be withdrawn), answered by get_application. */
function underReview(): DashboardApplication {
  const app = [...mockApplications(splash).values()].find((m) => m.application.status === 'under_review')!;
  const application = structuredClone(app.application);
  server.use(mockCall(getDashboardApplication, () => answerFor(getDashboardApplication, application)));
  return application;
}

describe('the conversation (issue 17, item 11)', () => {
  it('shows the messages sent and the unit’s answers as one named list, oldest first, with who and when', async () => {
    const { user } = renderApp('/dashboard/application', { user: signedInUser });
    expect(await screen.findByText(en('dashboard.conversation.empty'))).toBeVisible();
    await user.click(await screen.findByRole('button', { name: en('dashboard.message.open') }));
    await user.type(
      screen.getByRole('textbox', { name: new RegExp(`^${en('dashboard.message.message')}`) }),
      'Can the inspector come on Monday?',
    );
    await user.click(screen.getByRole('button', { name: en('dashboard.message.send') }));
    const list = await screen.findByRole('list', { name: en('dashboard.conversation.label') });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(en('dashboard.conversation.you'));
    expect(items[0]).toHaveTextContent('Can the inspector come on Monday?');
    expect(items[1]).toHaveTextContent(en('dashboard.conversation.unit', { name: 'Mwanaidi Hassan' }));
    for (const item of items) expect(item.querySelector('time')?.getAttribute('dateTime')).toMatch(/^\d{4}-/);
  });

  it('names the list and who wrote each message in Swahili', async () => {
    server.use(
      mockCall(getMessages, () =>
        answerFor(getMessages, [
          {
            message_id: 'm1',
            from: 'applicant',
            by: null,
            subject: null,
            message: 'Habari',
            in_reply_to: null,
            created_at: '2026-11-20T07:00:00Z',
          },
          {
            message_id: 'm2',
            from: 'unit',
            by: 'Juma',
            subject: null,
            message: 'Karibu',
            in_reply_to: 'm1',
            created_at: '2026-11-21T07:00:00Z',
          },
        ]),
      ),
    );
    renderApp('/dashboard/application', { user: signedInUser, language: 'sw' });
    const list = await screen.findByRole('list', { name: sw('dashboard.conversation.label') });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(sw('dashboard.conversation.you'));
    expect(items[1]).toHaveTextContent(sw('dashboard.conversation.unit', { name: 'Juma' }));
  });
});

describe('withdrawing (issue 17, item 12)', () => {
  it('asks a reason, then confirms in a dialog; Keep sends nothing, Withdraw sends the reason', async () => {
    const application = underReview();
    const bodies = record(withdrawApplication, () =>
      answerFor(withdrawApplication, {
        reference_number: application.reference_number,
        status: 'withdrawn',
        withdrawn_at: '',
      }),
    );
    const { user } = renderApp('/dashboard/application', { user: signedInUser });
    await user.click(await screen.findByRole('button', { name: en('dashboard.withdraw.open') }));
    await user.click(screen.getByRole('button', { name: en('dashboard.withdraw.submit') }));
    expect(
      await screen.findByText(en('dashboard.forms.required', { field: en('dashboard.withdraw.reason') })),
    ).toBeVisible();
    await user.type(
      screen.getByRole('textbox', { name: new RegExp(`^${en('dashboard.withdraw.reason')}`) }),
      'The plot was sold.',
    );
    await user.click(screen.getByRole('button', { name: en('dashboard.withdraw.submit') }));
    const dialog = await screen.findByRole('dialog', {
      name: en('dashboard.withdraw.confirm_title', { reference_number: application.reference_number }),
    });
    await user.click(within(dialog).getByRole('button', { name: en('dashboard.withdraw.keep') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies).toEqual([]);

    await user.click(screen.getByRole('button', { name: en('dashboard.withdraw.submit') }));
    const again = await screen.findByRole('dialog');
    await user.click(within(again).getByRole('button', { name: en('dashboard.withdraw.confirm') }));
    expect(await screen.findByText(en('dashboard.withdraw.done'))).toBeVisible();
    expect(bodies).toEqual([{ reason: 'The plot was sold.' }]);
  });

  it('offers no withdrawal once decided (the permit is issued)', async () => {
    renderApp('/dashboard/application', { user: signedInUser });
    await screen.findByRole('heading', { level: 2, name: en('dashboard.summary.title') });
    expect(screen.queryByRole('button', { name: en('dashboard.withdraw.open') })).toBeNull();
  });
});
