import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { DashboardAttachment, Invoice, RenewalRequest, ApplicantMessage } from '../../src/shared/dashboard';
import { todayIso } from '../../src/shared/dashboard';
import type { Splash, SplashEngineer } from '../../src/shared/reference-data';
import { axeCheck, callApi, pathOf, staff, useBrowser } from './browser';
import {
  confirmEngineer,
  documentsFor,
  fileFor,
  fillBuilding,
  fillBuildingDetails,
  fillConstruction,
  fillFloorAreas,
  getSplash,
  JOURNEY_TIMEOUT_MS,
  personalWithZanid,
  submitAndSeeMessage,
  uploadAll,
  Wizard,
} from './journey-helpers';
import { tr, type Lng } from './locales';

const { newPage } = useBrowser();

/** The wizard, the back office, the dashboard in two languages and axe everywhere: a long test. */
const LIFE_CYCLE_TIMEOUT_MS = 2 * JOURNEY_TIMEOUT_MS;

/** A demo ZanID the other browser tests leave alone, so that Applications lists this one only. */
const SALIM = { zanId: '190045678', first: 'Salim', middle: 'Abdalla', last: 'Mzee' };
const PHONE = '0777456789';

/** What the back office says and does, unique to this run where the server wants unique values. */
const run = Date.now().toString().slice(-8);
const REVIEW_REMARK = 'Plot visit on Monday at 10:00.';
const REJECT_REMARK = 'The stamp of the Sheha cannot be read.';
const INVOICE = {
  amount_tzs: 150000,
  amount_reason: 'Set by the unit for this test.',
  control_number: `99${run}01`,
  description: 'Permit fee',
};
const PERMIT_NUMBER = `ZDCU/LC/${run}`;
const STAFF_NOTE = { title: 'Site inspection', message: 'An inspector visits the plot on Monday.', remark: 'Bring ID' };
const RENEWAL = { type_of_work: 'Finishing the first floor and the roof', reason: 'The rains stopped the work.' };
const MESSAGE = 'When will the inspector come to the plot?';

const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface StaffApplication {
  status: string;
  attachments: DashboardAttachment[];
  notifications: number;
}

/** A new building submitted in the browser (the English journey, shortened: one storey, no axe per step). */
async function submitNewBuilding(w: Wizard, splash: Splash, engineer: SplashEngineer): Promise<string> {
  const { page } = w;
  await page.goto('/home/new');
  await w.heading2(w.title('personal')).waitFor();
  await personalWithZanid(w, SALIM, PHONE);
  await w.button('save_and_continue').click();
  await w.heading2(w.title('engineer')).waitFor();
  const reference = await page.evaluate(() => localStorage.getItem('reference_number'));
  expect(reference).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
  await confirmEngineer(w, engineer);
  await w.button('save_and_continue').click();
  await w.heading2(w.title('construction')).waitFor();
  await fillConstruction(w, { storeys: 1 });
  await w.button('save_and_continue').click();
  await w.heading2(w.title('construction_details')).waitFor();
  await fillFloorAreas(w, splash, 1);
  await w.button('save_and_continue').click();
  await w.heading2(w.title('building')).waitFor();
  await fillBuilding(w);
  await w.button('save_and_continue').click();
  await w.heading2(w.title('building_details')).waitFor();
  await fillBuildingDetails(w, splash);
  await w.button('save_and_continue').click();
  await w.heading2(w.title('uploads')).waitFor();
  await uploadAll(page, documentsFor(splash, { storeys: 1 }));
  await w.button('save_and_continue').click();
  await w.heading2(w.t('wizard.review.title')).waitFor();
  await submitAndSeeMessage(w, 'final', reference!);
  await page.waitForURL('**/home/request_options', { timeout: 15_000 });
  return reference!;
}

/** The sign-in code the outbox "sent" for `reference`, checked against the whole SMS text. */
async function signInCode(reference: string, lng: Lng): Promise<string> {
  const messages = await callApi<{ phone: string; message: string }[]>('/dev/outbox');
  const sms = messages.find((m) => m.message.includes(reference))?.message ?? '';
  const code = /\b(\d{4,8})\b/.exec(sms.replace(reference, ''))?.[1];
  if (!code) throw new Error(`No sign-in code for ${reference} in the outbox: ${sms}`);
  expect(sms).toBe(tr(lng, 'api:sms_sign_in_code', { reference_number: reference, code }));
  return code;
}

/**
 * View (/home/login) in English: the reference number (the captcha's proof of work starts with the
 * form's focus and is solved by the browser), View Application, the code from the outbox, Verify; axe
 * on both steps.
 */
async function signIn(w: Wizard, reference: string): Promise<void> {
  const { page } = w;
  await page.goto('/home/login');
  await page.getByRole('heading', { level: 1, name: tr('en', 'titles.view'), exact: true }).waitFor();
  await page.getByRole('checkbox', { name: tr('en', 'view.captcha_label'), exact: true }).waitFor();
  await w.settled();
  await axeCheck(page);

  await page.getByRole('textbox', { name: tr('en', 'view.reference'), exact: true }).fill(reference.toLowerCase());
  await page.getByRole('checkbox', { name: tr('en', 'view.captcha_verified'), exact: true, checked: true }).waitFor();
  await page.getByRole('button', { name: tr('en', 'view.submit'), exact: true }).click();
  const code = page.getByRole('textbox', { name: tr('en', 'view.code'), exact: true });
  await code.waitFor();
  await page.getByRole('heading', { level: 2, name: tr('en', 'view.code_title'), exact: true }).waitFor();
  await w.settled();
  await axeCheck(page);
  await code.fill(await signInCode(reference, 'en'));
  await page.getByRole('button', { name: tr('en', 'view.verify'), exact: true }).click();
  await page.waitForURL('**/dashboard/application');
}

/** The dashboard as the signed-in applicant sees it, in one language. */
class Dashboard {
  constructor(
    readonly w: Wizard,
    public lng: Lng,
  ) {}

  get page(): Page {
    return this.w.page;
  }

  t(key: string, params?: Record<string, string | number>): string {
    return tr(this.lng, key, params);
  }

  /** A tab of /dashboard/application (Notifications by the start of its name: a count may follow). */
  tab(name: string): Locator {
    const label = this.t(`dashboard.tabs.${name}`);
    return this.page.getByRole('tab', { name: new RegExp(`^${escapeRegExp(label)}( \\(.*\\))?$`) });
  }

  async openTab(name: string): Promise<Locator> {
    await this.tab(name).click();
    // The first tab is also the page without ?tab=.
    await this.page.waitForURL((url) => (url.searchParams.get('tab') ?? 'application') === name);
    await expect.poll(() => this.tab(name).getAttribute('aria-selected')).toBe('true');
    return this.page.getByRole('tabpanel', { name: new RegExp(`^${escapeRegExp(this.t(`dashboard.tabs.${name}`))}`) });
  }

  h1(key: string): Locator {
    return this.page.getByRole('heading', { level: 1, name: this.t(key), exact: true });
  }

  region(key: string): Locator {
    return this.page.getByRole('region', { name: this.t(key), exact: true });
  }

  /** The card (list item) of a list whose heading is `heading` (a regular expression's text or exact). */
  card(list: string, heading: string | RegExp): Locator {
    return this.page
      .getByRole('list', { name: this.t(list), exact: true })
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('heading', { level: 3, name: heading }) });
  }

  /** The status in the profile block beside every dashboard page. */
  profileStatus(status: string): Locator {
    return this.page
      .getByRole('complementary', { name: this.t('dashboard.profile_block.label'), exact: true })
      .getByText(this.t(`dashboard.status.${status}`), { exact: true });
  }

  async axe(): Promise<void> {
    await this.w.settled();
    await axeCheck(this.page);
  }

  /** Every tab of the application, the profile and the applications, each waited for and checked with axe. */
  async axeEverywhere(reference: string): Promise<void> {
    await this.page.getByRole('link', { name: this.t('dashboard.application'), exact: true }).click();
    await this.h1('titles.dashboard_application').waitFor();
    for (const name of ['application', 'construction', 'attachments', 'invoices', 'notifications', 'permit']) {
      const panel = await this.openTab(name);
      await panel.getByRole('heading', { level: 2 }).first().waitFor();
      await this.axe();
    }
    await this.page.getByRole('link', { name: this.t('dashboard.profile'), exact: true }).click();
    await this.h1('titles.dashboard_profile').waitFor();
    await this.page.getByText(SALIM.first, { exact: true }).first().waitFor();
    await this.axe();
    await this.page.getByRole('link', { name: this.t('dashboard.applications'), exact: true }).click();
    await this.h1('titles.dashboard_applications').waitFor();
    await this.page.getByRole('heading', { level: 2, name: reference, exact: true }).waitFor();
    await this.axe();
  }
}

describe('the life of an application', () => {
  test(
    'submitted in the browser, moved by the back office to a permit, followed, renewed and messaged in the dashboard in English and Swahili, then logged out',
    async () => {
      const splash = await getSplash();
      const engineer = splash.engineers[3]!;
      const sheha = splash.normal_attachments.find((d) => d.code === 'sheha_letter')!;
      const { page, errors } = await newPage({ language: 'en' });
      const w = new Wizard(page, 'en');

      // 1. The applicant submits a new building in the wizard.
      const reference = await submitNewBuilding(w, splash, engineer);

      // 2. The back office reviews it, bills it, approves it, issues the permit and rejects a document.
      const today = todayIso();
      const validUntil = addDays(today, 365);
      const submitted = await staff<StaffApplication>('get_application', { reference_number: reference });
      expect(submitted.status).toBe('submitted');
      const rejected = submitted.attachments.find((a) => a.document_type === 'sheha_letter')!;
      expect(rejected.status).toBe('uploaded');
      await staff('set_status', { reference_number: reference, status: 'under_review', remark: REVIEW_REMARK });
      const invoice = await staff<Invoice>('add_invoice', {
        reference_number: reference,
        ...INVOICE,
        due_date: addDays(today, 30),
      });
      await staff('mark_invoice_paid', { invoice_id: invoice.invoice_id });
      await staff('set_status', { reference_number: reference, status: 'approved' });
      await staff('issue_permit', {
        reference_number: reference,
        permit_number: PERMIT_NUMBER,
        approved_use: 'Residential house',
        valid_from: today,
        valid_until: validUntil,
      });
      await staff('update_attachment', {
        attachment_id: rejected.attachment_id,
        status: 'rejected',
        remark: REJECT_REMARK,
      });
      await staff('add_notification', { reference_number: reference, ...STAFF_NOTE });
      const issued = await staff<StaffApplication>('get_application', { reference_number: reference });
      expect(issued.status).toBe('permit_issued');

      // 3. The applicant signs in with View and follows the application, tab by tab.
      await signIn(w, reference);
      const d = new Dashboard(w, 'en');
      await d.h1('titles.dashboard_application').waitFor();
      expect(await d.tab('application').getAttribute('aria-selected')).toBe('true');

      // Application: the status, the history with the remark, the architect.
      const summary = d.region('dashboard.summary.title');
      await summary.getByText(d.t('dashboard.status.permit_issued'), { exact: true }).waitFor();
      await summary.getByText(reference, { exact: true }).waitFor();
      await d.profileStatus('permit_issued').waitFor();
      const history = d.region('dashboard.history.title');
      for (const status of ['submitted', 'under_review', 'approved', 'permit_issued'])
        await history.getByText(d.t(`dashboard.status.${status}`), { exact: true }).waitFor();
      await history.getByText(d.t('dashboard.history.remark', { remark: REVIEW_REMARK }), { exact: true }).waitFor();
      const architect = d.region('dashboard.architect.title');
      await architect.getByText(engineer.name, { exact: true }).waitFor();
      await d.axe();

      // Construction: the answers given in the wizard.
      const construction = await d.openTab('construction');
      await construction
        .getByRole('heading', { level: 2, name: tr('en', 'forms:construction.title'), exact: true })
        .waitFor();
      await construction.getByText('MJ/12/345', { exact: true }).waitFor();
      await construction.getByText('Mlandege', { exact: true }).first().waitFor();
      await d.axe();

      // Attachments: the rejected one with its remark, replaced by a new file that waits for review.
      await d.openTab('attachments');
      const shehaCard = d.card('dashboard.attachments.title', sheha.name.en);
      await shehaCard.getByText(d.t('dashboard.attachments.status.rejected'), { exact: true }).waitFor();
      await shehaCard.getByText(REJECT_REMARK, { exact: true }).waitFor();
      await d.axe();
      const replace = shehaCard.getByRole('button', {
        name: d.t('dashboard.attachments.replace', { document: sheha.name.en }),
        exact: true,
      });
      expect(await replace.isEnabled()).toBe(true);
      await shehaCard.locator('input[type=file]').setInputFiles(fileFor(sheha));
      await page.getByText(d.t('dashboard.attachments.uploaded'), { exact: true }).waitFor();
      await shehaCard.getByText(d.t('dashboard.attachments.status.uploaded'), { exact: true }).waitFor();
      await expect.poll(() => shehaCard.getByText(REJECT_REMARK, { exact: true }).count()).toBe(0);
      expect(await d.card('dashboard.attachments.title', sheha.name.en).count()).toBe(1);
      // The back office keeps the rejected file, marked replaced, beside the new one to review.
      const replaced = await staff<StaffApplication>('get_application', { reference_number: reference });
      const shehaFiles = replaced.attachments.filter((a) => a.document_type === 'sheha_letter');
      expect(shehaFiles.map((a) => a.status).sort()).toEqual(['replaced', 'uploaded']);

      // Invoices: the paid invoice.
      await d.openTab('invoices');
      const invoiceCard = d.card('dashboard.invoices.title', INVOICE.description);
      await invoiceCard.getByText(d.t('dashboard.invoices.status.paid'), { exact: true }).waitFor();
      await invoiceCard.getByText(INVOICE.control_number, { exact: true }).waitFor();
      // Paid in full: the amount, and as much paid so far.
      const paidAmount = invoiceCard.getByText(
        d.t('dashboard.invoices.amount_value', { amount: (150000).toLocaleString('en') }),
        { exact: true },
      );
      await paidAmount.first().waitFor();
      expect(await paidAmount.count()).toBe(2);
      await d.axe();

      // Notifications: the tab says how many are new; each notice marked New, then read once seen.
      const notices = [
        d.t('api:notices.status_changed.title', { status: d.t('api:statuses.under_review') }),
        d.t('api:notices.invoice_added.title'),
        d.t('api:notices.invoice_paid.title'),
        d.t('api:notices.status_changed.title', { status: d.t('api:statuses.approved') }),
        d.t('api:notices.permit_issued.title'),
        d.t('api:notices.attachment_reviewed.title', { status: d.t('api:attachment_statuses.rejected') }),
        STAFF_NOTE.title,
      ];
      expect(issued.notifications).toBeGreaterThanOrEqual(notices.length);
      const unread = `${d.t('dashboard.tabs.notifications')} (${d.t('dashboard.notifications.unread_count', { count: issued.notifications })})`;
      await page.getByRole('tab', { name: unread, exact: true }).waitFor();
      await d.openTab('notifications');
      const noticeCard = (title: string) =>
        d.card('dashboard.notifications.title', new RegExp(`${escapeRegExp(title)}$`));
      const isNew = (title: string) => noticeCard(title).getByText(d.t('dashboard.notifications.new'), { exact: true });
      for (const title of notices) await isNew(title).waitFor();
      await noticeCard(STAFF_NOTE.title).getByText(STAFF_NOTE.message, { exact: true }).waitFor();
      await noticeCard(STAFF_NOTE.title)
        .getByText(d.t('dashboard.notifications.remark', { remark: STAFF_NOTE.remark }), { exact: true })
        .waitFor();
      await d.axe();
      // Seen: read on the server; after a reload none is new and the tab has no count.
      await page.reload();
      await noticeCard(STAFF_NOTE.title).waitFor();
      expect(await page.getByText(d.t('dashboard.notifications.new'), { exact: true }).count()).toBe(0);
      await page.getByRole('tab', { name: d.t('dashboard.tabs.notifications'), exact: true }).waitFor();

      // Permit: the permit, then Renew: the application's status changes.
      await d.openTab('permit');
      const permitTitle = d.t('dashboard.permits.permit', { permit_number: PERMIT_NUMBER });
      const permitCard = d.card('dashboard.permits.title', permitTitle);
      await permitCard.getByText(d.t('dashboard.permits.status.valid'), { exact: true }).waitFor();
      const dateText = (iso: string) =>
        new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
      await permitCard.getByText(dateText(validUntil), { exact: true }).waitFor();
      await d.axe();
      await page.getByRole('button', { name: d.t('dashboard.renew.open'), exact: true }).click();
      const renewForm = page.getByRole('form', {
        name: d.t('dashboard.renew.title', { permit_number: PERMIT_NUMBER }),
      });
      await renewForm.getByRole('textbox', { name: d.t('dashboard.renew.type_of_work') }).fill(RENEWAL.type_of_work);
      await renewForm.getByRole('textbox', { name: d.t('dashboard.renew.reason') }).fill(RENEWAL.reason);
      await d.axe();
      await renewForm.getByRole('button', { name: d.t('dashboard.renew.submit'), exact: true }).click();
      await page.getByText(d.t('dashboard.renew.sent'), { exact: true }).waitFor();
      await d.profileStatus('renewal_requested').waitFor();
      // Asked once: no Renew now.
      await expect
        .poll(() => page.getByRole('button', { name: d.t('dashboard.renew.open'), exact: true }).count())
        .toBe(0);

      // A message, from the Application tab.
      await d.openTab('application');
      await d
        .region('dashboard.summary.title')
        .getByText(d.t('dashboard.status.renewal_requested'), { exact: true })
        .waitFor();
      await page.getByRole('button', { name: d.t('dashboard.message.open'), exact: true }).click();
      const messageForm = page.getByRole('form', { name: d.t('dashboard.message.title'), exact: true });
      await messageForm.getByRole('textbox', { name: d.t('dashboard.message.message') }).fill(MESSAGE);
      await d.axe();
      await messageForm.getByRole('button', { name: d.t('dashboard.message.send'), exact: true }).click();
      await page.getByText(d.t('dashboard.message.sent'), { exact: true }).waitFor();
      await expect.poll(() => messageForm.count()).toBe(0);

      // Both reached the back office.
      const renewals = await staff<{ items: RenewalRequest[] }>('list_renewals', { reference_number: reference });
      expect(renewals.items).toHaveLength(1);
      expect(renewals.items[0]).toMatchObject({
        reference_number: reference,
        permit_number: PERMIT_NUMBER,
        ...RENEWAL,
      });
      const messages = await staff<{ items: ApplicantMessage[] }>('list_messages', { reference_number: reference });
      expect(messages.items).toHaveLength(1);
      expect(messages.items[0]).toMatchObject({ reference_number: reference, message: MESSAGE });

      // axe on every page and tab in English.
      await d.axeEverywhere(reference);

      // 4. Swahili from the dashboard's own language list.
      const nav = page.getByRole('navigation', { name: d.t('dashboard.nav_label'), exact: true });
      await nav
        .getByRole('combobox', { name: tr('en', 'language.label'), exact: true })
        .selectOption({ label: tr('en', 'language.sw') });
      d.lng = 'sw';
      await page.getByRole('navigation', { name: d.t('dashboard.nav_label'), exact: true }).waitFor();
      await d.h1('titles.dashboard_applications').waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('sw');
      await d.profileStatus('renewal_requested').waitFor();
      await page.getByRole('link', { name: d.t('dashboard.application'), exact: true }).click();
      await d.h1('titles.dashboard_application').waitFor();
      await d
        .region('dashboard.summary.title')
        .getByText(d.t('dashboard.status.renewal_requested'), { exact: true })
        .waitFor();
      await d
        .region('dashboard.history.title')
        .getByText(d.t('dashboard.history.remark', { remark: REVIEW_REMARK }))
        .waitFor();
      // The portal's own notices come in Swahili now; staff's words stay as they wrote them.
      await d.openTab('notifications');
      for (const title of [
        d.t('api:notices.invoice_added.title'),
        d.t('api:notices.permit_issued.title'),
        d.t('api:notices.status_changed.title', { status: d.t('api:statuses.approved') }),
        STAFF_NOTE.title,
      ])
        await noticeCard(title).waitFor();
      await d.openTab('invoices');
      await d
        .card('dashboard.invoices.title', INVOICE.description)
        .getByText(d.t('dashboard.invoices.status.paid'))
        .waitFor();
      await d.openTab('permit');
      await d
        .card('dashboard.permits.title', d.t('dashboard.permits.permit', { permit_number: PERMIT_NUMBER }))
        .waitFor();
      await d.axeEverywhere(reference);

      // 5. Logout: View says so; the dashboard is closed and the server no longer knows the session.
      await page.getByRole('button', { name: d.t('dashboard.logout'), exact: true }).click();
      await page.waitForURL('**/home/login');
      await page.getByText(d.t('session.logged_out'), { exact: true }).waitFor();
      await page.getByRole('heading', { level: 1, name: d.t('titles.view'), exact: true }).waitFor();
      await page.getByRole('checkbox', { name: d.t('view.captcha_label'), exact: true }).waitFor();
      await d.axe();
      for (const path of ['/dashboard/application', '/dashboard/profile']) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(pathOf(page)).not.toMatch(/^\/dashboard/);
        expect(await page.getByRole('navigation', { name: d.t('dashboard.nav_label') }).count()).toBe(0);
      }
      // Nothing went wrong in the page until here (the call below logs its 401 in the console).
      expect(errors).toEqual([]);
      const status = await page.evaluate(async () => {
        const res = await fetch('/api/dashboard/get_application', {
          method: 'POST',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
          body: '{}',
        });
        return { http: res.status, code: ((await res.json()) as { response: { code: number } }).response.code };
      });
      expect(status).toEqual({ http: 401, code: 401 });
    },
    LIFE_CYCLE_TIMEOUT_MS,
  );
});
