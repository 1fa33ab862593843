import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TranslatableString } from '@rjsf/utils';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Splash } from '../../src/shared/reference-data';
import { APPLICATION_TYPES } from '../../src/shared/wizard-driver';
import { callApi, draftCookieOf, pastTheEdge, staff, startApp } from './browser';
import {
  axeFindings,
  collectErrors,
  completeDraft,
  continueData,
  controls,
  englishMatchers,
  englishOn,
  isDataOrProperNoun,
  languageContext,
  launch,
  repeatedNames,
  skippedHeadings,
  stillness,
  unnamed,
  type Applicant,
  type WizardType,
} from './accessibility-helpers';
import { smsCode } from './journey-helpers';
import { LANGUAGES, tr, type Lng } from './locales';

/**
 * WCAG 2.2 AA in the browser, systematically: axe on every route of routes.tsx and on every step of
 * every application type's wizard (and its review, outcome and error states), on the dashboard's
 * pages and tabs after signing in, and on the under-maintenance page, in English and in Swahili.
 * A serious or critical finding fails; moderate and minor ones are printed. On each page, every
 * control must have an accessible name, and none on a Swahili page may be English text of the portal.
 */

interface Route {
  path: string;
  /** Where the route ends (a redirect); checked there, once per language. */
  lands?: string;
  /** The h1's locale key. */
  heading: string;
  /** What else to wait for before checking. */
  ready?: (page: Page, lng: Lng) => Promise<void>;
}

const stepHeading = (page: Page, lng: Lng, step: string) =>
  page.getByRole('heading', { level: 2, name: tr(lng, `forms:${step}.title`), exact: true }).waitFor();

/** Every route of src/client/app/routes.tsx (and the spec's route table), signed out. */
const ROUTES: Route[] = [
  { path: '/home/landing', heading: 'landing.title' },
  { path: '/', lands: '/home/landing', heading: 'landing.title' },
  { path: '/home', lands: '/home/landing', heading: 'landing.title' },
  // Unknown paths: the portal has no 404 page, it goes to the root (spec section 2).
  { path: '/home/no-such-page', lands: '/home/landing', heading: 'landing.title' },
  { path: '/no/such/page', lands: '/home/landing', heading: 'landing.title' },
  // Signed out, the guard sends the dashboard to Home.
  { path: '/dashboard', lands: '/home/landing', heading: 'landing.title' },
  { path: '/dashboard/application', lands: '/home/landing', heading: 'landing.title' },
  { path: '/home/about', heading: 'pages:about.title' },
  { path: '/home/terms_conditions', heading: 'pages:terms.title' },
  { path: '/home/accessibility', heading: 'accessibility:title' },
  { path: '/home/faq', heading: 'faq.title' },
  {
    path: '/home/engineers',
    heading: 'engineers.title',
    ready: (page) => page.getByRole('article').first().waitFor(),
  },
  { path: '/home/request', heading: 'request.title' },
  { path: '/home/request_options', heading: 'request_options.title' },
  {
    path: '/home/login',
    heading: 'titles.view',
    ready: (page, lng) => page.getByRole('checkbox', { name: tr(lng, 'view.captcha_label'), exact: true }).waitFor(),
  },
  { path: '/home/continue', heading: 'titles.continue' },
  { path: '/home/find_reference', heading: 'titles.find_reference' },
  // The public check of a permit (its QR code's page); with a permit, in after-submit.test.ts.
  { path: '/home/verify', heading: 'verify:title' },
  { path: '/home/continue_form', lands: '/home/continue', heading: 'titles.continue' },
  { path: '/home/new', heading: 'titles.new', ready: (page, lng) => stepHeading(page, lng, 'personal') },
  {
    path: '/home/new?type=government',
    heading: 'wizard.government_title',
    ready: (page, lng) => stepHeading(page, lng, 'personal'),
  },
  {
    path: '/home/maintenance',
    heading: 'titles.maintenance',
    ready: (page, lng) => stepHeading(page, lng, 'personal'),
  },
  {
    path: '/home/no_drawings',
    heading: 'titles.no_drawings',
    ready: (page, lng) => stepHeading(page, lng, 'personal'),
  },
];

/** Each application type's steps, as schemas/flows.json (the wizard driver's flows) has them. */
const FLOWS = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../schemas/flows.json'), 'utf8')) as Record<
  WizardType,
  string[]
>;

/** The dashboard's routes, checked once signed in. */
const DASHBOARD_ROUTES = ['/dashboard/application', '/dashboard/applications', '/dashboard/profile'];

/** Demo people no other browser test uses: the dashboard's Applications lists only theirs. */
const APPLICANTS: Record<Lng, Applicant> = {
  en: { zanId: '190056789', first: 'Fatma', middle: 'Hamad', last: 'Suleiman', phone: '0777567890' },
  sw: { zanId: '190067890', first: 'Othman', middle: 'Mussa', last: 'Vuai', phone: '0777678901' },
};

/** Engineers the journeys (0–3) and the keyboard test (12) leave alone: each may get one code a minute. */
const ENGINEERS: Record<Lng, Record<'new' | 'government', number>> = {
  en: { new: 8, government: 9 },
  sw: { new: 10, government: 11 },
};

let browser: Browser;
let splash: Splash;
/** Accessible names by check and language, compared once both languages are done. */
const names = new Map<string, Partial<Record<Lng, string[]>>>();
const checked = new Map<Lng, string[]>();
/** The reference number of the new application each language submitted, for its dashboard. */
const submittedReference = new Map<Lng, string>();

/** Every type's complete draft in each language, saved through the API while the browser starts. */
const drafts = new Map<string, Promise<string>>();

beforeAll(async () => {
  splash = await callApi<Splash>('/splash/get_splash');
  for (const lng of LANGUAGES)
    for (const type of Object.keys(FLOWS) as WizardType[]) {
      const engineer = type === 'new' || type === 'government' ? splash.engineers[ENGINEERS[lng][type]] : undefined;
      const draft = completeDraft(type, APPLICANTS[lng], splash, engineer, lng);
      // Awaited by the test that opens it; a failure is reported there.
      draft.catch(() => {});
      drafts.set(`${lng}:${type}`, draft);
    }
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** One language's browser session: one page for all its checks. */
class Session {
  context!: BrowserContext;
  page!: Page;
  errors: string[] = [];
  settle!: () => Promise<void>;
  /** Where the routes checked so far landed. */
  readonly landed = new Set<string>();

  constructor(readonly lng: Lng) {}

  async open(baseUrl?: string): Promise<void> {
    this.context = await languageContext(browser, this.lng, baseUrl);
    this.page = await this.context.newPage();
    this.errors = collectErrors(this.page);
    this.settle = stillness(this.page);
  }

  t(key: string, params?: Record<string, string | number>): string {
    return tr(this.lng, key, params);
  }

  /**
   * Opens `path`: the first time by loading the portal, then inside it as its links do (the router
   * follows the history), which saves starting the app again for every route.
   */
  async visit(path: string): Promise<void> {
    if (!this.page.url().startsWith('http')) {
      await this.page.goto(path);
      await startApp(this.page);
      return;
    }
    await this.page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  }

  h1(key: string): Locator {
    return this.page.getByRole('heading', { level: 1, name: this.t(key), exact: true });
  }

  h2(text: string): Locator {
    return this.page.getByRole('heading', { level: 2, name: text, exact: true });
  }

  /**
   * axe and the controls' names on the page as it is now, under `label` (the same in both languages).
   * Findings are collected with expect.soft: one run lists every page that fails.
   */
  async check(label: string): Promise<void> {
    await this.settle();
    const [findings, found, skipped] = await Promise.all([
      axeFindings(this.page),
      controls(this.page),
      skippedHeadings(this.page),
    ]);
    const where = `${label} in ${this.lng} (${new URL(this.page.url()).pathname})`;
    for (const line of findings.info) console.info(`[axe info] ${where}: ${line}`);
    expect.soft(findings.blocking, `serious or critical axe violations on ${where}`).toEqual([]);
    expect.soft(unnamed(found), `controls without an accessible name on ${where}`).toEqual([]);
    expect.soft(skipped, `headings that skip a level on ${where}`).toEqual([]);
    // The statement is a link away from every page (the under-maintenance page has no links at all).
    if (label !== 'under maintenance')
      expect
        .soft(await this.page.locator('footer a[href="/home/accessibility"]').count(), `statement link on ${where}`)
        .toBe(1);
    // WCAG 1.4.10, reflow: 320 CSS px wide, nothing needs scrolling sideways (a table row's fields wrap).
    const size = this.page.viewportSize();
    await this.page.setViewportSize({ width: 320, height: 640 });
    const sideways = await pastTheEdge(this.page, true);
    expect.soft(sideways, `what reaches past the right edge at 320 px wide on ${where}`).toEqual([]);
    if (size) await this.page.setViewportSize(size);
    const repeated = repeatedNames(found);
    // Each button says what it acts on: no two alike on a page (a row's Remove names its table and row).
    expect.soft(repeated, `buttons with the same name on ${where}`).toEqual([]);
    const entry = names.get(label) ?? {};
    entry[this.lng] = found.map((control) => control.name).filter(Boolean);
    names.set(label, entry);
    checked.set(this.lng, [...(checked.get(this.lng) ?? []), label]);
  }
}

/** A step of the stepper, named in words: "Step 3: Construction". */
const stepName = (s: Session, step: number, title: string) => s.t('wizard.progress.step_name', { step, title });

/** The two languages' sessions, each its own browser context, driven side by side. */
const sessions = LANGUAGES.map((lng) => new Session(lng));

/** Runs `run` in both languages at once; both finish before a failure (named by its language) is thrown. */
async function both(run: (s: Session) => Promise<void>): Promise<void> {
  const outcomes = await Promise.allSettled(sessions.map(run));
  outcomes.forEach((outcome, i) => {
    if (outcome.status === 'rejected') {
      const error = outcome.reason as Error;
      error.message = `in ${sessions[i]!.lng}: ${error.message}`;
      throw error;
    }
  });
}

beforeAll(async () => {
  await Promise.all(sessions.map((s) => s.open()));
});
afterAll(async () => {
  await Promise.all(sessions.map((s) => s.context?.close()));
});

describe('every route, in English and in Swahili', () => {
  test('the tables here name every route of routes.tsx and every application type', () => {
    const source = readFileSync(path.resolve(import.meta.dirname, '../../src/client/app/routes.tsx'), 'utf8');
    const declared = [...source.matchAll(/\bpath: '([^']+)'/g)].map((m) => m[1]!).filter((p) => p !== '*');
    const covered = [...ROUTES.map((route) => route.path.split('?')[0]!), ...DASHBOARD_ROUTES];
    // A route with an optional last parameter (verify/:permitNumber?) is covered by its path without it.
    const bare = (p: string) => p.replace(/\/:[A-Za-z]+\?$/, '');
    const missing = declared.filter(
      (p) => !covered.some((c) => c === p || c.endsWith(`/${p}`) || c.endsWith(`/${bare(p)}`)),
    );
    expect(missing).toEqual([]);
    expect(Object.keys(FLOWS).sort()).toEqual([...APPLICATION_TYPES].sort());
  });

  test.each(ROUTES)('$path', (route) =>
    both(async (s) => {
      await s.visit(route.path);
      await s.page.waitForURL((url) => url.pathname === (route.lands ?? route.path.split('?')[0]));
      await s.h1(route.heading).waitFor();
      await s.page.getByTestId('progress-bar').waitFor({ state: 'hidden' });
      await route.ready?.(s.page, s.lng);
      // A redirect lands on a page checked under its own route; checked here only if not yet.
      const where = route.lands ?? route.path;
      if (s.landed.has(where)) return;
      s.landed.add(where);
      await s.check(`route ${where}`);
    }),
  );

  test('the fresh wizard: an empty first step refused, with its error summary focused', () =>
    both(async (s) => {
      await s.page.goto('/home/new');
      await s.h2(s.t('forms:personal.title')).waitFor();
      await s.settle();
      await s.page.getByRole('button', { name: s.t('wizard.buttons.save_and_continue'), exact: true }).click();
      const summary = s.page.getByRole('alert').filter({ has: s.page.locator('#error-summary-title') });
      await summary.waitFor();
      expect(await summary.evaluate((element) => element === document.activeElement)).toBe(true);
      await s.check('wizard new: personal with errors');
    }));
});

describe.each(Object.keys(FLOWS) as WizardType[])('the %s wizard, in English and in Swahili', (type) => {
  test(
    'continued, then each step and the review',
    () =>
      both(async (s) => {
        const { page, lng } = s;
        const reference = await drafts.get(`${lng}:${type}`)!;
        if (type === 'new') {
          // Continue as an applicant does it: the reference number, then the code sent by SMS.
          await page.goto('/home/continue');
          await s.h1('titles.continue').waitFor();
          await page.getByRole('textbox', { name: s.t('continue.reference'), exact: true }).fill(reference);
          await page.getByRole('button', { name: s.t('continue.send_code'), exact: true }).click();
          const code = page.getByRole('textbox', { name: s.t('continue.code'), exact: true });
          await code.waitFor();
          await s.check('continue: code step');
          await code.fill(await smsCode(reference));
          await page.getByRole('button', { name: s.t('continue.verify'), exact: true }).click();
          await page.waitForURL('**/home/continue_form');
        } else {
          // The same answer verify_code gives the page, stored as the page stores it.
          const data = await continueData(reference);
          // …and the draft cookie verify_code gave with it, as the page would have been given it.
          const cookie = draftCookieOf(reference)!;
          await page.context().addCookies([
            {
              ...cookie,
              domain: new URL(inject('baseUrl')).hostname,
              path: '/api',
              httpOnly: true,
              sameSite: 'Strict',
            },
          ]);
          await page.goto('/home/landing');
          await page.evaluate(
            ([answer, number, kind]) => {
              sessionStorage.setItem('continue_data', JSON.stringify(answer));
              localStorage.setItem('reference_number', number);
              // The draft this browser has open (resume-draft.ts), as Continue remembers it: not an
              // earlier test's draft, which a reload would reopen instead.
              // Continue remembers it for this tab and for the browser (resume-draft.ts rememberDraft);
              // this tab's earlier draft would otherwise be the one reopened.
              const open = JSON.stringify({ reference_number: number, application_type: kind, continued: true });
              localStorage.setItem('open_draft', open);
              sessionStorage.setItem('open_draft', open);
              sessionStorage.removeItem('wizard_step');
            },
            [data, reference, type] as const,
          );
          await page.goto('/home/continue_form');
        }
        await s.h1('titles.continue_form').waitFor();

        // Every step saved: the continue form opens on the review.
        await s.h2(s.t('wizard.review.title')).waitFor();
        await s.check(`wizard ${type}: review`);
        for (const step of FLOWS[type]) {
          await page
            .getByRole('tab', { name: stepName(s, FLOWS[type].indexOf(step) + 1, s.t(`forms:${step}.title`)) })
            .click();
          await s.h2(s.t(`forms:${step}.title`)).waitFor();
          await s.check(`wizard ${type}: ${step}`);
        }

        if (type === 'repair') {
          // Save & Complete Later: the reference number shown large, with its copy button.
          await page.getByRole('button', { name: s.t('wizard.buttons.save_later'), exact: true }).click();
          await s.h2(s.t('wizard.saved.title')).waitFor();
          await s.check(`wizard ${type}: saved for later`);
        }
        if (type === 'new') {
          // Submitted from the review: the success message (the dashboard below opens this application).
          await page
            .getByRole('tab', { name: stepName(s, FLOWS[type].length + 1, s.t('wizard.review.title')) })
            .click();
          await s.h2(s.t('wizard.review.title')).waitFor();
          await page.getByRole('checkbox', { name: s.t('wizard.declaration.label') }).check();
          await page.getByRole('button', { name: s.t('wizard.buttons.submit'), exact: true }).click();
          await page.getByText(s.t('wizard.submitted.final', { reference_number: reference })).waitFor();
          await s.check(`wizard ${type}: submitted`);
          submittedReference.set(lng, reference);
        }
      }),
    120_000,
  );
});

test(
  'signed in, in English and in Swahili: View, then every page, tab and form of the dashboard',
  () =>
    both(async (s) => {
      const { page, lng } = s;
      const reference = submittedReference.get(lng);
      expect(reference, 'the new application was submitted above').toBeTruthy();
      await backOfficeMoves(reference!, lng);
      // A second application of the same applicant (the repair, complete): Applications offers to open it.
      const other = await drafts.get(`${lng}:repair`)!;
      await callApi('/application/submit_application', { reference_number: other, data: {}, declaration: true }, lng);

      // View: the reference number (the captcha's proof of work runs meanwhile), then the code sent by SMS.
      await page.goto('/home/login');
      const check = page.getByRole('checkbox', { name: s.t('view.captcha_label'), exact: true });
      await check.waitFor();
      await s.settle();
      await page.getByRole('textbox', { name: s.t('view.reference'), exact: true }).fill(reference!);
      await page.getByRole('checkbox', { name: s.t('view.captcha_verified'), exact: true, checked: true }).waitFor();
      await s.check('view: captcha solved');
      await page.getByRole('button', { name: s.t('view.submit'), exact: true }).click();
      const code = page.getByRole('textbox', { name: s.t('view.code'), exact: true });
      await code.waitFor();
      await s.check('view: code step');
      await code.fill(await smsCode(reference!));
      await page.getByRole('button', { name: s.t('view.verify'), exact: true }).click();
      await page.waitForURL('**/dashboard/application');
      await s.h1('titles.dashboard_application').waitFor();

      for (const tab of ['application', 'construction', 'attachments', 'invoices', 'notifications', 'permit']) {
        const label = s.t(`dashboard.tabs.${tab}`);
        await page.getByRole('tab', { name: new RegExp(`^${label}( \\(.*\\))?$`) }).click();
        await expect
          .poll(() => page.getByRole('tab', { selected: true }).textContent())
          .toMatch(new RegExp(`^${label}`));
        await page.getByRole('tabpanel').getByRole('heading', { level: 2 }).first().waitFor();
        await s.check(`dashboard application: tab ${tab}`);
      }
      // The permit's Renew form, and the message form of the Application tab.
      await page.getByRole('button', { name: s.t('dashboard.renew.open'), exact: true }).click();
      await page.getByRole('form').waitFor();
      await s.check('dashboard application: renew form');
      await page.getByRole('tab', { name: s.t('dashboard.tabs.application'), exact: true }).click();
      await page.getByRole('button', { name: s.t('dashboard.message.open'), exact: true }).click();
      await page.getByRole('form', { name: s.t('dashboard.message.title'), exact: true }).waitFor();
      await s.check('dashboard application: message form');

      await page.getByRole('link', { name: s.t('dashboard.profile'), exact: true }).click();
      await s.h1('titles.dashboard_profile').waitFor();
      await page.getByText(APPLICANTS[lng].first, { exact: true }).first().waitFor();
      await s.check('dashboard profile');

      await page.getByRole('link', { name: s.t('dashboard.applications'), exact: true }).click();
      await s.h1('titles.dashboard_applications').waitFor();
      await page.getByRole('heading', { level: 2, name: reference, exact: true }).waitFor();
      await s.check('dashboard applications');
      // Opening the other one asks for the code sent for it, in a dialog.
      await page
        .getByRole('button', { name: s.t('dashboard.application_list.open_named', { reference_number: other }) })
        .click();
      await page.getByRole('dialog').waitFor();
      await s.check('dashboard applications: code for another application');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      // The route /dashboard goes to the application.
      await page.goto('/dashboard');
      await page.waitForURL('**/dashboard/application');
      await s.h1('titles.dashboard_application').waitFor();
      expect.soft(s.errors, `errors in the ${lng} pages`).toEqual([]);
    }),
  120_000,
);

test('the under-maintenance page (the server in maintenance mode), in English and in Swahili', () =>
  both(async (s) => {
    const m = new Session(s.lng);
    await m.open(inject('maintenanceUrl'));
    try {
      await m.page.goto('/home/landing');
      await m.h1('maintenance.title').waitFor();
      await m.check('under maintenance');
    } finally {
      await m.context.close();
    }
  }));

/** The back office gives the application something in every tab: a remark, an invoice, a permit, a rejected document, a note. */
async function backOfficeMoves(reference: string, lng: Lng): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  const later = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  // Control numbers (digits) and permit numbers are unique: this run's time and the language make them so.
  const run = `${Date.now()}`.slice(-8) + String(LANGUAGES.indexOf(lng) + 1);
  await staff('set_status', { reference_number: reference, status: 'under_review', remark: 'Plot visit on Monday.' });
  const invoice = await staff<{ invoice_id: string }>('add_invoice', {
    reference_number: reference,
    amount_tzs: 150000,
    amount_reason: 'Set by the unit for this test.',
    control_number: `99${run}1`,
    description: 'Permit fee',
    due_date: later(30),
  });
  await staff('mark_invoice_paid', { invoice_id: invoice.invoice_id });
  await staff('add_invoice', {
    reference_number: reference,
    amount_tzs: 20000,
    amount_reason: 'Set by the unit for this test.',
    control_number: `99${run}2`,
    description: 'Inspection fee',
    due_date: later(30),
  });
  await staff('set_status', { reference_number: reference, status: 'approved' });
  await staff('issue_permit', {
    reference_number: reference,
    permit_number: `ZDCU/A11Y/${run}`,
    approved_use: 'Residential house',
    valid_from: today,
    valid_until: later(365),
  });
  const application = await staff<{ attachments: { attachment_id: string; document_type: string }[] }>(
    'get_application',
    { reference_number: reference },
  );
  const sheha = application.attachments.find((a) => a.document_type === 'sheha_letter')!;
  await staff('update_attachment', {
    attachment_id: sheha.attachment_id,
    status: 'rejected',
    remark: 'Unreadable stamp.',
  });
  await staff('add_notification', {
    reference_number: reference,
    title: 'Site inspection',
    message: 'An inspector visits the plot on Monday.',
  });
}

describe('names in both languages', () => {
  test('no English text of the portal on a Swahili page; names the same in both languages are data', () => {
    const matchers = englishMatchers(
      splash,
      Object.fromEntries(Object.entries(TranslatableString).map(([key, text]) => [`rjsf.${key}`, text])),
    );
    const english: string[] = [];
    const same: string[] = [];
    const allowed = new Set([
      'Kibali',
      // Each language's name in its own language (with its lang attribute), in the language list.
      'English',
      'Kiswahili',
      // Zanzibar's administrative unit: the same word in both languages.
      'Shehia',
      ...Object.values(APPLICANTS).flatMap((a) => [a.first, a.middle, a.last]),
      ...splash.engineers.map((e) => e.name),
    ]);
    for (const [label, byLanguage] of names) {
      const sw = byLanguage.sw ?? [];
      for (const found of englishOn(sw, matchers)) english.push(`${label}: ${found}`);
      const en = new Set(byLanguage.en ?? []);
      const both = [...new Set(sw)].filter((name) => en.has(name) && !isDataOrProperNoun(name, allowed));
      if (both.length > 0) same.push(`${label}: ${both.map((name) => `"${name}"`).join(', ')}`);
    }
    if (same.length > 0) console.info(`[names] the same in English and Swahili:\n  ${same.join('\n  ')}`);
    expect(checked.get('en')).toEqual(checked.get('sw'));
    expect(english, 'English texts of the portal on Swahili pages').toEqual([]);
  });
});
