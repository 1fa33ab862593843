import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Splash } from '../../src/shared/reference-data';
import { callApi } from './browser';
import { axeFindings, collectErrors, languageContext, launch, stillness } from './accessibility-helpers';
import { documentsFor, engineerCode, fileFor, JOURNEY_TIMEOUT_MS, pageReference, tableRows } from './journey-helpers';
import { tr } from './locales';

/**
 * A new building applied for with the keyboard alone: once the page is open, only Tab, Shift+Tab,
 * Enter, Space, the arrow keys and typing (the files come through the file chooser the upload button
 * opens). Every element the focus reaches must show it (an outline, a shadow or the field's focused
 * border, not only a ripple) and must not be hidden under something else (WCAG 2.4.7, 2.4.11); after
 * each move to another step the focus is on its heading, after a refused step on the error summary.
 */

const lng = 'en';
const t = (key: string, params?: Record<string, string | number>) => tr(lng, key, params);
const title = (key: string) => t(`forms:${key}.title`);

/** The engineer no other browser test asks a code of (one code a minute per engineer). */
const ENGINEER = 12;

interface Focus {
  what: string;
  problem: string | null;
}

/**
 * What has the focus, and what is wrong with how it shows: nothing focused, no indicator, or hidden
 * under another element. An indicator is an outline or box shadow on the element or on the MUI control
 * it belongs to (a radio's button, a button's focus-visible state), or the 2 px border of a focused field.
 */
async function probeFocus(): Promise<Focus> {
  // After the browser has scrolled the element into view.
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const element = document.activeElement as HTMLElement | null;
  if (!element || element === document.body || element === document.documentElement)
    return { what: 'body', problem: 'the focus is lost (on the page itself)' };
  const label = (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim();
  const what = `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}> "${label.slice(0, 50)}"`;
  const shows = (e: Element) => {
    const style = getComputedStyle(e);
    return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1) || style.boxShadow !== 'none';
  };
  const control = element.closest('.Mui-focusVisible');
  const field = element.closest('.Mui-focused')?.querySelector('.MuiOutlinedInput-notchedOutline');
  const indicated =
    shows(element) ||
    (control !== null && shows(control)) ||
    (!!field && parseFloat(getComputedStyle(field).borderTopWidth) >= 2);
  if (!indicated) return { what, problem: 'no visible focus indicator' };
  const box = (element.closest('.MuiButtonBase-root, .MuiInputBase-root') ?? element).getBoundingClientRect();
  const points: [number, number][] = [
    [box.left + box.width / 2, box.top + box.height / 2],
    [box.left + 2, box.top + 2],
    [box.right - 2, box.top + 2],
    [box.left + 2, box.bottom - 2],
    [box.right - 2, box.bottom - 2],
  ];
  const owner = element.closest('.MuiButtonBase-root, .MuiInputBase-root') ?? element;
  const seen = points.some(([x, y]) => {
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return !!hit && (owner.contains(hit) || hit.contains(owner));
  });
  if (seen) return { what, problem: null };
  const centre = document.elementFromPoint(points[0]![0], points[0]![1]);
  const over = centre ? `<${centre.tagName.toLowerCase()} class="${centre.className}">` : 'nothing';
  const where = `${Math.round(box.left)},${Math.round(box.top)} ${Math.round(box.width)}×${Math.round(box.height)}`;
  return { what, problem: `hidden under another element or off the screen (at ${where}, under ${over})` };
}

/** The applicant at the keyboard: every move a key press, the focus checked after each. */
class Keyboard {
  readonly problems: string[] = [];
  presses = 0;

  constructor(readonly page: Page) {}

  async press(key: string): Promise<void> {
    await this.page.keyboard.press(key);
    this.presses++;
  }

  async type(text: string): Promise<void> {
    await this.page.keyboard.type(text);
  }

  async focus(): Promise<Focus> {
    return this.page.evaluate(probeFocus);
  }

  /** Notes a focus problem (all are listed at the end). */
  async checkFocus(when: string): Promise<Focus> {
    const focus = await this.focus();
    if (focus.problem) this.problems.push(`${when}: ${focus.what}: ${focus.problem}`);
    return focus;
  }

  async has(target: Locator): Promise<boolean> {
    return target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement));
  }

  /** Tab (or Shift+Tab, when the target comes before the focus) until `target` or something in it has the focus. */
  async tabTo(target: Locator, what: string, max = 80): Promise<void> {
    await target.waitFor();
    for (let i = 0; i < max; i++) {
      if (await this.has(target)) return;
      const backwards = await target.evaluate((element) => {
        const active = document.activeElement;
        if (!active || active === document.body) return false;
        return (element.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
      });
      await this.press(backwards ? 'Shift+Tab' : 'Tab');
      await this.checkFocus(`Tab towards ${what}`);
    }
    throw new Error(`${what}: not reached in ${max} presses of Tab; the focus is on ${(await this.focus()).what}`);
  }

  /** Into a text field, then type. */
  async fill(target: Locator, what: string, text: string): Promise<void> {
    await this.tabTo(target, what);
    await this.type(text);
  }

  /** To a button or link, then Enter. */
  async activate(target: Locator, what: string): Promise<void> {
    await this.tabTo(target, what);
    await this.press('Enter');
  }

  /** Into a radio group (Tab stops once in it), then the arrow keys (which check) or Space to the option. */
  async radio(group: Locator, option: string, what: string): Promise<void> {
    await this.tabTo(group, what);
    const radio = group.getByRole('radio', { name: option, exact: true });
    for (let i = 0; i < 12; i++) {
      if (await this.has(radio)) {
        if (!(await radio.isChecked())) await this.press('Space');
        expect(await radio.isChecked(), `${what}: ${option}`).toBe(true);
        return;
      }
      await this.press('ArrowDown');
    }
    throw new Error(`${what}: the arrow keys did not reach "${option}"`);
  }

  /** A drop-down list (the browser's own): the arrow keys move its choice until it is the option; the focus stays. */
  async select(combobox: Locator, option: string, what: string): Promise<void> {
    await this.tabTo(combobox, what);
    const chosen = () => combobox.evaluate((list: HTMLSelectElement) => list.selectedOptions[0]?.textContent ?? '');
    for (let i = 0; i < 100; i++) {
      if ((await chosen()) === option) {
        await this.checkFocus(`${what}: "${option}" chosen`);
        expect(await this.has(combobox), `${what}: the focus on the list`).toBe(true);
        return;
      }
      await this.press('ArrowDown');
    }
    throw new Error(`${what}: "${option}" not reached with the arrow keys`);
  }
}

let browser: Browser;
let splash: Splash;

beforeAll(async () => {
  [browser, splash] = await Promise.all([launch(), callApi<Splash>('/splash/get_splash')]);
});
afterAll(async () => {
  await browser?.close();
});

describe('the keyboard alone', () => {
  test(
    'a new building: ZanID, engineer code, a refused step and its error summary, floors, materials, uploads, review, Submit',
    async () => {
      const engineer = splash.engineers[ENGINEER]!;
      const context = await languageContext(browser, lng);
      const page = await context.newPage();
      const errors = collectErrors(page);
      const settle = stillness(page);
      const k = new Keyboard(page);
      const heading2 = (text: string) => page.getByRole('heading', { level: 2, name: text, exact: true });
      const button = (name: string) => page.getByRole('button', { name, exact: true });
      const textbox = (key: string) => page.getByRole('textbox', { name: title(key), exact: true });
      const number = (key: string, scope: Page | Locator = page) =>
        scope.getByRole('spinbutton', { name: title(key), exact: true });
      const group = (key: string) => page.getByRole('radiogroup', { name: title(key), exact: true });
      const combobox = (key: string, scope: Page | Locator = page) =>
        scope.getByRole('combobox', { name: title(key), exact: true });
      const row = (key: string, n: number, scope: Page | Locator = page) => tableRows(scope, lng, key).nth(n - 1);
      const saveAndContinue = () => k.activate(button(t('wizard.buttons.save_and_continue')), 'Save And Continue');

      /** After a move to another step: its heading has the focus (and shows it). */
      const onStep = async (key: string) => {
        await heading2(title(key)).waitFor();
        // Until the step's parts loaded on their own have come (its yes/no and number fields, on a loaded
        // machine later than the step): the focus is then checked on the step as it stays, not on one
        // that grows above a field just tabbed to (a run saw the ward field pushed off the screen so).
        await settle();
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.id), {
            message: `the focus on the heading of ${key}`,
          })
          .toBe('step-title');
        expect((await k.checkFocus(`the heading of ${key}`)).what).toContain(title(key));
      };

      try {
        await page.goto('/home/new');
        await heading2(title('personal')).waitFor();
        await settle();

        // The first Tab: the skip link, shown; Enter moves the focus to the main content.
        await k.press('Tab');
        const skip = page.getByRole('link', { name: t('app.skip_to_content'), exact: true });
        expect(await k.has(skip)).toBe(true);
        expect((await k.checkFocus('the skip link')).problem).toBeNull();
        await k.press('Enter');
        await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');

        // Personal details, with the ZanID verified by its button.
        await k.radio(
          group('personal.identification_type'),
          t('forms:personal.identification_type.options.zanid'),
          'identification type',
        );
        await k.fill(textbox('personal.zan_id'), 'ZanID', '190012345');
        await k.activate(button(t('wizard.zanid.verify')), 'Verify ID');
        const verified = page.getByRole('alert').filter({
          hasText: t('wizard.zanid.verified', { name: 'Amina Khamis Makame' }),
        });
        await verified.waitFor();
        // The button is gone: the focus is on what replaced it, the verified name.
        await expect.poll(() => k.has(verified), { message: 'the focus after Verify ID' }).toBe(true);
        await k.checkFocus('after Verify ID');
        expect(await textbox('personal.first_name').inputValue()).toBe('Amina');
        await k.fill(textbox('personal.phone'), 'phone', '0777123456');
        await k.fill(textbox('personal.email'), 'email', 'amina.makame@example.com');
        await k.fill(textbox('personal.address'), 'address', 'P.O. Box 1234, Zanzibar');
        await k.fill(textbox('personal.street'), 'street', 'Mlandege');
        await saveAndContinue();

        // The engineer: Send code, the code from the engineer (Enter confirms it).
        await onStep('engineer');
        await k.fill(textbox('engineer.engineer_id'), 'engineer', engineer.registration_number.toLowerCase());
        await k.activate(button(t('wizard.engineer.send')), 'Send code');
        const code = page.getByRole('textbox', { name: t('wizard.engineer.code'), exact: true });
        await code.waitFor();
        await expect.poll(() => k.has(code), { message: 'the focus in the code after Send code' }).toBe(true);
        await k.checkFocus('after Send code');
        await k.type(await engineerCode(engineer, await pageReference(page)));
        await k.press('Enter');
        const confirmed = page.getByRole('alert').filter({ hasText: t('wizard.engineer.confirmed') });
        await confirmed.waitFor();
        await expect.poll(() => k.has(confirmed), { message: 'the focus after the code' }).toBe(true);
        await k.checkFocus('after the code is confirmed');
        await saveAndContinue();

        // Construction: refused empty, the summary focused; its link leads to the field (then Shift+Tab back up).
        await onStep('construction');
        await saveAndContinue();
        const summary = page.getByRole('alert').filter({ has: page.locator('#error-summary-title') });
        await summary.waitFor();
        await expect.poll(() => k.has(summary), { message: 'the focus on the error summary' }).toBe(true);
        await k.checkFocus('the error summary');
        expect((await axeFindings(page)).blocking).toEqual([]);
        const required = t('validation:required');
        await k.activate(
          page.getByRole('link', { name: `${title('construction.land_area_m2')}: ${required}`, exact: true }),
          'the summary link to the plot area',
        );
        await expect.poll(() => k.has(number('construction.land_area_m2'))).toBe(true);
        await k.type('450');
        await k.fill(textbox('construction.building_type_description'), 'building type', 'A family house');
        await k.select(
          combobox('construction.current_land_use'),
          t('forms:construction.current_land_use.options.residential'),
          'land use',
        );
        // Required yes/no questions start unanswered (issue 17): each is answered.
        for (const key of ['land_use_change_needed', 'equipment_space_needed', 'multiple_buildings'])
          await k.radio(group(`construction.${key}`), t('wizard.rjsf.NoLabel'), key);
        await k.radio(group('construction.has_storeys'), t('wizard.rjsf.YesLabel'), 'storeys');
        await k.fill(number('construction.storey_count'), 'storey count', '1');
        await k.fill(textbox('construction.shehia'), 'shehia', 'Mlandege');
        await k.fill(textbox('construction.ward'), 'ward', 'Mjini');
        await k.fill(textbox('construction.plot_number'), 'plot number', 'MJ/12/345');
        await saveAndContinue();

        // Floor areas: a row per floor is there, with a room row in each.
        await onStep('construction_details');
        for (const floor of [1, 2]) {
          const room = row('construction_details.floors.rooms', 1, row('construction_details.floors', floor));
          const name = splash.rooms[floor - 1]!.name.en;
          await k.select(combobox('construction_details.floors.rooms.room', room), name, `floor ${floor} room`);
          await k.fill(number('construction_details.floors.rooms.area_m2', room), `floor ${floor} area`, '40');
          await k.fill(
            number('construction_details.floors.rooms.percent_covered', room),
            `floor ${floor} covered`,
            '25',
          );
        }
        await saveAndContinue();

        // Water, drainage and power.
        await onStep('building');
        await k.radio(
          group('building.clean_water_source'),
          t('forms:building.clean_water_source.options.public_supply'),
          'water source',
        );
        await k.fill(textbox('building.rain_drainage_plan'), 'rain drainage', 'Gutters to a soak pit');
        await k.fill(textbox('building.domestic_wastewater_plan'), 'wastewater', 'Septic tank and soak pit');
        for (const key of ['ridge_needed', 'power_needed'])
          await k.radio(group(`building.${key}`), t('wizard.rjsf.NoLabel'), key);
        await saveAndContinue();

        // Building materials: a row of each required table.
        await onStep('building_details');
        const tables = [
          ['foundation', splash.foundation_tools],
          ['wall', splash.wall_tools],
          ['roof', splash.roof_tools],
          ['entry', splash.entry_tools],
        ] as const;
        for (const [table, items] of tables) {
          const first = row(`building_details.${table}`, 1);
          await k.select(combobox(`building_details.${table}.name`, first), items[0]!.name.en, `${table} material`);
          await k.fill(number(`building_details.${table}.quantity`, first), `${table} quantity`, '10');
        }
        await k.fill(number('building_details.approximate_cost_tzs'), 'cost', '85000000');
        await saveAndContinue();

        // Documents: Enter on each upload button opens the file chooser.
        await onStep('uploads');
        for (const document of documentsFor(splash, { storeys: 1 })) {
          const name = document.name.en;
          const chooser = page.waitForEvent('filechooser');
          await k.activate(button(t('wizard.uploads.choose', { document: name })), `upload ${document.code}`);
          await (await chooser).setFiles(fileFor(document));
          const replace = button(t('wizard.uploads.replace', { document: name }));
          await replace.waitFor();
          // Uploaded: the focus is still on the document's button, now Replace.
          expect(await k.has(replace), `the focus after uploading ${document.code}`).toBe(true);
        }
        await settle();
        await saveAndContinue();

        // The review, then Submit: the success message takes the focus.
        await heading2(t('wizard.review.title')).waitFor();
        await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('step-title');
        await k.checkFocus('the review heading');
        await page.getByText('Mlandege', { exact: true }).first().waitFor();
        const reference = await page.evaluate(() => localStorage.getItem('reference_number'));
        expect(reference).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
        // The declaration: Space ticks a checkbox.
        await k.tabTo(page.getByRole('checkbox', { name: t('wizard.declaration.label') }), 'the declaration');
        await k.press('Space');
        await k.activate(button(t('wizard.buttons.submit')), 'Submit');
        const done = page.getByRole('status').filter({
          hasText: t('wizard.submitted.final', { reference_number: reference! }),
        });
        await done.waitFor();
        await expect.poll(() => k.has(done), { message: 'the focus on the success message' }).toBe(true);
        await k.checkFocus('the success message');
        await page.waitForURL('**/home/request_options', { timeout: 15_000 });

        expect(k.problems, 'focus not visible, lost or hidden').toEqual([]);
        expect(errors).toEqual([]);
        console.info(`[keyboard] the application took ${k.presses} key presses (typing aside)`);
      } finally {
        await context.close();
      }
    },
    JOURNEY_TIMEOUT_MS,
  );
});
