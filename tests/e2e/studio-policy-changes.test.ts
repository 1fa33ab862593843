import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { StudioDraftAnswer } from '../../src/shared/api/studio';
import type { FormsDocument } from '../../src/shared/forms';
import type { Splash } from '../../src/shared/reference-data';
import { draftCookieFor, type ServerProcess } from '../faults/server-process';
import { OPTIONAL_DOCUMENT } from '../fixtures/optional-document';
import { withSeededContacts } from '../fixtures/seeded-engineers';
import { stepSample } from '../fixtures/step-samples';
import { useBrowser } from './browser';
import { tr, type Lng } from './locales';
import {
  addQuestion,
  bilingualBox,
  call,
  escapeRegExp,
  callAs,
  navLink,
  openStep,
  previewFrame,
  questionCard,
  saved,
  servedVersion,
  signIn,
  stopStudioServer,
  STUDIO_TIMEOUT_MS,
  studioServer,
  studioText,
  unexpected,
  type StudioServer,
} from './studio-helpers';

/**
 * Issue 16's five policy changes (tests/e2e/forms-published-live.test.ts makes them as files), here
 * made in the studio by a publisher, published once, and seen in the applicant's wizard:
 * 1. a new required field with a format (the title deed number of the construction step);
 * 2. a reworded Swahili label (the street of the personal step);
 * 3. a new optional document for buildings over three storeys;
 * 4. the utilities step (building) added to the repair flow;
 * 5. an optional field removed (the warka number of the construction step).
 * Each is made on the studio's pages, as the officer makes it: nothing goes through its API directly.
 */

const { newPage } = useBrowser();
const PHONE = { width: 360, height: 740 };

const TITLE_DEED = {
  name: 'title_deed_number',
  label: { en: 'Title deed number', sw: 'Namba ya hati miliki' },
  help: {
    en: 'As written on your title deed, for example ZN/12345.',
    sw: 'Kama ilivyoandikwa kwenye hati miliki yako, kwa mfano ZN/12345.',
  },
  pattern: '^[A-Z]{2}/[0-9]{4,6}$',
  description: {
    en: 'two capital letters, a slash and 4 to 6 digits',
    sw: 'herufi kubwa mbili, mkwaju (/) na tarakimu 4 hadi 6',
  },
};
const STREET_SW = 'Mtaa au kijiji unachoishi';
const REPAIR = ['personal', 'repair', 'building', 'uploads'];

describe('issue 16’s five policy changes, made in the studio', () => {
  let running: StudioServer;
  const server = (): ServerProcess => running.server;

  beforeAll(async () => {
    running = await studioServer([['khamis.publisher', 'Khamis Ali', 'policy_publisher']]);
  }, 180_000);
  afterAll(() => stopStudioServer(running));

  /** A new-building draft with its personal and engineer steps saved: the wizard opens it at construction. */
  async function draftAtConstruction(splash: Splash): Promise<{ reference: string; phone: string }> {
    const phone = '0777388001';
    const first = await call<{ reference_number: string }>(server(), '/api/application/save_and_continue', {
      application_type: 'new',
      step_number: 1,
      data: { ...stepSample('personal ok (passport)'), phone },
    });
    const reference = first.reference_number;
    // Its phone is the seed's: the splash names engineers without their contacts.
    const engineer = withSeededContacts(splash.engineers[0]!);
    await call(server(), '/api/engineer/send_otp', {
      engineer_id: engineer.registration_number,
      reference_number: reference,
    });
    const otp = await outboxCode(engineer.mobile, reference);
    const confirmed = await call<{ validation_token: string }>(server(), '/api/engineer/validate_otp', {
      engineer_id: engineer.registration_number,
      otp,
      reference_number: reference,
    });
    await call(server(), '/api/application/save_and_continue', {
      application_type: 'new',
      step_number: 2,
      data: { engineer_id: engineer.registration_number, validation_token: confirmed.validation_token },
      reference_number: reference,
    });
    return { reference, phone };
  }

  async function outboxCode(phone: string, reference: string): Promise<string> {
    const messages = await call<{ phone: string; message: string }[]>(server(), '/api/dev/outbox', {});
    const message = messages.find((sms) => sms.phone === phone && sms.message.includes(reference))?.message ?? '';
    const code = /\b(\d{4,8})\b/.exec(message.replaceAll(reference, ''))?.[1];
    if (!code) throw new Error(`No code for ${reference} to ${phone} in the outbox`);
    return code;
  }

  /** The wizard at a phone's width, on a draft continued as the applicant does it (a code by SMS). */
  async function continuedWizard(lng: Lng, reference: string, phone: string): Promise<Page> {
    const start = await call<{ challenge_id: string }>(server(), '/api/application/continue_application', {
      reference_number: reference,
    });
    const opened = await call<{ reference_number: string; step_number: number }>(
      server(),
      '/api/application/verify_code',
      { challenge_id: start.challenge_id, code: await outboxCode(phone, reference) },
    );
    const { page, context } = await newPage({ language: lng, baseUrl: server().url, viewport: PHONE });
    const [name, value] = draftCookieFor(opened).cookie!.split('=') as [string, string];
    await context.addCookies([{ name, value, url: server().url }]);
    await context.addInitScript((kept) => {
      if (sessionStorage.getItem('continue_data')) return;
      sessionStorage.setItem('continue_data', JSON.stringify(kept));
      sessionStorage.setItem('step_number', String(kept.step_number));
      localStorage.setItem('reference_number', kept.reference_number);
    }, opened);
    await page.goto('/home/continue_form');
    return page;
  }

  /** The optional document, added and described on the documents page as OPTIONAL_DOCUMENT says. */
  async function addOptionalDocument(page: Page, lng: Lng): Promise<void> {
    const doc = OPTIONAL_DOCUMENT;
    await navLink(page, lng, 'nav.documents').click();
    const form = page.getByRole('form', { name: studioText(lng, 'documents.add.heading') });
    await form.getByRole('textbox', { name: studioText(lng, 'documents.add.words') }).fill(doc.name.en);
    await form.getByRole('textbox', { name: studioText(lng, 'documents.add.code') }).fill(doc.id);
    await form.getByRole('button', { name: studioText(lng, 'documents.add.submit'), exact: true }).click();
    const card = page.getByRole('region', {
      name: new RegExp(
        `^${escapeRegExp(studioText(lng, 'documents.heading', { number: 99, title: doc.name.en })).replace('99', '\\d+')}$`,
      ),
    });
    await bilingualBox(card, lng, 'documents.name', 'sw').fill(doc.name.sw);
    await bilingualBox(card, lng, 'documents.help', 'en').fill(doc.help.en);
    await bilingualBox(card, lng, 'documents.help', 'sw').fill(doc.help.sw);
    await card.getByRole('checkbox', { name: studioText(lng, 'documents.kind_jpeg') }).check();
    await card.getByRole('checkbox', { name: studioText(lng, 'documents.kind_png') }).check();
    await card.getByRole('checkbox', { name: studioText(lng, 'flows.new') }).check();
    await card.getByRole('checkbox', { name: studioText(lng, 'flows.government') }).check();
    const condition = (key: string, number: number) => studioText(lng, key, { number });
    await card.getByRole('button', { name: studioText(lng, 'documents.condition_add'), exact: true }).click();
    await card
      .getByRole('combobox', { name: condition('documents.condition_answer', 1) })
      .selectOption('construction.has_storeys');
    await card.getByRole('combobox', { name: condition('documents.condition_value', 1) }).selectOption('true');
    await card.getByRole('button', { name: studioText(lng, 'documents.condition_add'), exact: true }).click();
    await card
      .getByRole('combobox', { name: condition('documents.condition_answer', 2) })
      .selectOption('construction.storey_count');
    await card.getByRole('combobox', { name: condition('documents.condition_op', 2) }).selectOption('above');
    await card.getByRole('spinbutton', { name: condition('documents.condition_value', 2) }).fill('3');
    await saved(card, lng);
  }

  test(
    'made in the studio, published once with a summary, and seen in the wizard',
    async () => {
      const lng: Lng = 'en';
      const publisher = running.users[0]!;
      const { page, context, errors } = await newPage({ baseUrl: server().url, language: lng });
      await signIn(page, publisher, lng);

      // 3. The neighbours' consent letter, on the documents page.
      await addOptionalDocument(page, lng);

      // 4. The utilities step added to the repair flow, on the page of each application type's steps.
      await navLink(page, lng, 'nav.flows').click();
      const repairFlow = page.getByRole('region', { name: studioText(lng, 'flows.repair'), exact: true });
      const flowName = studioText(lng, 'flows.repair');
      await repairFlow
        .getByRole('combobox', { name: studioText(lng, 'flow_editor.add_label', { flow: flowName }) })
        .selectOption('building');
      await repairFlow
        .getByRole('button', { name: studioText(lng, 'flow_editor.add_button_to', { flow: flowName }), exact: true })
        .click();
      // Added last, then moved up before the uploads.
      const building = tr(lng, 'forms:building.title');
      const stepLink = (number: number) =>
        repairFlow.getByRole('link', { name: studioText(lng, 'flow_editor.step', { number, title: building }) });
      await stepLink(4).waitFor();
      await repairFlow
        .getByRole('button', {
          name: studioText(lng, 'flow_editor.up', { title: building, flow: flowName }),
          exact: true,
        })
        .click();
      await stepLink(3).waitFor();
      await expect
        .poll(() =>
          page
            .getByRole('status')
            .filter({ hasText: studioText(lng, 'editor.status.saved') })
            .count(),
        )
        .toBe(1);

      // 5. The warka number removed from the construction step.
      await openStep(page, lng, tr(lng, 'forms:construction.title'));
      const warka = tr('en', 'forms:construction.warka_number.title');
      const warkaCard = questionCard(page, lng, warka);
      await warkaCard
        .getByRole('button', { name: studioText(lng, 'editor.question_remove', { title: warka }), exact: true })
        .click();
      await warkaCard.getByRole('button', { name: studioText(lng, 'editor.remove_yes'), exact: true }).click();
      await warkaCard.waitFor({ state: 'detached' });

      // 1. The title deed number: required, with its format, in both languages.
      const card = await addQuestion(page, lng, TITLE_DEED.label, TITLE_DEED.name);
      await bilingualBox(card, lng, 'editor.label', 'sw').fill(TITLE_DEED.label.sw);
      await bilingualBox(card, lng, 'editor.help', 'en').fill(TITLE_DEED.help.en);
      await bilingualBox(card, lng, 'editor.help', 'sw').fill(TITLE_DEED.help.sw);
      await card.getByRole('checkbox', { name: studioText(lng, 'editor.required') }).check();
      await card.getByRole('combobox', { name: studioText(lng, 'editor.format_label') }).selectOption('custom');
      await bilingualBox(card, lng, 'editor.format_description', 'en').fill(TITLE_DEED.description.en);
      await bilingualBox(card, lng, 'editor.format_description', 'sw').fill(TITLE_DEED.description.sw);
      await card.getByRole('textbox', { name: studioText(lng, 'editor.pattern_label') }).fill(TITLE_DEED.pattern);
      await saved(card, lng);
      await previewFrame(page, lng, 'sw').getByText(TITLE_DEED.label.sw).waitFor();

      // 2. The street's Swahili label reworded.
      await openStep(page, lng, tr(lng, 'forms:personal.title'));
      const streetEn = tr('en', 'forms:personal.street.title');
      const street = questionCard(page, lng, streetEn);
      // A question is shown closed (its summary) until it is opened to edit.
      await street
        .getByRole('button', { name: studioText(lng, 'editor.edit_question', { title: streetEn }), exact: true })
        .click();
      await bilingualBox(street, lng, 'editor.label', 'sw').fill(STREET_SW);
      await saved(street, lng);
      await previewFrame(page, lng, 'sw').getByText(STREET_SW).waitFor();

      // The diff says each of the five; the draft was previewed as it is now; published once.
      const draft = await callAs<StudioDraftAnswer>(context, server(), 'get_draft');
      expect(draft.draft.set.flows.repair).toEqual(REPAIR);
      expect(draft.problems.filter((p) => p.severity === 'error')).toEqual([]);
      await navLink(page, lng, 'nav.diff').click();
      await page.getByText(studioText(lng, 'publish.previewed', { revision: draft.draft.revision })).waitFor();
      const construction = tr(lng, 'forms:construction.title');
      for (const words of [
        studioText(lng, 'changes.question_added_required', { step: construction, label: TITLE_DEED.label.en }),
        STREET_SW,
        studioText(lng, 'changes.document_added', { document: OPTIONAL_DOCUMENT.name.en }),
        studioText(lng, 'changes.flow_changed', { flow: studioText(lng, 'flows.repair') }),
        studioText(lng, 'changes.question_removed', { step: construction, label: warka }),
      ])
        await page.getByRole('listitem').filter({ hasText: words }).first().waitFor();
      await page
        .getByRole('textbox', { name: studioText(lng, 'publish.summary') })
        .fill('Issue 16: title deed, street wording, neighbours’ consent, utilities for repairs, no warka');
      await page.getByRole('button', { name: studioText(lng, 'publish.button'), exact: true }).click();
      await page.getByText(studioText(lng, 'publish.done', { version: 2 })).waitFor();
      expect(unexpected(errors)).toEqual([]);

      // What applicants are served now.
      const forms: FormsDocument = await servedVersion(server(), 2);
      expect(forms.flows.repair).toEqual(REPAIR);
      expect(forms.documents.find((d) => d.id === OPTIONAL_DOCUMENT.id)).toEqual(OPTIONAL_DOCUMENT);

      // The repair wizard in Swahili: four steps now, and the street's new words.
      const repair = await newPage({ language: 'sw', baseUrl: server().url, viewport: PHONE });
      await repair.page.goto('/home/maintenance');
      const personalTitle = tr('sw', 'forms:personal.title');
      await repair.page
        .getByText(tr('sw', 'wizard.progress.step', { step: 1, total: 4, title: personalTitle }), { exact: true })
        .waitFor();
      await repair.page.getByRole('textbox', { name: STREET_SW, exact: true }).waitFor();

      // The construction step of a draft in flight: the title deed asked (with its format), no warka.
      const splash = await call<Splash>(server(), '/api/splash/get_splash', {});
      const { reference, phone } = await draftAtConstruction(splash);
      const wizard = await continuedWizard('en', reference, phone);
      await wizard.getByRole('heading', { level: 2, name: construction, exact: true }).waitFor();
      const deed = wizard.getByRole('textbox', { name: TITLE_DEED.label.en, exact: true });
      await deed.waitFor();
      expect(await wizard.getByRole('textbox', { name: warka }).count()).toBe(0);
      await deed.fill('12345');
      await wizard.getByRole('button', { name: tr('en', 'wizard.buttons.save_and_continue'), exact: true }).click();
      await wizard
        .getByRole('link', { name: `${TITLE_DEED.label.en}: ${tr('en', 'validation:pattern')}`, exact: true })
        .waitFor();
    },
    STUDIO_TIMEOUT_MS,
  );
});
