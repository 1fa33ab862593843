import { readFile } from 'node:fs/promises';
import jsQR from 'jsqr';
import { PDFParse } from 'pdf-parse';
import { PNG } from 'pngjs';
import { describe, expect, test } from 'vitest';
import type { ChangeRound } from '../../src/shared/api/change-requests';
import { todayIso } from '../../src/shared/dashboard';
import { completeDraft, openContinued, type Applicant } from './accessibility-helpers';
import { axeCheck, callApi, SMALL_PHONE, staff, useBrowser } from './browser';
import { getSplash, JOURNEY_TIMEOUT_MS, signIn, Wizard } from './journey-helpers';
import { tr, type Lng } from './locales';

// Issue 19: life after Submit, in Swahili at 360 px. Returned with a request for changes, answered on
// the dashboard with the wizard's own form, approved, an invoice paid by its control number through the
// payment simulator, the permit downloaded as a PDF and its QR code opened on the public verify page.

const { newPage } = useBrowser();
/** A demo ZanID (seed) and a phone no other browser test uses. */
const JUMA: Applicant = { zanId: '190023456', first: 'Juma', middle: 'Ali', last: 'Haji', phone: '0777901234' };
const run = Date.now().toString().slice(-8);
const PERMIT_NUMBER = `ZDCU/AS/${run}`;
const REQUEST_REMARK = 'Eleza ni kuta zipi zitapakwa rangi, na kwa rangi gani.';
const NEW_DESCRIPTION = 'Kupaka rangi kuta za ndani za vyumba vitatu na sebule, kwa rangi ya maji isiyo na risasi.';
const NOTE = 'Nimeeleza kazi kwa undani zaidi.';
const CONDITION = 'Work only between 07:00 and 18:00.';

const daysAfter = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

interface StaffApplication {
  status: string;
  change_rounds: ChangeRound[];
}

/** The URL in the first QR code of a PDF (pdf-parse gives each image as PNG; jsQR reads its pixels). */
async function qrLinkOf(pdf: Buffer): Promise<{ text: string; link: string }> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const { text } = await parser.getText();
    const images = await parser.getImage();
    for (const image of images.pages.flatMap((p) => p.images)) {
      const png = PNG.sync.read(Buffer.from(image.data));
      const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
      if (code) return { text, link: code.data };
    }
    throw new Error('no QR code in the permit');
  } finally {
    await parser.destroy();
  }
}

describe('after Submit, in Swahili at 360 px', () => {
  test(
    'returned with a request, answered, approved, paid by control number, the permit downloaded and verified',
    async () => {
      const lng: Lng = 'sw';
      const t = (key: string, params?: Record<string, string | number>) => tr(lng, key, params);
      const splash = await getSplash();
      const reference = await completeDraft('repair', JUMA, splash, undefined, lng);
      const { page, errors } = await newPage({ language: lng, viewport: SMALL_PHONE });
      const w = new Wizard(page, lng);

      // Before Submit: the fee estimate, with how it was computed.
      await openContinued(page, reference);
      await w.onReview();
      await page.getByRole('table', { name: t('fees.caption') }).waitFor();
      await page.getByRole('checkbox', { name: t('wizard.declaration.label') }).check();
      await w.button('submit').click();
      await page.getByText(t('wizard.submitted.final', { reference_number: reference })).waitFor();

      // The officer returns it with one request: the repair step's description, in five working days.
      await staff('set_status', { reference_number: reference, status: 'under_review' });
      await staff('return_for_changes', {
        reference_number: reference,
        deadline_working_days: 5,
        requests: [{ kind: 'step', step: 'repair', fields: ['repair_description'], remark: REQUEST_REMARK }],
      });

      // The applicant signs in and answers it on the dashboard, with the wizard's own form.
      await page.goto('/home/login');
      await signIn(page, lng, reference);
      const checklist = page.getByRole('list', { name: t('dashboard.changes.checklist') });
      await checklist.getByText(t('dashboard.changes.remark', { remark: REQUEST_REMARK })).waitFor();
      await checklist.getByText(t('dashboard.changes.not_done')).waitFor();
      await axeCheck(page);
      await checklist
        .getByRole('link', { name: t('dashboard.changes.change_step', { step: w.title('repair') }) })
        .click();
      await page.getByRole('heading', { name: t('dashboard.changes.editing', { step: w.title('repair') }) }).waitFor();
      await w.textbox('repair.repair_description').fill(NEW_DESCRIPTION);
      await axeCheck(page);
      await w.button('save_and_continue').click();
      await checklist.getByText(t('dashboard.changes.done')).waitFor();
      await page.getByRole('textbox', { name: t('dashboard.changes.note') }).fill(NOTE);
      await page.getByRole('button', { name: t('dashboard.changes.resubmit'), exact: true }).click();
      await expect
        .poll(async () => (await staff<StaffApplication>('get_application', { reference_number: reference })).status)
        .toBe('submitted');
      const [round] = (await staff<StaffApplication>('get_application', { reference_number: reference })).change_rounds;
      expect(round).toMatchObject({ status: 'resubmitted', note: NOTE });
      expect(JSON.stringify(round)).toContain(NEW_DESCRIPTION);

      // Approved; an invoice whose bill the payment gateway (the simulator) numbers at once.
      await staff('set_status', { reference_number: reference, status: 'under_review' });
      await staff('set_status', { reference_number: reference, status: 'approved' });
      const invoice = await staff<{ control_number: string | null; amount_tzs: number }>('add_invoice', {
        reference_number: reference,
        amount_tzs: 30000,
        amount_reason: 'Set by the unit for this test.',
        due_date: daysAfter(todayIso(), 14),
        description: 'Ada ya kibali',
      });
      expect(invoice.control_number).toMatch(/^\d{6,20}$/);
      await page.goto('/dashboard/application?tab=invoices');
      await page.getByText(invoice.control_number!, { exact: true }).waitFor();
      await axeCheck(page);

      // Paid by mobile money through the simulator: a signed notice marks it paid; a receipt comes.
      await callApi('/dev/pay_simulated', { control_number: invoice.control_number });
      await page.reload();
      await page.getByText(t('dashboard.invoices.status.paid'), { exact: true }).waitFor();
      await page
        .getByRole('region', { name: t('dashboard.invoices.receipts') })
        .getByRole('button')
        .first()
        .waitFor();

      // The permit: issued, downloaded from the Permit tab, its QR code read back.
      const today = todayIso();
      await staff('issue_permit', {
        reference_number: reference,
        permit_number: PERMIT_NUMBER,
        approved_use: 'Residential house',
        valid_from: today,
        valid_until: daysAfter(today, 365),
        conditions: [CONDITION],
      });
      await page.goto('/dashboard/application?tab=permit');
      const downloadButton = page.getByRole('button', {
        name: t('dashboard.permits.download', { permit_number: PERMIT_NUMBER }),
      });
      await axeCheck(page);
      const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
      const pdf = await readFile(await download.path());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const { text, link } = await qrLinkOf(pdf);
      expect(text).toContain(PERMIT_NUMBER);
      expect(text).toContain(CONDITION);
      const verify = new URL(link);
      expect(verify.pathname).toBe(`/home/verify/${encodeURIComponent(PERMIT_NUMBER)}`);
      expect(verify.searchParams.get('s')).toBeTruthy();

      // The QR code opened: the public verify page says the permit is valid and the link genuine.
      await page.goto(`${verify.pathname}${verify.search}`);
      await page.getByText(t('verify:status.valid'), { exact: true }).waitFor();
      await page.getByText(t('verify:signature.valid')).waitFor();
      await axeCheck(page);
      // The same link with another signature: the page warns that the document may be forged.
      await page.goto(`${verify.pathname}?s=${'A'.repeat(verify.searchParams.get('s')!.length)}`);
      await page.getByText(t('verify:signature.mismatch_title')).waitFor();
      expect(errors).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
