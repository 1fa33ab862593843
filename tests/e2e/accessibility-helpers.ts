import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import {
  fillPlaceholders,
  sampleSteps,
  sampleUploads,
  SAMPLE_ENGINEER_TOKEN,
  type ReferenceLists,
} from '../../src/shared/form-samples';
import type { FormsDocument } from '../../src/shared/forms';
import type { RequiredDocument, Splash, SplashEngineer } from '../../src/shared/reference-data';
import { flowSamples } from '../fixtures/step-samples';
import { CHROMIUM } from '../../scripts/page-bytes';
import { axeViolations, callApi, draftCookieFor, draftCookieOf, keepLanguage } from './browser';
import { engineerCode, fileFor, smsCode } from './journey-helpers';
import type { Lng } from './locales';

/**
 * The accessibility suites' own tools: one browser and one context per language for a whole file
 * (the journeys' useBrowser opens a context per test), axe with its findings split by impact, the
 * accessible name of every control, and drafts saved through the API to reach every wizard step.
 */

export function launch(): Promise<Browser> {
  return chromium.launch(CHROMIUM);
}

/** A browser session in `lng` (sessionStorage 'language', as the app keeps it), on the portal or another server. */
export async function languageContext(
  browser: Browser,
  lng: Lng,
  baseURL: string = inject('baseUrl'),
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
  await keepLanguage(context, lng, baseURL);
  return context;
}

/** Console errors and uncaught errors of a page, for `expect(errors).toEqual([])`. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  return errors;
}

export { stillness } from './page-stillness';

export interface AxeFindings {
  /** Serious and critical violations: each fails the check. */
  blocking: string[];
  /** Moderate and minor ones: said in the output only. */
  info: string[];
}

/** axe (WCAG 2.0–2.2 A and AA) on the page as it is now. */
export async function axeFindings(page: Page): Promise<AxeFindings> {
  const violations = await axeViolations(page);
  const describe = (v: (typeof violations)[number]) => {
    const targets = v.nodes.slice(0, 3).map((node) => JSON.stringify(node.target));
    const more = v.nodes.length > 3 ? ` and ${v.nodes.length - 3} more` : '';
    return `${v.id} (${v.impact}): ${v.help} at ${targets.join(', ')}${more}`;
  };
  const serious = (v: (typeof violations)[number]) => v.impact === 'serious' || v.impact === 'critical';
  return {
    blocking: violations.filter(serious).map(describe),
    info: violations.filter((v) => !serious(v)).map(describe),
  };
}

/** Roles of controls: every one of them needs a name a screen reader can say. */
const CONTROL_ROLES = new Set([
  'button',
  'link',
  'textbox',
  'searchbox',
  'combobox',
  'listbox',
  'checkbox',
  'radio',
  'tab',
  'switch',
  'spinbutton',
  'slider',
  'menuitem',
  'option',
]);

export interface Control {
  role: string;
  name: string;
  /** Where it is, for a message: its tag, id and classes. */
  where: string;
}

interface AXNode {
  ignored: boolean;
  role?: { value: string };
  name?: { value: string };
  backendDOMNodeId?: number;
}

/**
 * Every control of the page as the browser's accessibility tree has it (button, link, input, select,
 * textarea and the ARIA roles of controls), with its computed accessible name.
 */
export async function controls(page: Page): Promise<Control[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] };
    const found: Control[] = [];
    for (const node of nodes) {
      const role = node.role?.value ?? '';
      if (node.ignored || !CONTROL_ROLES.has(role)) continue;
      const name = (node.name?.value ?? '').replace(/\s+/g, ' ').trim();
      let where = '';
      if (!name && node.backendDOMNodeId !== undefined) {
        const { node: dom } = (await cdp.send('DOM.describeNode', { backendNodeId: node.backendDOMNodeId })) as {
          node: { localName: string; attributes?: string[] };
        };
        const attributes = dom.attributes ?? [];
        const attribute = (wanted: string) => attributes[attributes.indexOf(wanted) + 1] ?? '';
        where = `<${dom.localName} id="${attributes.includes('id') ? attribute('id') : ''}" class="${
          attributes.includes('class') ? attribute('class') : ''
        }">`;
      }
      found.push({ role, name, where });
    }
    return found;
  } finally {
    await cdp.detach();
  }
}

/**
 * Names that several buttons of the page share ('Remove ×7'): a list of the page's buttons cannot tell
 * them apart. Links are left out: most that share a name lead to the same place (FAQ in the menu and in
 * the footer).
 */
export function repeatedNames(found: Control[]): string[] {
  const counts = new Map<string, number>();
  for (const control of found)
    if (control.role === 'button' && control.name) counts.set(control.name, (counts.get(control.name) ?? 0) + 1);
  return [...counts].filter(([, n]) => n > 1).map(([name, n]) => `"${name}" ×${n}`);
}

/**
 * Headings more than one level below the one before them (an h6 after an h2): screen-reader users move
 * through a page by its outline of headings, and a sentence marked up as a heading breaks it.
 */
export function skippedHeadings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    let previous = 0;
    for (const heading of document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role=heading]')) {
      if ((heading as HTMLElement).closest('[aria-hidden=true]') || !(heading as HTMLElement).offsetParent) continue;
      const level = Number(heading.getAttribute('aria-level') ?? heading.tagName.slice(1));
      if (previous > 0 && level > previous + 1)
        found.push(`h${level} after h${previous}: "${(heading.textContent ?? '').trim().slice(0, 60)}"`);
      previous = level;
    }
    return found;
  });
}

/** The controls without a name, as messages. */
export const unnamed = (found: Control[]) =>
  found.filter((control) => control.name === '').map((control) => `${control.role} ${control.where}`);

// ---------------------------------------------------------------------------------------------------
// English left on Swahili pages.

type Tree = { [key: string]: unknown };
const localesDir = path.resolve(import.meta.dirname, '../../locales');

function leaves(tree: unknown, prefix: string, out: Map<string, string>): void {
  if (typeof tree === 'string') out.set(prefix, tree);
  else if (Array.isArray(tree)) tree.forEach((item, i) => leaves(item, `${prefix}.${i}`, out));
  else if (tree && typeof tree === 'object')
    for (const [key, value] of Object.entries(tree as Tree)) leaves(value, prefix ? `${prefix}.${key}` : key, out);
}

/** Namespaces of the form studio (its own build, for staff): never on the portal's public pages. */
const STUDIO_NAMESPACES = new Set(['studio.json', 'checks.json']);

/** Every text of the portal's public pages in `lng`, by namespace and key. */
function allTexts(lng: Lng): Map<string, string> {
  const out = new Map<string, string>();
  const files = readdirSync(path.join(localesDir, lng)).filter((f) => f.endsWith('.json') && !STUDIO_NAMESPACES.has(f));
  for (const file of files) {
    const tree = JSON.parse(readFileSync(path.join(localesDir, lng, file), 'utf8')) as Tree;
    leaves(tree, file.replace(/\.json$/, ''), out);
  }
  return out;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface EnglishMatcher {
  key: string;
  english: string;
  test: (name: string) => boolean;
}

/**
 * A matcher per English text of the locales (and of the reference lists) whose Swahili text differs:
 * such a text on a Swahili page is English left untranslated. Placeholders match anything; templates
 * with fewer than four letters of their own (e.g. '{{page}} | Kibali') are left out, they match too much.
 */
export function englishMatchers(splash: Splash, builtIn: Record<string, string> = {}): EnglishMatcher[] {
  const en = allTexts('en');
  const sw = allTexts('sw');
  const pairs: [string, string, string][] = [...en].map(([key, text]) => [key, text, sw.get(key) ?? '']);
  // A library's own English (RJSF's buttons and labels), '%1' its placeholder: never right on a Swahili page.
  for (const [key, text] of Object.entries(builtIn)) pairs.push([key, text.replace(/%\d/g, '{{value}}'), '']);
  for (const [list, items] of Object.entries(splash)) {
    if (!Array.isArray(items)) continue;
    for (const item of items as { name?: unknown }[]) {
      const name = item.name as { en?: string; sw?: string } | undefined;
      if (typeof name?.en === 'string' && typeof name.sw === 'string') pairs.push([`splash.${list}`, name.en, name.sw]);
    }
  }
  const matchers: EnglishMatcher[] = [];
  for (const [key, english, swahili] of pairs) {
    if (english === swahili) continue;
    const literal = english.replace(/\{\{\s*\w+\s*\}\}/g, '');
    if (literal !== english && (literal.match(/\p{L}/gu) ?? []).length < 4) continue;
    const pattern = new RegExp(
      `^${english
        .split(/\{\{\s*\w+\s*\}\}/)
        .map(escapeRegExp)
        .join('.+')}$`,
      'su',
    );
    matchers.push({ key, english, test: (name) => pattern.test(name) });
  }
  return matchers;
}

/** The names of a Swahili page that are an English text of the portal, with the key it comes from. */
export function englishOn(names: string[], matchers: EnglishMatcher[]): string[] {
  const found: string[] = [];
  for (const name of new Set(names)) {
    const match = matchers.find((m) => m.test(name));
    if (match) found.push(`"${name}" (${match.key})`);
  }
  return found;
}

/** Names the same in both languages that are data, not UI text: numbers, codes, emails, the language names. */
export function isDataOrProperNoun(name: string, allowed: Set<string>): boolean {
  if (allowed.has(name)) return true;
  if (!/\p{L}/u.test(name)) return true;
  if (/^[A-Z0-9]{5}-[A-Z0-9]{5}$/.test(name) || /@/.test(name) || /^[A-Z]{3}\/\d{4}/.test(name)) return true;
  return false;
}

// ---------------------------------------------------------------------------------------------------
// Drafts through the API: every step of a flow saved, so that the continue form can open any of them.

export interface Applicant {
  zanId: string;
  first: string;
  middle: string;
  last: string;
  phone: string;
}

/** The engineer step confirmed for real: send_otp, the code from the outbox, validate_otp. */
async function confirmedEngineer(engineer: SplashEngineer, reference_number: string): Promise<Record<string, unknown>> {
  await callApi('/engineer/send_otp', { engineer_id: engineer.registration_number, reference_number });
  const answer = await callApi<{ validation_token: string }>('/engineer/validate_otp', {
    engineer_id: engineer.registration_number,
    otp: await engineerCode(engineer, reference_number),
    reference_number,
  });
  return { engineer_id: engineer.registration_number, validation_token: answer.validation_token };
}

/** Uploads a tiny real file for each document to the draft; answers the attachment id of each. */
async function uploaded(reference: string, documents: RequiredDocument[]): Promise<Record<string, string>> {
  const named: Record<string, string> = {};
  for (const document of documents) {
    const file = fileFor(document);
    const form = new FormData();
    form.append('reference_number', reference);
    form.append('document_type', document.code);
    form.append('file', new Blob([file.buffer], { type: file.mimeType }), file.name);
    const res = await fetch(`${inject('baseUrl')}/api/attachment/upload`, {
      method: 'POST',
      body: form,
      headers: draftCookieFor({ reference_number: reference }),
    });
    const body = (await res.json()) as { response: { code: number; data: { attachment_id: string } } };
    if (body.response.code !== 200) throw new Error(`Uploading ${document.code} answered ${body.response.code}`);
    named[document.code] = body.response.data.attachment_id;
  }
  return named;
}

export type WizardType = 'new' | 'government' | 'repair' | 'special';

/** The forms the server serves (get_forms): the flows and the schemas the samples are saved against. */
async function servedForms(): Promise<FormsDocument> {
  return callApi<FormsDocument>('/forms/get_forms');
}

/**
 * A draft of `type` with every step saved through save_and_continue, from the flow's sample answers
 * (schemas/samples) with `who` as the applicant, the engineer confirmed by SMS code and each document
 * the sample names uploaded: the continue form opens it on the review and can show any step. Answers
 * its reference number.
 */
export async function completeDraft(
  type: WizardType,
  who: Applicant,
  splash: Splash,
  engineer: SplashEngineer | undefined,
  lng: Lng,
  /** Answers of some steps to use instead of the sample's (e.g. longer ones), by step and field. */
  answers: Record<string, Record<string, unknown>> = {},
): Promise<string> {
  const forms = await servedForms();
  const applicant = {
    identification_type: 'zanid',
    zan_id: who.zanId,
    first_name: who.first,
    middle_name: who.middle,
    last_name: who.last,
    phone: who.phone,
  };
  const steps = sampleSteps(forms, type, flowSamples, splash as unknown as ReferenceLists, {
    ...answers,
    personal: { ...applicant, ...answers.personal },
    ...(engineer ? { engineer: { engineer_id: engineer.registration_number } } : {}),
  });
  const documents = [
    ...splash.normal_attachments,
    ...splash.not_more_than_three_attachments,
    ...splash.more_than_three_attachments,
  ];
  let reference: string | undefined;
  for (const [i, { answers }] of steps.entries()) {
    let data = answers;
    if (JSON.stringify(answers).includes(SAMPLE_ENGINEER_TOKEN)) {
      if (!engineer) throw new Error(`The ${type} flow asks for an engineer`);
      data = { ...answers, ...(await confirmedEngineer(engineer, reference!)) };
    }
    const codes = sampleUploads(answers);
    if (codes.length > 0) {
      const named = codes.map((code) => documents.find((d) => d.code === code)!);
      data = fillPlaceholders(answers, { attachments: await uploaded(reference!, named) });
    }
    const saved = await callApi<{ reference_number: string }>(
      '/application/save_and_continue',
      { application_type: type, step_number: i + 1, data, reference_number: reference },
      lng,
    );
    reference = saved.reference_number;
  }
  return reference!;
}

/** The continue data verify_code answers for a draft (continue_application, then the SMS code). */
export async function continueData(reference: string): Promise<unknown> {
  const challenge = await callApi<{ challenge_id: string }>('/application/continue_application', {
    reference_number: reference,
  });
  return callApi('/application/verify_code', { challenge_id: challenge.challenge_id, code: await smsCode(reference) });
}

/** The page opened on the continue form of `reference`, as verify_code would have left it. */
export async function openContinued(page: Page, reference: string): Promise<void> {
  const data = await continueData(reference);
  const cookie = draftCookieOf(reference)!;
  await page
    .context()
    .addCookies([
      { ...cookie, domain: new URL(inject('baseUrl')).hostname, path: '/api', httpOnly: true, sameSite: 'Strict' },
    ]);
  await page.goto('/home/landing');
  await page.evaluate(
    ([answer, number]) => {
      sessionStorage.setItem('continue_data', JSON.stringify(answer));
      localStorage.setItem('reference_number', number);
    },
    [data, reference] as const,
  );
  await page.goto('/home/continue_form');
}
