import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { OFFICE_PAGE } from '../../src/shared/api/staff-session';
import type { DocumentRule } from '../../src/shared/forms';
import { stepSample } from '../fixtures/step-samples';
import { draftCookieFor, post, ROOT } from '../faults/server-process';
import { axeCheck, useBrowser } from './browser';
import { Wizard } from './journey-helpers';
import { tr, type Lng } from './locales';
import {
  call,
  stopStudioServer,
  studioServer,
  studioText,
  totpCode,
  type StaffUser,
  unexpected,
  type StudioServer,
} from './studio-helpers';

// The officers' workspace (issue 33, items 1, 3, 5 and 6 in part): an officer signs in with the second
// factor at /office, finds an application by the applicant's phone (written another way than the
// applicant wrote it), sees its clock against the stage's standard, opens it, opens a document in the
// page, rejects a document with a remark, accepts another, moves it under review, approves it, raises
// the invoice, previews the permit's PDF in the page, issues it, opens it and revokes it; in English at 1366 px and in Swahili at 1024 px,
// axe on every page. A policy editor is refused the workspace and its calls.

const { newPage } = useBrowser();
const WIDE = { width: 1366, height: 900 };
const TABLET = { width: 1024, height: 768 };
const PHONE = { width: 360, height: 740 };
const office = (lng: Lng, key: string, params?: Record<string, string | number>) => tr(lng, `office:${key}`, params);

/** The documents every repair needs (schemas/documents.json: required, for every type, unconditional). */
const repairDocuments = (
  JSON.parse(readFileSync(path.join(ROOT, 'schemas/documents.json'), 'utf8')) as DocumentRule[]
).filter((d) => d.required && !d.applies.types && !d.applies.when?.length);

describe('the officers’ workspace', () => {
  let running: StudioServer;
  const applications: Record<Lng, { reference: string; phone: string }> = {
    en: { reference: '', phone: '0777310101' },
    sw: { reference: '', phone: '0777310202' },
  };

  /** A repair request submitted through the applicant's API, with every document it needs. */
  async function submitRepair(phone: string): Promise<string> {
    const server = running.server;
    const saved = await call<{ reference_number: string }>(server, '/api/application/save_and_continue', {
      application_type: 'repair',
      step_number: 1,
      data: { ...stepSample('personal ok (passport)'), phone },
    });
    const reference = saved.reference_number;
    await call(server, '/api/application/save_and_continue', {
      application_type: 'repair',
      step_number: 2,
      data: stepSample('repair ok (no neighbours)'),
      reference_number: reference,
    });
    const documents: Record<string, string> = {};
    for (const document of repairDocuments) {
      const form = new FormData();
      form.set('reference_number', reference);
      form.set('document_type', document.id);
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
        'base64',
      );
      form.set('file', new Blob([new Uint8Array(png)]), `${document.id}.png`);
      const res = await fetch(`${server.url}/api/attachment/upload`, {
        method: 'POST',
        body: form,
        headers: draftCookieFor({ reference_number: reference }),
      });
      const body = (await res.json()) as { response: { data: { attachment_id: string } } };
      expect(res.status, `${document.id}: ${JSON.stringify(body)}`).toBe(200);
      documents[document.id] = body.response.data.attachment_id;
    }
    const submitted = await post(server.url, '/api/application/request_maintainence', {
      reference_number: reference,
      data: { uploads: { documents } },
      declaration: true,
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    return reference;
  }

  beforeAll(async () => {
    running = await studioServer([
      ['juma.officer', 'Juma Haji', 'officer'],
      ['mwanaisha.officer', 'Mwanaisha Ali', 'officer'],
      ['salma.editor', 'Salma Juma', 'policy_editor'],
      ['amina.admin', 'Amina Said', 'admin'],
    ]);
    for (const lng of ['en', 'sw'] as const) applications[lng].reference = await submitRepair(applications[lng].phone);
  }, 240_000);
  afterAll(async () => {
    await stopStudioServer(running);
  });

  /** How the sign-in code's SMS begins, in either language (api.json sms_sign_in_code, before the reference). */
  const signInSms = (['en', 'sw'] as const).map((lng) => tr(lng, 'api:sms_sign_in_code').split('{{')[0]!);

  /**
   * The code of the newest sign-in SMS about `reference` in the server's outbox (dev tools), once it is
   * there: never another SMS about it (a status SMS has digits too, in its dates).
   */
  function outboxCode(reference: string): Promise<string> {
    return vi.waitFor(
      async () => {
        const messages = await call<{ phone: string; message: string }[]>(running.server, '/api/dev/outbox', {});
        // Newest first; the code comes after the reference number, which is not read as it.
        const message =
          messages.find(
            (sms) => sms.message.includes(reference) && signInSms.some((start) => sms.message.startsWith(start)),
          )?.message ?? '';
        const code = /\b(\d{4,8})\b/.exec(message.replaceAll(reference, ''))?.[1];
        if (!code) throw new Error(`No sign-in code for ${reference} in the outbox yet`);
        return code;
      },
      { timeout: 15_000, interval: 250 },
    );
  }

  /** The sign-in at /office: password, then the authenticator's code. */
  async function signIn(page: Page, user: StaffUser, lng: Lng): Promise<void> {
    await page.goto(`${running.server.url}${OFFICE_PAGE}`);
    await page.getByRole('heading', { level: 1, name: studioText(lng, 'sign_in.title') }).waitFor();
    await page.getByRole('textbox', { name: studioText(lng, 'sign_in.login') }).fill(user.login);
    await page.getByLabel(studioText(lng, 'sign_in.password')).fill(user.password);
    await page.getByRole('button', { name: studioText(lng, 'sign_in.continue'), exact: true }).click();
    await page.getByRole('textbox', { name: studioText(lng, 'sign_in.code') }).fill(await totpCode(user));
    await page.getByRole('button', { name: studioText(lng, 'sign_in.sign_in'), exact: true }).click();
  }

  test.each([
    ['en', WIDE, 0],
    ['sw', TABLET, 1],
  ] as const)(
    '%s at %o: find by phone, the clock, take it, review documents, under review, approve, invoice from the estimate, my work',
    async (lng, viewport, officer) => {
      const { reference, phone } = applications[lng];
      const { page, errors } = await newPage({ language: lng, viewport, baseUrl: running.server.url });
      await signIn(page, running.users[officer]!, lng);
      await page.getByRole('heading', { level: 1, name: office(lng, 'queue.title') }).waitFor();
      await page.getByText(studioText(lng, 'app.office_name')).waitFor();
      await axeCheck(page);

      // The phone as the officer heard it on the telephone: +255 and spaces (the applicant wrote 0777…).
      const spoken = `+255 ${phone.slice(1, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`;
      await page.getByRole('textbox', { name: office(lng, 'queue.search') }).fill(spoken);
      await page.getByRole('button', { name: office(lng, 'queue.apply'), exact: true }).click();
      await page
        .getByRole('status')
        .getByText(office(lng, 'queue.count', { count: 1 }), { exact: true })
        .waitFor();
      expect(new URL(page.url()).searchParams.get('q')).toBe(spoken);
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: reference }) });
      await expect.poll(() => row.count()).toBe(1);
      await row.getByText(office(lng, 'status.submitted'), { exact: true }).waitFor();
      await row.getByText(office(lng, 'queue.days_of_standard', { count: 0, standard: 3 }), { exact: true }).waitFor();
      await axeCheck(page);
      await page.screenshot({ path: `test-results/office-queue-${lng}.png`, fullPage: true });

      // The application: its documents, each accepted or rejected with a remark.
      await row.getByRole('link', { name: reference }).click();
      const heading = page.getByRole('heading', { level: 1 });
      await expect.poll(() => heading.textContent()).toContain(reference);
      await axeCheck(page);
      // The answers as the applicant gave them: a choice in words, in the reader's language.
      const answers = page.getByRole('region', { name: office(lng, 'answers.title') });
      await answers.getByRole('heading', { level: 3, name: tr(lng, 'forms:repair.title') }).waitFor();
      await answers.getByText(tr(lng, 'forms:repair.repair_type.options.painting_finishes'), { exact: true }).waitFor();
      // Taken: it is this officer's, and in their work.
      await page.getByRole('button', { name: office(lng, 'assignment.take'), exact: true }).click();
      await page.getByText(office(lng, 'assignment.yours'), { exact: true }).waitFor();
      const [first, second] = repairDocuments;
      const name = (document: DocumentRule) => document.name[lng];
      const card = (document: DocumentRule) =>
        page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: name(document) }) });
      // Each document opens in the page (an image here: fitted, at its size, twice it), and closes back to its button.
      const openFirst = page.getByRole('button', {
        name: office(lng, 'documents.open_named', { document: name(first!) }),
      });
      await openFirst.click();
      const viewer = page.getByRole('region', { name: office(lng, 'viewer.label', { title: name(first!) }) });
      const image = viewer.getByRole('img', { name: name(first!) });
      await image.waitFor();
      expect(await image.getAttribute('src')).toMatch(/^blob:/);
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
      await viewer.getByRole('button', { name: office(lng, 'viewer.zoom_2'), exact: true }).click();
      expect(
        await viewer
          .getByRole('button', { name: office(lng, 'viewer.zoom_2'), exact: true })
          .getAttribute('aria-pressed'),
      ).toBe('true');
      await axeCheck(page);
      await viewer.getByRole('button', { name: office(lng, 'viewer.close'), exact: true }).click();
      await expect.poll(() => viewer.count()).toBe(0);
      await expect.poll(() => openFirst.evaluate((button) => button === document.activeElement)).toBe(true);
      // Reject without a remark: said, nothing sent.
      await page
        .getByRole('button', { name: office(lng, 'documents.reject_named', { document: name(first!) }) })
        .click();
      await card(first!).getByText(office(lng, 'documents.remark_needed')).waitFor();
      const remark = lng === 'en' ? 'The stamp cannot be read.' : 'Muhuri hausomeki.';
      await page
        .getByRole('textbox', { name: office(lng, 'documents.remark', { document: name(first!) }) })
        .fill(remark);
      await page
        .getByRole('button', { name: office(lng, 'documents.reject_named', { document: name(first!) }) })
        .click();
      await card(first!).getByText(office(lng, 'documents.status.rejected'), { exact: true }).waitFor();
      await card(first!).getByText(remark, { exact: true }).waitFor();
      await page
        .getByRole('button', { name: office(lng, 'documents.accept_named', { document: name(second!) }) })
        .click();
      await card(second!).getByText(office(lng, 'documents.status.accepted'), { exact: true }).waitFor();

      // Under review, with a remark: the page says so, and the history has the move.
      await page.getByRole('radio', { name: office(lng, 'status.under_review') }).check();
      await page.getByRole('textbox', { name: office(lng, 'move.remark'), exact: true }).fill('Site visit on Monday.');
      await page.getByRole('button', { name: office(lng, 'move.submit'), exact: true }).click();
      await page.getByText(office(lng, 'move.done', { status: office(lng, 'status.under_review') })).waitFor();
      const facts = page.locator('dl');
      await facts.getByText(office(lng, 'status.under_review'), { exact: true }).waitFor();
      await page.getByText('Site visit on Monday.', { exact: true }).waitFor();
      await axeCheck(page);

      // Approved; then the invoice from the fee schedule's estimate, its lines shown.
      await page.getByRole('radio', { name: office(lng, 'status.approved') }).check();
      await page.getByRole('button', { name: office(lng, 'move.submit'), exact: true }).click();
      await facts.getByText(office(lng, 'status.approved'), { exact: true }).waitFor();
      const lines = page.getByRole('table', { name: office(lng, 'invoice_form.lines') });
      await lines.getByText(office(lng, 'invoice_form.total'), { exact: true }).waitFor();
      await page.getByRole('button', { name: office(lng, 'invoice_form.raise'), exact: true }).click();
      const invoices = page.getByRole('region', { name: office(lng, 'invoices.title') });
      await invoices.getByText(office(lng, 'invoices.status.unpaid'), { exact: false }).waitFor();
      await axeCheck(page);
      await page.screenshot({ path: `test-results/office-application-${lng}.png`, fullPage: true });

      // The applicant pays TZS 5,000 too much (the simulated gateway): the money desk has it to settle.
      // The gateway gives the control number on its own time: the page shows it once read again.
      let control = '';
      await expect
        .poll(async () => {
          await page.reload();
          await invoices.getByRole('listitem').first().waitFor();
          control = /\d{6,20}/.exec((await invoices.getByRole('listitem').first().textContent()) ?? '')?.[0] ?? '';
          return control;
        })
        .toMatch(/^\d+$/);
      const total = Number(
        ((await lines.getByRole('row').last().getByRole('cell').last().textContent()) ?? '').replace(/\D/g, ''),
      );
      await call(running.server, '/api/dev/pay_simulated', { control_number: control, amount_tzs: total + 5000 });
      await page
        .getByRole('navigation', { name: studioText(lng, 'nav.office_label') })
        .getByRole('link', { name: studioText(lng, 'nav.money'), exact: true })
        .click();
      await page.getByRole('heading', { level: 1, name: office(lng, 'money.title') }).waitFor();
      const over = office(lng, 'money.item', {
        kind: office(lng, 'money.kinds.over_payment'),
        amount: office(lng, 'money.tzs', {
          amount: new Intl.NumberFormat(lng === 'sw' ? 'sw-TZ' : 'en-GB').format(5000),
        }),
      });
      const overItem = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: over }) })
        .filter({
          has: page.getByRole('link', { name: office(lng, 'money.application', { reference }) }),
        });
      await expect
        .poll(async () => {
          await page.reload();
          await page.getByRole('heading', { level: 1, name: office(lng, 'money.title') }).waitFor();
          await page.getByRole('status').filter({ hasText: /\d/ }).waitFor();
          return overItem.count();
        })
        .toBe(1);
      await axeCheck(page);
      await overItem.getByRole('radio', { name: office(lng, 'money.hows.refunded') }).check();
      await overItem.getByRole('textbox', { name: office(lng, 'money.remark') }).fill('M-Pesa refund 12 Dec');
      await overItem.getByRole('button', { name: office(lng, 'money.settle_named', { item: over }) }).click();
      await expect.poll(() => overItem.count()).toBe(0);
      await page.getByRole('link', { name: office(lng, 'money.settled'), exact: true }).click();
      await overItem.getByText(/M-Pesa refund 12 Dec/).waitFor();
      await page.screenshot({ path: `test-results/office-money-${lng}.png`, fullPage: true });

      // Back in the queue: no longer under review (the rows are the stage's own, never the last ones), approved.
      await page
        .getByRole('navigation', { name: studioText(lng, 'nav.office_label') })
        .getByRole('link', { name: studioText(lng, 'nav.queue'), exact: true })
        .click();
      await page.getByRole('heading', { level: 1, name: office(lng, 'queue.title') }).waitFor();
      await page.getByRole('link', { name: office(lng, 'stage.under_review'), exact: true }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('stage')).toBe('under_review');
      await page.getByRole('status').filter({ hasText: /\d/ }).waitFor();
      expect(await page.getByRole('link', { name: reference }).count()).toBe(0);
      await page.getByRole('link', { name: office(lng, 'stage.approved'), exact: true }).click();
      await page.getByRole('link', { name: reference }).waitFor();
      expect(new URL(page.url()).searchParams.get('stage')).toBe('approved');
      await page
        .getByRole('navigation', { name: studioText(lng, 'nav.office_label') })
        .getByRole('link', { name: studioText(lng, 'nav.mine'), exact: true })
        .click();
      await page.getByRole('heading', { level: 1, name: office(lng, 'queue.mine_title') }).waitFor();
      await page
        .getByRole('status')
        .getByText(office(lng, 'queue.count', { count: 1 }), { exact: true })
        .waitFor();
      await page.getByRole('link', { name: reference }).waitFor();
      await axeCheck(page);

      // The permit: previewed as its PDF in the page before it can be issued, issued, opened, revoked.
      await page.getByRole('link', { name: reference }).click();
      await expect.poll(() => heading.textContent()).toContain(reference);
      const permitNumber = `ZNZ/BP/2026/${lng.toUpperCase()}1`;
      await page.getByRole('textbox', { name: office(lng, 'permit_form.number') }).fill(permitNumber);
      await page.getByRole('textbox', { name: office(lng, 'permit_form.use') }).fill('Residential house');
      await page.getByRole('button', { name: office(lng, 'permit_form.add_condition'), exact: true }).click();
      await page
        .getByRole('textbox', { name: office(lng, 'permit_form.condition', { n: 1 }) })
        .fill('Keep 3 m from the road reserve');
      const permitSection = page.getByRole('region', { name: office(lng, 'permit_form.title') });
      await permitSection.getByRole('button', { name: office(lng, 'permit_form.issue'), exact: true }).click();
      await permitSection.getByText(office(lng, 'permit_form.preview_first')).waitFor();
      await permitSection.getByRole('button', { name: office(lng, 'permit_form.preview'), exact: true }).click();
      const previewTitle = office(lng, 'permit_form.preview_title', { permit_number: permitNumber });
      const preview = page.getByRole('region', { name: office(lng, 'viewer.label', { title: previewTitle }) });
      const frame = preview.locator('iframe');
      await frame.waitFor();
      expect(await frame.getAttribute('title')).toBe(previewTitle);
      // The PDF itself is the server's (tests/server/permits.test.ts reads it); here, the page's copy of it.
      expect(await frame.getAttribute('src')).toMatch(/^blob:/);
      const saved = `permit-preview-${permitNumber.replaceAll('/', '-')}.pdf`;
      expect(
        await preview.getByRole('link', { name: office(lng, 'viewer.save', { name: saved }) }).getAttribute('download'),
      ).toBe(saved);
      await axeCheck(page);
      await page.screenshot({ path: `test-results/office-permit-preview-${lng}.png`, fullPage: true });
      await permitSection.getByRole('button', { name: office(lng, 'permit_form.issue'), exact: true }).click();
      await page.getByText(office(lng, 'permit_form.done', { permit_number: permitNumber })).waitFor();
      await facts.getByText(office(lng, 'status.permit_issued'), { exact: true }).waitFor();
      const permitCard = page.getByRole('listitem').filter({
        has: page.getByRole('heading', {
          level: 3,
          name: office(lng, 'permits.number', { permit_number: permitNumber }),
        }),
      });
      await permitCard.getByText(office(lng, 'permits.status.valid'), { exact: true }).waitFor();
      await permitCard
        .getByRole('button', { name: office(lng, 'permits.open_named', { permit_number: permitNumber }) })
        .click();
      await permitCard.locator('iframe').waitFor();
      await permitCard
        .getByRole('button', { name: office(lng, 'permits.revoke_named', { permit_number: permitNumber }) })
        .click();
      await permitCard
        .getByRole('textbox', { name: office(lng, 'permits.reason', { permit_number: permitNumber }) })
        .fill('Built beyond the approved plot.');
      await permitCard.getByRole('button', { name: office(lng, 'permits.revoke_confirm'), exact: true }).click();
      await permitCard.getByText(office(lng, 'permits.status.revoked'), { exact: true }).waitFor();
      await expect.poll(() => permitCard.locator('iframe').count()).toBe(0);
      await axeCheck(page);
      // The first look for a staff session answers 401 before the sign-in: expected, nothing else.
      expect(unexpected(errors)).toEqual([]);
    },
  );

  test('an administrator reassigns an application another officer took; the history says from whom to whom', async () => {
    const { page, errors } = await newPage({ language: 'en', viewport: WIDE, baseUrl: running.server.url });
    await signIn(page, running.users[3]!, 'en');
    await page.getByRole('heading', { level: 1, name: office('en', 'queue.title') }).waitFor();
    await page.goto(`${running.server.url}${OFFICE_PAGE}/applications/${reference('sw')}`);
    await page.getByText(office('en', 'assignment.theirs', { name: 'Mwanaisha Ali' }), { exact: true }).waitFor();
    await page.getByRole('textbox', { name: office('en', 'assignment.login') }).fill('juma.officer');
    await page.getByRole('button', { name: office('en', 'assignment.assign'), exact: true }).click();
    await page.getByText(office('en', 'assignment.theirs', { name: 'Juma Haji' }), { exact: true }).waitFor();
    await page
      .getByText(office('en', 'history.assigned', { to: 'Juma Haji', from: 'Mwanaisha Ali' }), { exact: false })
      .waitFor();
    await axeCheck(page);
    expect(unexpected(errors)).toEqual([]);
  });

  test('the applicant writes from a phone; the officer answers in the inbox; the applicant reads it', async () => {
    const { reference } = applications.sw;
    const question = 'Ni lini mkaguzi atakuja kiwanjani?';
    const reply = 'Jumatatu saa 4 asubuhi.';
    // The applicant, on a 360 px phone in Swahili: View, the code by SMS, a message.
    const applicant = await newPage({ language: 'sw', viewport: PHONE, baseUrl: running.server.url });
    await applicant.page.goto('/home/login');
    await applicant.page.getByRole('textbox', { name: tr('sw', 'view.reference'), exact: true }).fill(reference);
    await applicant.page
      .getByRole('checkbox', { name: tr('sw', 'view.captcha_verified'), exact: true, checked: true })
      .waitFor();
    await applicant.page.getByRole('button', { name: tr('sw', 'view.submit'), exact: true }).click();
    await applicant.page
      .getByRole('textbox', { name: tr('sw', 'view.code'), exact: true })
      .fill(await outboxCode(reference));
    await applicant.page.getByRole('button', { name: tr('sw', 'view.verify'), exact: true }).click();
    await applicant.page.waitForURL('**/dashboard/application');
    // The officers who opened the file earlier are listed by their role, never by name.
    const looks = applicant.page.getByRole('region', { name: tr('sw', 'dashboard.staff_views.title') });
    await looks.getByText(tr('sw', 'dashboard.staff_views.roles.officer'), { exact: false }).first().waitFor();
    expect(await looks.textContent()).not.toContain('Mwanaisha');
    await applicant.page.getByRole('button', { name: tr('sw', 'dashboard.message.open'), exact: true }).click();
    await applicant.page.getByRole('textbox', { name: tr('sw', 'dashboard.message.message') }).fill(question);
    await applicant.page.getByRole('button', { name: tr('sw', 'dashboard.message.send'), exact: true }).click();
    const conversation = applicant.page.getByRole('list', { name: tr('sw', 'dashboard.conversation.label') });
    await conversation.getByText(question).waitFor();

    // The officer: the inbox, the unanswered message first, answered in the page.
    const { page, errors } = await newPage({ language: 'sw', viewport: TABLET, baseUrl: running.server.url });
    await signIn(page, running.users[1]!, 'sw');
    await page
      .getByRole('navigation', { name: studioText('sw', 'nav.office_label') })
      .getByRole('link', { name: studioText('sw', 'nav.messages'), exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: office('sw', 'inbox.title') }).waitFor();
    const card = page.getByRole('listitem').filter({ hasText: question });
    await card.getByText(office('sw', 'inbox.unanswered'), { exact: true }).waitFor();
    await axeCheck(page);
    await card.getByRole('textbox', { name: office('sw', 'inbox.answer_label') }).fill(reply);
    await card.getByRole('button', { name: office('sw', 'inbox.send'), exact: true }).click();
    await page.getByText(office('sw', 'inbox.answered_now'), { exact: true }).waitFor();
    await expect
      .poll(() => page.getByRole('listitem').filter({ hasText: question }).textContent())
      .toContain('Mwanaisha Ali');

    await applicant.page.reload();
    await conversation.getByText(reply).waitFor();
    expect(unexpected(errors)).toEqual([]);
    expect(applicant.errors).toEqual([]);
  });

  test('asks for changes with a question shown only under a condition; the applicant answers on a phone; the round side by side; a new deadline', async () => {
    const phone = '0777310303';
    const reference = await submitRepair(phone);
    const { page, errors } = await newPage({ language: 'en', viewport: WIDE, baseUrl: running.server.url });
    await signIn(page, running.users[0]!, 'en');
    await page.goto(`${running.server.url}${OFFICE_PAGE}/applications/${reference}`);
    await page.getByRole('radio', { name: office('en', 'status.under_review') }).check();
    await page.getByRole('button', { name: office('en', 'move.submit'), exact: true }).click();
    const builder = page.getByRole('region', { name: office('en', 'changes.title') });
    const w = new Wizard(page, 'en');
    const stepTitle = w.title('repair');
    await builder.getByRole('checkbox', { name: office('en', 'changes.ask_step', { step: stepTitle }) }).check();
    // The question asked only when the work affects the neighbours: offered, and marked so.
    for (const [question, conditional] of [
      ['repair.affects_neighbours', false],
      ['repair.precautions', true],
    ] as const) {
      const name = conditional
        ? office('en', 'changes.conditional', { question: w.title(question) })
        : w.title(question);
      await builder.getByRole('checkbox', { name, exact: true }).check();
    }
    const why = 'The wall is shared: say how you will protect your neighbours.';
    await builder.getByRole('textbox', { name: office('en', 'changes.remark_on', { name: stepTitle }) }).fill(why);
    // The deadline's date is shown before sending; the round keeps the same date.
    const deadline = builder.getByRole('textbox', { name: office('en', 'changes.deadline') });
    await deadline.fill('7');
    const dueText = await builder.getByText(/^Due on /).textContent();
    await axeCheck(page);
    await builder.getByRole('button', { name: office('en', 'changes.send'), exact: true }).click();
    await builder.getByText(office('en', 'changes.sent')).waitFor();
    const rounds = page.getByRole('region', { name: office('en', 'rounds.title') });
    await rounds
      .getByText(office('en', 'rounds.round', { number: 1, status: office('en', 'rounds.status.open') }))
      .waitFor();
    const due = /^Due on (.+) \(/.exec(dueText ?? '')?.[1];
    expect(due).toBeTruthy();
    await rounds.getByText(office('en', 'rounds.asked', { by: 'Juma Haji', due: due! })).waitFor();

    // A new deadline, its date shown before it is given; the round says it.
    const extend = page.getByRole('region', { name: office('en', 'changes.extend_title') });
    await extend.getByRole('textbox', { name: office('en', 'changes.deadline') }).fill('12');
    const newDue = /^Due on (.+) \(/.exec((await extend.getByText(/^Due on /).textContent()) ?? '')?.[1];
    expect(newDue).toBeTruthy();
    expect(newDue).not.toBe(due);
    await extend.getByRole('button', { name: office('en', 'changes.extend'), exact: true }).click();
    await extend.getByText(office('en', 'changes.extended')).waitFor();
    await rounds.getByText(office('en', 'rounds.asked', { by: 'Juma Haji', due: newDue! })).waitFor();
    await axeCheck(page);

    // The applicant, on a 360 px phone: the request, the step answered again with the condition's question.
    const applicant = await newPage({ language: 'en', viewport: PHONE, baseUrl: running.server.url });
    const a = applicant.page;
    const aw = new Wizard(a, 'en');
    await a.goto('/home/login');
    await a.getByRole('textbox', { name: tr('en', 'view.reference'), exact: true }).fill(reference);
    await a.getByRole('checkbox', { name: tr('en', 'view.captcha_verified'), exact: true, checked: true }).waitFor();
    await a.getByRole('button', { name: tr('en', 'view.submit'), exact: true }).click();
    await a.getByRole('textbox', { name: tr('en', 'view.code'), exact: true }).fill(await outboxCode(reference));
    await a.getByRole('button', { name: tr('en', 'view.verify'), exact: true }).click();
    const checklist = a.getByRole('list', { name: tr('en', 'dashboard.changes.checklist') });
    await checklist.getByRole('link', { name: tr('en', 'dashboard.changes.change_step', { step: stepTitle }) }).click();
    await aw.yesNo('repair.affects_neighbours', true);
    const precautions = 'Dust screens and work only from 8 to 17.';
    await aw.textbox('repair.precautions').fill(precautions);
    await aw.button('save_and_continue').click();
    await checklist.getByText(tr('en', 'dashboard.changes.done')).waitFor();
    await a.getByRole('textbox', { name: tr('en', 'dashboard.changes.note') }).fill('Screens on the shared wall.');
    await a.getByRole('button', { name: tr('en', 'dashboard.changes.resubmit'), exact: true }).click();

    // The officer: the round answered, each changed answer before and after.
    const answered = office('en', 'rounds.round', { number: 1, status: office('en', 'rounds.status.resubmitted') });
    await expect
      .poll(
        async () => {
          await page.reload();
          await rounds.waitFor();
          return rounds.getByText(answered).count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    const table = rounds.getByRole('table', {
      name: office('en', 'rounds.changes_of', { step: stepTitle, number: 1 }),
    });
    const row = (question: string) =>
      table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: w.title(question) }) });
    await expect
      .poll(() => row('repair.affects_neighbours').textContent())
      .toContain(office('en', 'rounds.no') + office('en', 'rounds.yes'));
    await expect
      .poll(() => row('repair.precautions').textContent())
      .toContain(office('en', 'rounds.no_answer') + precautions);
    await axeCheck(page);
    await page.screenshot({ path: 'test-results/office-changes-round.png', fullPage: true });
    expect(unexpected(errors)).toEqual([]);
    expect(applicant.errors).toEqual([]);
  });

  test('a policy editor is refused the workspace, and its calls', async () => {
    const { page } = await newPage({ language: 'en', baseUrl: running.server.url });
    await signIn(page, running.users[2]!, 'en');
    await page.getByRole('heading', { level: 1, name: studioText('en', 'no_access.office_title') }).waitFor();
    expect(await page.getByRole('link', { name: reference('en') }).count()).toBe(0);
    // What a script in the page could do with the editor's session cookie.
    const statusOf = (url: string, body: unknown) =>
      page.evaluate(
        async ([to, payload]) =>
          (
            await fetch(to, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
              body: JSON.stringify(payload),
            })
          ).status,
        [url, body] as const,
      );
    expect(await statusOf('/api/staff/list_applications', {})).toBe(403);
    expect(await statusOf('/api/staff/get_application', { reference_number: reference('en') })).toBe(403);
    expect(await statusOf('/api/staff/set_status', { reference_number: reference('en'), status: 'rejected' })).toBe(
      403,
    );
    await axeCheck(page);
  });

  const reference = (lng: Lng) => applications[lng].reference;
});
