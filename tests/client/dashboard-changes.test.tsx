import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setValidatorFactory } from '../../src/client/forms/validator-source';
import { mockApplications } from '../../src/client/mocks/dashboard-data';
import { formatDate } from '../../src/client/features/dashboard/format';
import { makeHandlers } from '../../src/client/mocks/handlers';
import { mockSplash } from '../../src/client/mocks/mock-data';
import type { ChangeRequestsAnswer } from '../../src/shared/api/change-requests';
import { record, signedInUser } from './dashboard-fixtures';
import { server } from './msw-server';
import { renderApp } from './render';
import { en, sw } from './texts';
import { runtimeValidator, servedForms } from './wizard-forms';
import { getChangeRequests, resubmitChanges } from '../../src/shared/api/change-requests';
import { getDashboardApplication } from '../../src/shared/api/dashboard';
import { answerFor, mockCall, refusalFor } from '../../src/client/mocks/mock-call';

// Requests for changes on the dashboard (issue 19, item 1): the checklist with each remark, the
// deadline in words, done or not, and Resubmit with a note.

const splash = mockSplash();

function returnedWith(answer: ChangeRequestsAnswer) {
  const app = [...mockApplications(splash).values()].find((m) => m.application.status === 'under_review')!;
  const application = { ...structuredClone(app.application), status: 'returned' };
  server.use(
    mockCall(getDashboardApplication, () => answerFor(getDashboardApplication, application)),
    mockCall(getChangeRequests, () => answerFor(getChangeRequests, answer)),
  );
  return application;
}

const OPEN: ChangeRequestsAnswer = {
  open: {
    number: 1,
    requests: [
      { kind: 'step', step: 'repair', remark: 'Describe the repair in more detail.', done: true },
      {
        kind: 'document',
        document_type: 'sheha_letter',
        action: 'replace',
        remark: 'The stamp cannot be read.',
        done: false,
      },
    ],
    remark: 'Two things to fix.',
    due_date: '2026-12-17',
    working_days_left: 4,
    overdue: false,
    forms_version: 1,
    forms: { version: '1', steps: {}, texts: { en: {}, sw: {} } },
    answers: { repair: {} },
  },
  rounds: [
    {
      number: 1,
      status: 'open',
      asked_at: '2026-12-02T06:00:00Z',
      due_date: '2026-12-17',
      requests: [],
      changed_steps: [],
      changed_documents: [],
      note: null,
      resubmitted_at: null,
    },
  ],
};

beforeEach(() => server.use(...makeHandlers({ delayMs: 0 })));

describe('requests for changes on the dashboard', () => {
  it('lists the requests as a checklist: what, the remark, done or not, a way to answer each; the deadline in words', async () => {
    returnedWith(OPEN);
    renderApp('/dashboard/application', { user: signedInUser });
    const list = await screen.findByRole('list', { name: en('dashboard.changes.checklist') });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(
      en('dashboard.changes.remark', { remark: 'Describe the repair in more detail.' }),
    );
    expect(items[0]).toHaveTextContent(en('dashboard.changes.done'));
    // The asked step opens in the step editor (?change=<step>), on the dashboard itself.
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', expect.stringContaining('change=repair'));
    expect(items[1]).toHaveTextContent(en('dashboard.changes.not_done'));
    expect(items[1]).toHaveTextContent('The stamp cannot be read.');
    expect(within(items[1]!).getByText(en('dashboard.changes.replace_file'))).toBeVisible();
    expect(
      screen.getByText(en('dashboard.changes.deadline', { count: 4, date: formatDate('2026-12-17', 'en') })),
    ).toBeVisible();
  });

  it('once the deadline has passed: says so, with the date and whom to contact, and offers no way to send changes', async () => {
    returnedWith({ ...OPEN, open: { ...OPEN.open!, working_days_left: 0, overdue: true } });
    renderApp('/dashboard/application', { user: signedInUser, language: 'sw' });
    const list = await screen.findByRole('list', { name: sw('dashboard.changes.checklist') });
    expect(screen.getByText(sw('dashboard.changes.overdue', { date: formatDate('2026-12-17', 'sw') }))).toBeVisible();
    // The requests are still listed with their remarks, but nothing to answer them with, and no Resubmit.
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('The stamp cannot be read.');
    expect(within(list).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByText(sw('dashboard.changes.replace_file'))).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: sw('dashboard.changes.resubmit') })).not.toBeInTheDocument();
  });

  it('says it in Swahili', async () => {
    returnedWith(OPEN);
    renderApp('/dashboard/application', { user: signedInUser, language: 'sw' });
    const list = await screen.findByRole('list', { name: sw('dashboard.changes.checklist') });
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent(sw('dashboard.changes.not_done'));
    expect(screen.getByRole('button', { name: sw('dashboard.changes.resubmit') })).toBeVisible();
  });

  it('asks for a note, sends it with Resubmit, and lists what is still open when the server refuses', async () => {
    returnedWith(OPEN);
    const bodies = record(resubmitChanges, () =>
      refusalFor(resubmitChanges, 'changes.requests_open', 'Some requested changes are not made yet.', {
        errors: [{ path: '/requests/1', message: 'The document sheha_letter is not uploaded yet.' }],
      }),
    );
    const { user } = renderApp('/dashboard/application', { user: signedInUser });
    const button = await screen.findByRole('button', { name: en('dashboard.changes.resubmit') });
    await user.click(button);
    expect(await screen.findByText(en('dashboard.changes.note_required'))).toBeVisible();
    expect(bodies).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: new RegExp(en('dashboard.changes.note')) }), 'Roof described.');
    await user.click(button);
    await waitFor(() => expect(bodies).toEqual([{ note: 'Roof described.' }]));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Some requested changes are not made yet.');
    expect(alert).toHaveTextContent('The document sheha_letter is not uploaded yet.');
  });

  it('sends the note and shows the round answered once accepted', async () => {
    returnedWith(OPEN);
    const bodies = record(resubmitChanges, () => {
      server.use(
        mockCall(getChangeRequests, () =>
          answerFor(getChangeRequests, {
            open: null,
            rounds: [
              {
                ...OPEN.rounds[0]!,
                status: 'resubmitted',
                note: 'All done.',
                resubmitted_at: '2026-12-10T08:00:00Z',
                changed_steps: ['repair'],
                changed_documents: ['sheha_letter'],
              },
            ],
          }),
        ),
      );
      return answerFor(resubmitChanges, { reference_number: 'X', status: 'submitted', round: 1 });
    });
    const { user } = renderApp('/dashboard/application', { user: signedInUser });
    await user.type(
      await screen.findByRole('textbox', { name: new RegExp(en('dashboard.changes.note')) }),
      'All done.',
    );
    await user.click(screen.getByRole('button', { name: en('dashboard.changes.resubmit') }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    const rounds = await screen.findByRole('list', { name: en('dashboard.changes.rounds') });
    expect(rounds).toHaveTextContent(en('dashboard.changes.your_note', { note: 'All done.' }));
    expect(screen.queryByRole('button', { name: en('dashboard.changes.resubmit') })).toBeNull();
  });

  describe('the step editor', () => {
    afterEach(() => setValidatorFactory());

    it("draws the asked step as the application's own forms version has it, and validates with that version", async () => {
      // The application was submitted under version 1; the forms served now (the mock's) have other texts.
      const repair = structuredClone(servedForms().steps.repair!);
      const label = 'Street or village, as in version 1';
      const versions: string[] = [];
      setValidatorFactory(async (step, _schema, formsVersion) => {
        versions.push(`${step}@${formsVersion}`);
        return runtimeValidator();
      });
      returnedWith({
        ...OPEN,
        open: {
          ...OPEN.open!,
          forms: {
            version: '1',
            steps: { repair },
            texts: {
              en: { 'repair.title': 'Repair (version 1)', 'repair.street_village.title': label },
              sw: { 'repair.title': 'Ukarabati (toleo 1)' },
            },
          },
          answers: { repair: { street_village: 'Mwanakwerekwe' } },
        },
      });
      renderApp('/dashboard/application?change=repair', { user: signedInUser });
      expect(
        await screen.findByRole('heading', { name: en('dashboard.changes.editing', { step: 'Repair (version 1)' }) }),
      ).toBeVisible();
      expect(await screen.findByRole('textbox', { name: new RegExp(label) })).toHaveValue('Mwanakwerekwe');
      expect(versions).toEqual(['repair@1']);
    });
  });
});
