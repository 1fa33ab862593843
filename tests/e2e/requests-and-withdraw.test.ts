import { describe, expect, test } from 'vitest';
import type { ApplicantMessage } from '../../src/shared/dashboard';
import { completeDraft, openContinued, type Applicant } from './accessibility-helpers';
import { axeCheck, SMALL_PHONE, staff, useBrowser } from './browser';
import { getSplash, JOURNEY_TIMEOUT_MS, personalWithPassport, signIn, Wizard } from './journey-helpers';
import { tr, type Lng } from './locales';

// Issue 17, items 9, 11 and 12 at phone width (360 px): what a new building needs, the declaration at
// Submit, the conversation with the unit, withdrawing a submitted application (English) and withdrawing
// a draft from the wizard (Swahili).

const { newPage } = useBrowser();
/** A demo ZanID (seed) and a phone no other browser test uses. */
const MWANAISHA: Applicant = {
  zanId: '190034567',
  first: 'Mwanaisha',
  middle: 'Said',
  last: 'Omar',
  phone: '0777890123',
};
const QUESTION = 'Can I start the work before the rains?';
const ANSWER = 'Yes, once the permit is issued.';
const REASON = 'We have decided not to build this year.';

interface StaffApplication {
  status: string;
  history?: { status: string; remark: string | null }[];
}

describe('requests and withdrawing at 360 px', () => {
  test(
    'English: what you need, Submit only with the declaration, the conversation, withdrawing the submitted application',
    async () => {
      const lng: Lng = 'en';
      const splash = await getSplash();
      const draft = completeDraft('repair', MWANAISHA, splash, undefined, lng);
      draft.catch(() => {});
      const { page, errors } = await newPage({ language: lng, viewport: SMALL_PHONE });
      const w = new Wizard(page, lng);

      // Request: what a new building needs, opened on demand.
      await page.goto('/home/request');
      const need = page.locator('details.what-you-need').first();
      await need.locator('summary', { hasText: w.t('request.before.toggle') }).click();
      for (const key of ['identity', 'engineer', 'time_new', 'fees'])
        await need.getByText(w.t(`request.before.${key}`), { exact: true }).waitFor();
      await need.getByRole('heading', { name: w.t('request.before.documents') }).waitFor();
      const sheha = splash.normal_attachments.find((d) => d.code === 'sheha_letter')!;
      await need.getByText(sheha.name[lng]).first().waitFor();
      expect(await need.getByText(/(PDF|PNG|JPEG).*, at most [\d.]+ MB/).count()).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SMALL_PHONE.width);
      await axeCheck(page);

      // Submit without the declaration: an error, and nothing is sent.
      const reference = await draft;
      const submits: unknown[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/api/application/submit_application')) submits.push(r.postDataJSON());
      });
      await openContinued(page, reference);
      await w.onReview();
      await w.button('submit').click();
      await page.getByText(w.t('wizard.declaration.required')).first().waitFor();
      expect(submits).toEqual([]);
      await page.getByRole('checkbox', { name: w.t('wizard.declaration.label') }).check();
      await w.button('submit').click();
      await page.getByText(w.t('wizard.submitted.final', { reference_number: reference })).waitFor();
      expect(submits).toHaveLength(1);
      expect(submits[0]).toMatchObject({ declaration: true });

      // The conversation: the applicant's message, the unit's answer after it.
      await page.goto('/home/login');
      await signIn(page, lng, reference);
      await page.getByRole('button', { name: w.t('dashboard.message.open'), exact: true }).click();
      await page.getByRole('textbox', { name: w.t('dashboard.message.message') }).fill(QUESTION);
      await page.getByRole('button', { name: w.t('dashboard.message.send'), exact: true }).click();
      const conversation = page.getByRole('list', { name: w.t('dashboard.conversation.label') });
      await conversation.getByText(QUESTION).waitFor();
      const asked = await staff<{ items: ApplicantMessage[] }>('list_messages', { reference_number: reference });
      const sent = asked.items.find((m) => m.message === QUESTION)!;
      await staff('answer_message', { message_id: sent.message_id, message: ANSWER, by: 'Halima' });
      await page.reload();
      await conversation.getByText(ANSWER).waitFor();
      const said = await conversation.getByRole('listitem').allTextContents();
      expect(said.findIndex((s) => s.includes(QUESTION))).toBeLessThan(said.findIndex((s) => s.includes(ANSWER)));
      expect(said.at(-1)).toContain(ANSWER);

      // Withdraw, with a reason and a confirmation (axe on the dialog); staff see it.
      await page.getByRole('button', { name: w.t('dashboard.withdraw.open'), exact: true }).click();
      await page.getByRole('textbox', { name: w.t('dashboard.withdraw.reason') }).fill(REASON);
      await page.getByRole('button', { name: w.t('dashboard.withdraw.submit'), exact: true }).click();
      const dialog = page.getByRole('dialog', {
        name: w.t('dashboard.withdraw.confirm_title', { reference_number: reference }),
      });
      await dialog.waitFor();
      await w.settled();
      await axeCheck(page);
      await dialog.getByRole('button', { name: w.t('dashboard.withdraw.confirm'), exact: true }).click();
      await page.getByText(w.t('dashboard.withdraw.done')).first().waitFor();
      const seen = await staff<StaffApplication>('get_application', { reference_number: reference });
      expect(seen.status).toBe('withdrawn');
      expect(JSON.stringify(seen)).toContain(REASON);
      expect(errors).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    'Swahili: a draft is withdrawn from the wizard, with a reason and a confirmation, and forgotten here',
    async () => {
      const lng: Lng = 'sw';
      const { page, errors } = await newPage({ language: lng, viewport: SMALL_PHONE });
      const w = new Wizard(page, lng);
      await page.goto('/home/maintenance');
      await w.onStep('personal');
      await personalWithPassport(w, 'Zuhura', 'Bakari');
      await w.button('save_later').click();
      await w.heading2(w.t('wizard.saved.title')).waitFor();
      const reference = (await page.locator('#reference-number').textContent())!.trim();

      await page.getByRole('button', { name: w.t('wizard.withdraw.open'), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: w.t('wizard.withdraw.title', { reference_number: reference }) });
      await dialog.waitFor();
      // No reason: refused in the dialog, nothing sent.
      const withdrawals: unknown[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/api/application/withdraw_draft')) withdrawals.push(r.postDataJSON());
      });
      await dialog.getByRole('button', { name: w.t('wizard.withdraw.confirm'), exact: true }).click();
      await dialog.getByText(w.t('wizard.withdraw.reason_required')).waitFor();
      expect(withdrawals).toEqual([]);
      const reason = dialog.getByRole('textbox', { name: w.t('wizard.withdraw.reason') });
      expect(await reason.evaluate((e) => e === document.activeElement)).toBe(true);
      await w.settled();
      await axeCheck(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SMALL_PHONE.width);

      await reason.fill('Nimeamua kujenga mwaka ujao.');
      await dialog.getByRole('button', { name: w.t('wizard.withdraw.confirm'), exact: true }).click();
      await w.heading2(w.t('wizard.withdraw.done_title')).waitFor();
      await page.getByText(w.t('wizard.withdraw.done', { reference_number: reference })).waitFor();
      expect(withdrawals).toEqual([{ reference_number: reference, reason: 'Nimeamua kujenga mwaka ujao.' }]);
      await axeCheck(page);
      // Forgotten in this browser: nothing reopens it.
      expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(reference);
      const seen = await staff<StaffApplication>('get_application', { reference_number: reference });
      expect(seen.status).toBe('withdrawn');

      expect(errors).toEqual([]);

      // Continue says it was withdrawn (the browser logs the 409 it expects, and nothing else).
      await page.goto('/home/continue');
      await page.getByRole('textbox', { name: w.t('continue.reference'), exact: true }).fill(reference);
      await page.getByRole('button', { name: w.t('continue.send_code'), exact: true }).click();
      await page.getByText(tr(lng, 'api:application_withdrawn')).first().waitFor();
      expect(errors).toEqual([expect.stringMatching(/status of 409 .*\/api\/application\/continue_application/)]);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
