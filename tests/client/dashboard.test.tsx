import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TABS } from '../../src/client/features/dashboard/ApplicationPage';
import { MOCK_REFERENCES } from '../../src/client/mocks/dashboard-data';
import { APPLICATION_STATUSES } from '../../src/shared/dashboard';
import { makeHandlers } from '../../src/client/mocks/handlers';
import { demo, record, signedInUser } from './dashboard-fixtures';
import { server } from './msw-server';
import { renderApp } from './render';
import { en, sw } from './texts';
import { wt } from './wizard-forms';
import { uploadAttachment } from '../../src/shared/api/attachments';
import {
  downloadAttachment,
  getAttachments,
  getDashboardApplication,
  getNotifications,
  getPermits,
  readNotifications,
  renewPermit,
} from '../../src/shared/api/dashboard';
import { envelope } from '../../src/client/mocks/mock-answers';
import { answerFor, mockCall, refusalFor } from '../../src/client/mocks/mock-call';
import { sendMessage } from '../../src/shared/api/conversation';
import { getInvoices } from '../../src/shared/api/payments';

const f = (key: string) => wt('en')(`forms:${key}`);
/** user-event that hands any file to the input (as a browser's "All files" choice does). */
const userEventWithoutAccept = () => userEvent.setup({ applyAccept: false });

// A fresh mock backend for every test: its notifications, renewals and uploads change as tests go.
beforeEach(() => server.use(...makeHandlers({ delayMs: 0 })));
afterEach(() => vi.restoreAllMocks());

const h1 = (name: string) => screen.findByRole('heading', { level: 1, name });
const panel = () => screen.getByRole('tabpanel');
const openDashboard = (path = '/dashboard/application', language?: 'en' | 'sw') =>
  renderApp(path, { user: signedInUser, language });
/** The demo application as still under review: before a decision, a rejected document may be replaced. */
const underReview = () =>
  server.use(
    mockCall(getDashboardApplication, () =>
      answerFor(getDashboardApplication, { ...demo.application, status: 'under_review' }),
    ),
  );

describe('the dashboard tabs', () => {
  it('offers the six tabs of the spec, with tab and tabpanel roles, and keeps the open one in the URL', async () => {
    const { user, router } = openDashboard();
    expect(await h1(en('titles.dashboard_application'))).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: en('dashboard.tabs.label') })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent?.replace(/\d+ new.*$/, '').replace(/\d+$/, ''))).toEqual(
      ['application', 'construction', 'attachments', 'invoices', 'notifications', 'permit'].map((k) =>
        en(`dashboard.tabs.${k}`),
      ),
    );
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(panel()).toHaveAttribute('aria-labelledby', tabs[0]!.id);
    expect(tabs[0]).toHaveAttribute('aria-controls', panel().id);

    await user.click(screen.getByRole('tab', { name: en('dashboard.tabs.invoices') }));
    expect(router.state.location.search).toBe('?tab=invoices');
    expect(await within(panel()).findByRole('heading', { name: en('dashboard.invoices.title') })).toBeInTheDocument();

    // Back opens the tab before; the keyboard moves between tabs.
    await router.navigate(-1);
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: en('dashboard.tabs.application') })).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    );
    screen.getByRole('tab', { name: en('dashboard.tabs.application') }).focus();
    await user.keyboard('{ArrowRight}{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=construction'));
  });

  it('Application: reference, type, status, days applied, the history newest first with remarks, the architect', async () => {
    openDashboard();
    const summary = await screen.findByRole('heading', { level: 2, name: en('dashboard.summary.title') });
    const section = summary.closest('section')!;
    expect(section).toHaveTextContent(MOCK_REFERENCES.permit);
    expect(section).toHaveTextContent(en('request.types.new.title'));
    expect(section).toHaveTextContent(en('dashboard.status.permit_issued'));
    expect(section).toHaveTextContent(en('dashboard.summary.days_value', { count: 64 }));

    const history = screen.getByRole('heading', { level: 2, name: en('dashboard.history.title') }).closest('section')!;
    const events = within(history).getAllByRole('listitem');
    expect(events.map((e) => e.querySelector('p')?.textContent)).toEqual(
      [...demo.application.history].reverse().map((e) => en(`dashboard.status.${e.status}`)),
    );
    expect(events[1]).toHaveTextContent(
      en('dashboard.history.remark', { remark: 'Approved: keep 3 m from the road.' }),
    );

    const architect = screen
      .getByRole('heading', { level: 2, name: en('dashboard.architect.title') })
      .closest('section')!;
    const engineer = demo.application.engineer!;
    expect(architect).toHaveTextContent(engineer.name);
    expect(architect).toHaveTextContent(en('engineers.experience', { count: engineer.experience_years }));
    expect(within(architect).getByRole('link', { name: engineer.email })).toHaveAttribute(
      'href',
      `mailto:${engineer.email}`,
    );
    expect(within(architect).getByRole('link', { name: engineer.mobile })).toBeInTheDocument();
  });

  it('Application: no architect block without an engineer', async () => {
    server.use(
      mockCall(getDashboardApplication, () =>
        answerFor(getDashboardApplication, { ...demo.application, engineer: null, history: [] }),
      ),
    );
    openDashboard();
    await screen.findByRole('heading', { level: 2, name: en('dashboard.summary.title') });
    expect(screen.queryByRole('heading', { name: en('dashboard.architect.title') })).not.toBeInTheDocument();
    expect(screen.getByText(en('empty'))).toBeInTheDocument();
  });

  it('Construction: the answers with the forms titles and option labels', async () => {
    openDashboard('/dashboard/application?tab=construction');
    expect(await screen.findByRole('heading', { level: 2, name: f('construction.title') })).toBeInTheDocument();
    const construction = screen.getByRole('heading', { level: 2, name: f('construction.title') }).closest('section')!;
    const terms = within(construction)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toContain(f('construction.ward.title'));
    expect(construction).toHaveTextContent('Mji Mkongwe');
    expect(construction).toHaveTextContent(f('construction.current_land_use.options.residential'));
    expect(screen.getByRole('heading', { level: 2, name: f('construction_details.title') })).toBeInTheDocument();
    // Personal details are on Profile, not here.
    expect(screen.queryByRole('heading', { name: f('personal.title') })).not.toBeInTheDocument();
  });

  it('Attachments: name, file name, scale, status, remark and size; Replace only for a rejected one', async () => {
    underReview();
    openDashboard('/dashboard/application?tab=attachments');
    const [accepted, rejected, uploaded] = demo.attachments;
    const item = async (name: string) => (await screen.findByRole('heading', { level: 3, name })).closest('li')!;

    const rejectedItem = await item(rejected!.document_name.en);
    expect(rejectedItem).toHaveTextContent(en('dashboard.attachments.status.rejected'));
    expect(rejectedItem).toHaveTextContent(rejected!.remark!);
    expect(rejectedItem).toHaveTextContent('1.8 MB');
    // The file by the name it was sent with.
    expect(rejected!.file_name).toBeTruthy();
    expect(rejectedItem).toHaveTextContent(`${en('dashboard.attachments.file')}${rejected!.file_name!}`);
    expect(
      within(rejectedItem).getByRole('button', {
        name: en('dashboard.attachments.replace', { document: rejected!.document_name.en }),
      }),
    ).toBeInTheDocument();

    const acceptedItem = await item(accepted!.document_name.en);
    expect(acceptedItem).toHaveTextContent(en('dashboard.attachments.status.accepted'));
    expect(within(acceptedItem).queryByRole('button', { name: /Replace/ })).not.toBeInTheDocument();
    expect(
      within(acceptedItem).getByRole('button', {
        name: en('dashboard.attachments.download', { document: accepted!.document_name.en }),
      }),
    ).toBeInTheDocument();

    const uploadedItem = await item(uploaded!.document_name.en);
    expect(uploadedItem).toHaveTextContent('1:100');
    expect(uploadedItem).toHaveTextContent(en('dashboard.attachments.status.uploaded'));
    // Not reviewed yet: not replaced (issue 31, item 5); and no document is added after Submit.
    expect(within(uploadedItem).queryByRole('button', { name: /Replace/ })).not.toBeInTheDocument();
    expect(document.querySelector('input[data-upload-more]')).toBeNull();
    expect(screen.getByText(en('dashboard.attachments.after_submit'))).toBeInTheDocument();
  });

  it('Attachments: after the decision (a permit issued) a rejected file is still replaced, an accepted one not', async () => {
    openDashboard('/dashboard/application?tab=attachments');
    const [accepted, rejected] = demo.attachments;
    const card = async (name: string) => (await screen.findByRole('heading', { level: 3, name })).closest('li')!;
    const rejectedItem = await card(rejected!.document_name.en);
    expect(within(rejectedItem).getByRole('button', { name: /Replace/ })).toBeInTheDocument();
    expect(within(await card(accepted!.document_name.en)).queryByRole('button', { name: /Replace/ })).toBeNull();
  });
  it('Attachments: downloads a file through a temporary link, and says so when it cannot', async () => {
    const createObjectURL = vi.fn(() => 'blob:kibali/1');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    const bodies = record(downloadAttachment);
    const { user } = openDashboard('/dashboard/application?tab=attachments');
    const first = demo.attachments[0]!;
    const button = await screen.findByRole('button', {
      name: en('dashboard.attachments.download', { document: first.document_name.en }),
    });

    await user.click(button);

    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:kibali/1', download: `${first.document_type}.pdf` }]));
    expect(bodies).toEqual([{ attachment_id: first.attachment_id }]);
    expect(createObjectURL).toHaveBeenCalledTimes(1);

    // The file's record is there but not the file: the refusal's message is shown.
    server.use(
      mockCall(downloadAttachment, () =>
        refusalFor(downloadAttachment, 'file_unavailable', 'This document is no longer kept.', {}),
      ),
    );
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('This document is no longer kept.');
    expect(clicked).toHaveLength(1);
  });

  it('Attachments: replaces a rejected document (multipart, no reference number), then fetches the list again', async () => {
    const seen: { keys: string[]; type: unknown }[] = [];
    server.use(
      // The server's answer, given here.
      mockCall(uploadAttachment, async ({ request }) => {
        const form = await request.formData();
        seen.push({ keys: [...form.keys()], type: form.get('document_type') });
        return answerFor(
          uploadAttachment,
          {
            attachment_id: 'att-new',
            document_name: { en: 'x', sw: 'x' },
            size: 14,
            scale: null,
            file_name: 'deed.pdf',
            status: 'uploaded',
          },
          'Uploaded',
        );
      }),
    );
    const lists = record(getAttachments);
    underReview();
    const { user } = openDashboard('/dashboard/application?tab=attachments');
    const rejected = demo.attachments[1]!;
    await screen.findByRole('heading', { level: 3, name: rejected.document_name.en });
    const input = document.querySelector<HTMLInputElement>(`input[data-attachment="${rejected.attachment_id}"]`)!;
    const before = lists.length;

    await user.upload(input, new File(['%PDF-1.7\n%%EOF'], 'deed.pdf', { type: 'application/pdf' }));

    expect(await screen.findByText(en('dashboard.attachments.uploaded'))).toBeInTheDocument();
    expect(seen).toEqual([{ keys: ['document_type', 'file'], type: rejected.document_type }]);
    await waitFor(() => expect(lists.length).toBe(before + 1));
  });

  it('Attachments: refuses a file of the wrong type in the browser, without sending it', async () => {
    let sent = 0;
    server.use(
      mockCall(uploadAttachment, () => {
        sent += 1;
        // Outside the contract on purpose: never sent (the browser refuses the file), so it carries no data.
        return envelope(200, 'Uploaded', {});
      }),
    );
    underReview();
    openDashboard('/dashboard/application?tab=attachments');
    const rejected = demo.attachments[1]!;
    await screen.findByRole('heading', { level: 3, name: rejected.document_name.en });
    const input = document.querySelector<HTMLInputElement>(`input[data-attachment="${rejected.attachment_id}"]`)!;
    const upload = userEventWithoutAccept();
    await upload.upload(input, new File(['GIF89a'], 'deed.gif', { type: 'image/gif' }));
    expect(await screen.findByText(/This file type is not accepted/)).toBeInTheDocument();
    expect(sent).toBe(0);
  });

  it("Attachments: shows the server's refusal of a file at the document", async () => {
    server.use(
      mockCall(uploadAttachment, () =>
        refusalFor(
          uploadAttachment,
          'file_type_refused',
          'Only PDF, JPEG and PNG files are accepted, and the file must really be one of these.',
          {},
        ),
      ),
    );
    underReview();
    const { user } = openDashboard('/dashboard/application?tab=attachments');
    const rejected = demo.attachments[1]!;
    await screen.findByRole('heading', { level: 3, name: rejected.document_name.en });
    const input = document.querySelector<HTMLInputElement>(`input[data-attachment="${rejected.attachment_id}"]`)!;
    await user.upload(input, new File(['not a pdf'], 'deed.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(/Only PDF, JPEG and PNG files are accepted/)).toBeInTheDocument();
  });

  it('Invoices: newest first, amount, control number, status', async () => {
    openDashboard('/dashboard/application?tab=invoices');
    const items = await within(await screen.findByRole('list', { name: en('dashboard.invoices.title') })).findAllByRole(
      'listitem',
    );
    expect(items.map((i) => within(i).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Building permit fee',
      'Application fee',
    ]);
    expect(items[0]).toHaveTextContent('991234567891');
    expect(items[0]).toHaveTextContent(en('dashboard.invoices.amount_value', { amount: '425,000' }));
    expect(items[0]).toHaveTextContent(en('dashboard.invoices.status.partly_paid'));
    expect(items[1]).toHaveTextContent(en('dashboard.invoices.status.paid'));
  });

  it('Notifications: newest first, the unread ones marked for eyes and screen readers, then marked read', async () => {
    const read = record(readNotifications);
    const { user } = openDashboard();
    const tab = await screen.findByRole('tab', {
      name: new RegExp(en('dashboard.notifications.unread_count', { count: 2 })),
    });
    await user.click(tab);

    const list = await screen.findByRole('list', { name: en('dashboard.notifications.title') });
    const headings = within(list).getAllByRole('heading', { level: 3 });
    const isNew = en('dashboard.notifications.new');
    expect(headings.map((h) => h.textContent)).toEqual([
      `${isNew}Permit issued`,
      `${isNew}New invoice`,
      'Application under review',
    ]);
    expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent('A site visit is planned.');
    await waitFor(() => expect(read).toEqual([{}]));
    // The count on the tab goes; the marks stay while the tab is open.
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: en('dashboard.tabs.notifications') })).toBeInTheDocument(),
    );
    expect(within(list).getAllByText(isNew)).toHaveLength(2);
  });

  it.each([
    ['attachments', getAttachments, 'dashboard.attachments.title'],
    ['invoices', getInvoices, 'dashboard.invoices.title'],
    ['notifications', getNotifications, 'dashboard.notifications.title'],
    ['permit', getPermits, 'dashboard.permits.title'],
  ] as const)('%s: says "Sorry! No Records Found." when there are none', async (tab, call, titleKey) => {
    server.use(mockCall(call, () => answerFor(call, [])));
    openDashboard(`/dashboard/application?tab=${tab}`);
    await within(await screen.findByRole('tabpanel')).findByRole('heading', { level: 2, name: en(titleKey) });
    expect(within(panel()).getByText(en('empty'))).toBeInTheDocument();
    expect(en('empty')).toBe('Sorry! No Records Found.');
  });
});

describe('renewing a permit and sending a message', () => {
  it('Permit: lists the permit and renews it (Renew and Cancel), then shows the new status', async () => {
    const bodies = record(renewPermit);
    const { user } = openDashboard('/dashboard/application?tab=permit');
    const permit = demo.permits[0]!;
    const item = (
      await screen.findByRole('heading', {
        level: 3,
        name: en('dashboard.permits.permit', { permit_number: permit.permit_number }),
      })
    ).closest('li')!;
    expect(item).toHaveTextContent(en('dashboard.permits.status.valid'));

    // Cancel closes the form and gives the focus back.
    await user.click(screen.getByRole('button', { name: en('dashboard.renew.open') }));
    const typeOfWork = screen.getByRole('textbox', { name: new RegExp(`^${en('dashboard.renew.type_of_work')}`) });
    await waitFor(() => expect(typeOfWork).toHaveFocus());
    await user.click(screen.getByRole('button', { name: en('dashboard.forms.cancel') }));
    await waitFor(() => expect(screen.getByRole('button', { name: en('dashboard.renew.open') })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: en('dashboard.renew.open') }));
    await user.click(screen.getByRole('button', { name: en('dashboard.renew.submit') }));
    expect(
      await screen.findByText(en('dashboard.forms.required', { field: en('dashboard.renew.type_of_work') })),
    ).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.type(
      screen.getByRole('textbox', { name: new RegExp(`^${en('dashboard.renew.type_of_work')}`) }),
      'Finishing the roof',
    );
    await user.type(
      screen.getByRole('textbox', { name: new RegExp(`^${en('dashboard.renew.reason')}`) }),
      'The rains delayed the work.',
    );
    await user.click(screen.getByRole('button', { name: en('dashboard.renew.submit') }));

    expect(await screen.findByText(en('dashboard.renew.sent'))).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        permit_number: permit.permit_number,
        type_of_work: 'Finishing the roof',
        reason: 'The rains delayed the work.',
      },
    ]);
    // Fetched again: the application may no longer be renewed, and its status has changed.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: en('dashboard.renew.open') })).not.toBeInTheDocument(),
    );
    const profile = screen.getByRole('complementary', { name: en('dashboard.profile_block.label') });
    await waitFor(() => expect(profile).toHaveTextContent(en('dashboard.status.renewal_requested')));
  });

  it('Permit: no Renew when the application may not be renewed now', async () => {
    server.use(
      mockCall(getDashboardApplication, () =>
        answerFor(getDashboardApplication, { ...demo.application, can_renew: false }),
      ),
    );
    openDashboard('/dashboard/application?tab=permit');
    await screen.findByRole('heading', {
      level: 3,
      name: en('dashboard.permits.permit', { permit_number: demo.permits[0]!.permit_number }),
    });
    await screen.findByText(en('dashboard.profile_block.reference'), { exact: false });
    expect(screen.queryByRole('button', { name: en('dashboard.renew.open') })).not.toBeInTheDocument();
  });

  it('sends a message (Send and Cancel), with its field errors', async () => {
    const bodies = record(sendMessage);
    const { user } = openDashboard();
    await user.click(await screen.findByRole('button', { name: en('dashboard.message.open') }));
    const subject = screen.getByRole('textbox', { name: en('dashboard.message.subject') });
    await waitFor(() => expect(subject).toHaveFocus());
    await user.click(screen.getByRole('button', { name: en('dashboard.message.send') }));
    const message = screen.getByRole('textbox', { name: new RegExp(`^${en('dashboard.message.message')}`) });
    expect(
      await screen.findByText(en('dashboard.forms.required', { field: en('dashboard.message.message') })),
    ).toBeInTheDocument();
    expect(message).toHaveFocus();

    await user.type(subject, 'Site visit');
    await user.type(message, 'Can the inspector come on Monday?');
    await user.click(screen.getByRole('button', { name: en('dashboard.message.send') }));

    expect(await screen.findByText(en('dashboard.message.sent'))).toBeInTheDocument();
    expect(bodies).toEqual([{ subject: 'Site visit', message: 'Can the inspector come on Monday?' }]);
    await waitFor(() => expect(screen.getByRole('button', { name: en('dashboard.message.open') })).toHaveFocus());
  });
});

describe('the dashboard in Swahili', () => {
  it('has a name for every status, tab and list state in both languages (keys the code builds)', () => {
    const keys = [
      ...[...APPLICATION_STATUSES, 'expired'].map((s) => `dashboard.status.${s}`),
      ...TABS.map((tab) => `dashboard.tabs.${tab}`),
      ...['uploaded', 'accepted', 'rejected'].map((s) => `dashboard.attachments.status.${s}`),
      ...['paid', 'unpaid', 'partly_paid', 'expired'].map((s) => `dashboard.invoices.status.${s}`),
      ...['valid', 'expired'].map((s) => `dashboard.permits.status.${s}`),
      ...['new', 'government', 'repair', 'special'].map((type) => `request.types.${type}.title`),
    ];
    // texts.ts throws on a missing key.
    for (const key of keys) expect([en(key), sw(key)].every((text) => text.trim() !== '')).toBe(true);
  });

  it('switches language inside the dashboard: tabs, statuses and texts in Swahili', async () => {
    const { user } = openDashboard();
    await screen.findByRole('heading', { level: 2, name: en('dashboard.summary.title') });
    await user.selectOptions(screen.getByRole('combobox', { name: en('language.label') }), en('language.sw'));

    expect(await h1(sw('titles.dashboard_application'))).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: sw('dashboard.tabs.construction') })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: sw('dashboard.summary.title') }).closest('section'),
    ).toHaveTextContent(sw('dashboard.status.permit_issued'));
    expect(screen.getByRole('button', { name: sw('dashboard.logout') })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('sw');
  });
});
