// `npm run forms:preview -- [folder] [--flow <type>]… [--lang en|sw]… [--url <portal>]`: a screenshot
// of every step of every flow in both languages at phone width (360 px), each step filled with the
// flow's sample answers (schemas/samples), for review by policy staff and testers. Not a test: it
// writes <folder>/<flow>-<lng>-<nn>-<step>.png (default forms-preview/, git-ignored) and the review.
//
// Each flow's sample is saved as a draft through the API (the engineer confirmed with the code from the
// SMS outbox, each named document uploaded as a small file), then opened with Continue in Debian's
// Chromium and each step's tab photographed. Without --url it starts the built portal (npm run build
// first) on a fresh database with the development tools on; with --url it uses a running portal that
// has them on (DEV_TOOLS=1).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { readSamples } from '../src/server/forms/sample-files';
import {
  fillPlaceholders,
  sampleSteps,
  sampleUploads,
  SAMPLE_ENGINEER_TOKEN,
  type FlowSamples,
  type ReferenceLists,
} from '../src/shared/form-samples';
import type { EngineersPage } from '../src/shared/api/engineers';
import type { FormsDocument } from '../src/shared/forms';
import type { Engineer, Splash } from '../src/shared/reference-data';
import { LANGUAGE_COOKIE } from '../src/shared/served-page';
import { APPLICATION_TYPES, type ApplicationType } from '../src/shared/wizard-driver';
import { CHROMIUM, root } from './page-bytes';
import { startPortal, type Portal } from './portal-process';

type Lng = 'en' | 'sw';
const LANGUAGES: Lng[] = ['en', 'sw'];
/** Phone width: the narrowest phones in use, where a form is hardest to read. */
export const PREVIEW_VIEWPORT = { width: 360, height: 780 };

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The portal's API, with the draft cookies of the drafts made here (as the browser that made them). */
class Api {
  readonly cookies = new Map<string, string>();
  constructor(readonly url: string) {}

  private cookieHeader(): Record<string, string> {
    const pairs = [...this.cookies].map(([name, value]) => `${name}=${value}`);
    return pairs.length > 0 ? { Cookie: pairs.join('; ') } : {};
  }

  private keep(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const match = /^((?:__Host-)?kibali_draft_[2-9A-Z]{10})=([^;]*)/.exec(line);
      if (match) this.cookies.set(match[1]!, match[2]!);
    }
  }

  async call<T>(call: string, body: unknown = {}, lng: Lng = 'en'): Promise<T> {
    const res = await fetch(`${this.url}/api${call}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': lng, ...this.cookieHeader() },
      body: JSON.stringify(body),
    });
    this.keep(res);
    const payload = (await res.json()) as { response?: { code: number; message: string; data: T } };
    if (payload.response?.code !== 200)
      throw new Error(`${call} answered ${payload.response?.code ?? res.status}: ${payload.response?.message ?? ''}`);
    return payload.response.data;
  }

  forms(): Promise<FormsDocument> {
    return this.call<FormsDocument>('/forms/get_forms');
  }

  /** Every engineer of the public list, with the phone a code goes to (get_splash names them without). */
  async engineers(): Promise<Engineer[]> {
    const all: Engineer[] = [];
    for (let page = 1; ; page++) {
      const found = await this.call<EngineersPage>('/engineer/get_engineers', { page, page_size: 100 });
      all.push(...found.items);
      if (found.items.length === 0 || all.length >= found.total) return all;
    }
  }

  async upload(reference: string, code: string, pdf: boolean): Promise<string> {
    const form = new FormData();
    form.append('reference_number', reference);
    form.append('document_type', code);
    const file = pdf
      ? { data: PDF, type: 'application/pdf', name: `${code}.pdf` }
      : { data: PNG, type: 'image/png', name: `${code}.png` };
    form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
    const res = await fetch(`${this.url}/api/attachment/upload`, {
      method: 'POST',
      body: form,
      headers: this.cookieHeader(),
    });
    const payload = (await res.json()) as {
      response: { code: number; message: string; data: { attachment_id: string } };
    };
    if (payload.response.code !== 200)
      throw new Error(`Uploading ${code} answered ${payload.response.code}: ${payload.response.message}`);
    return payload.response.data.attachment_id;
  }

  /** The code in the newest SMS of the outbox that `matches`, not taken from `what` itself. */
  async code(matches: (sms: { phone: string; message: string }) => boolean, what: string): Promise<string> {
    for (let tries = 0; tries < 50; tries++) {
      const messages = await this.call<{ phone: string; message: string }[]>('/dev/outbox');
      const code = /\b(\d{4,8})\b/.exec((messages.find(matches)?.message ?? '').replaceAll(what, ''))?.[1];
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`No code in the SMS outbox for ${what} (are the development tools on?)`);
  }
}

/** The flow's sample saved as a draft, every step (the review opens on it); answers its reference number. */
async function saveSample(
  api: Api,
  forms: FormsDocument,
  splash: Splash,
  samples: FlowSamples,
  type: ApplicationType,
  lng: Lng,
  engineer: Engineer,
): Promise<string> {
  const steps = sampleSteps(forms, type, samples, splash as unknown as ReferenceLists, {
    engineer: { engineer_id: engineer.registration_number },
  });
  let reference: string | undefined;
  for (const [i, { step, answers }] of steps.entries()) {
    let data = answers;
    if (JSON.stringify(answers).includes(SAMPLE_ENGINEER_TOKEN)) {
      if (!reference) throw new Error(`The engineer step "${step}" cannot be the first`);
      await api.call('/engineer/send_otp', { engineer_id: engineer.registration_number, reference_number: reference });
      const otp = await api.code((sms) => sms.phone === engineer.mobile, engineer.registration_number);
      const { validation_token } = await api.call<{ validation_token: string }>('/engineer/validate_otp', {
        engineer_id: engineer.registration_number,
        otp,
        reference_number: reference,
      });
      data = fillPlaceholders(answers, { engineerToken: validation_token });
    }
    const codes = sampleUploads(answers);
    if (codes.length > 0) {
      if (!reference) throw new Error(`The uploads step "${step}" cannot be the first`);
      const attachments: Record<string, string> = {};
      for (const code of codes) {
        const rule = forms.documents.find((d) => d.id === code);
        attachments[code] = await api.upload(reference, code, !rule || rule.accept.includes('application/pdf'));
      }
      data = fillPlaceholders(data, { attachments });
    }
    const saved = await api.call<{ reference_number: string }>(
      '/application/save_and_continue',
      { application_type: type, step_number: i + 1, data, ...(reference ? { reference_number: reference } : {}) },
      lng,
    );
    reference = saved.reference_number;
  }
  if (!reference) throw new Error(`The ${type} flow has no steps`);
  return reference;
}

const text = (forms: FormsDocument, lng: Lng, key: string): string => {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], forms.texts[lng]);
  if (typeof value !== 'string') throw new Error(`No ${lng} text ${key}`);
  return value;
};

/** Opens the draft with Continue in `lng` and photographs each step of the flow; answers the files written. */
async function photograph(
  browser: Browser,
  api: Api,
  forms: FormsDocument,
  type: ApplicationType,
  lng: Lng,
  reference: string,
  out: string,
): Promise<string[]> {
  const context = await browser.newContext({ baseURL: api.url, viewport: PREVIEW_VIEWPORT, locale: 'en-GB' });
  try {
    await context.addInitScript((language) => {
      if (!sessionStorage.getItem('language')) sessionStorage.setItem('language', language);
    }, lng);
    await context.addCookies([{ name: LANGUAGE_COOKIE, value: lng, url: api.url }]);
    // Continue as the page does it: the code sent to the applicant, the draft's cookie with the answer.
    const challenge = await api.call<{ challenge_id: string }>('/application/continue_application', {
      reference_number: reference,
    });
    const code = await api.code((sms) => sms.message.includes(reference), reference);
    const data = await api.call('/application/verify_code', { challenge_id: challenge.challenge_id, code }, lng);
    const name = `kibali_draft_${reference.replace(/[\s-]/g, '')}`;
    const value = api.cookies.get(name) ?? api.cookies.get(`__Host-${name}`);
    if (value)
      await context.addCookies([
        { name, value, domain: new URL(api.url).hostname, path: '/api', httpOnly: true, sameSite: 'Strict' },
      ]);
    const page = await context.newPage();
    await page.goto('/home/landing');
    await page.evaluate(
      ([answer, number]) => {
        sessionStorage.setItem('continue_data', JSON.stringify(answer));
        localStorage.setItem('reference_number', number);
      },
      [data, reference] as const,
    );
    const files: string[] = [];
    for (const [i, step] of forms.flows[type].entries()) {
      const title = text(forms, lng, `${step}.title`);
      // Every step saved: the continue form opens on the review, whose "Change <step>" opens the step
      // (at phone width there is no row of steps to click).
      await page.goto('/home/continue_form');
      const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      await page.getByRole('button', { name: new RegExp(` ${escaped}$`) }).click();
      await page.getByRole('heading', { level: 2, name: title, exact: true }).waitFor();
      // Once the fonts are in and nothing moves: the picture is of the page at rest.
      await page.evaluate(() => document.fonts.ready);
      await page.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
            .map((a) => a.finished.catch(() => undefined)),
        ),
      );
      const file = path.join(out, `${type}-${lng}-${String(i + 1).padStart(2, '0')}-${step}.png`);
      writeFileSync(file, await page.screenshot({ fullPage: true }));
      files.push(file);
    }
    return files;
  } finally {
    await context.close();
  }
}

export interface PreviewOptions {
  out: string;
  flows: ApplicationType[];
  languages: Lng[];
  /** A running portal with the development tools on; without, the built portal is started. */
  url?: string;
  log?: (line: string) => void;
}

export async function formsPreview(options: PreviewOptions): Promise<string[]> {
  const log = options.log ?? (() => {});
  let portal: Portal | undefined;
  if (!options.url) {
    if (!existsSync(path.join(root, 'dist/server/main.js')))
      throw new Error('The portal is not built: run npm run build first (or give --url of a running portal).');
    portal = await startPortal({ RATE_LIMIT_FACTOR: '100' });
  }
  const api = new Api(options.url ?? portal!.url);
  const browser = await chromium.launch(CHROMIUM);
  try {
    mkdirSync(options.out, { recursive: true });
    const [forms, splash, samples, registry] = await Promise.all([
      api.forms(),
      api.call<Splash>('/splash/get_splash'),
      readSamples(path.join(root, 'schemas')),
      api.engineers(),
    ]);
    const files: string[] = [];
    // One engineer per draft, from the end of the list: each takes one code a minute.
    let engineers = registry.length;
    for (const type of options.flows) {
      for (const lng of options.languages) {
        const engineer = registry[--engineers % registry.length]!;
        const reference = await saveSample(api, forms, splash, samples, type, lng, engineer);
        const written = await photograph(browser, api, forms, type, lng, reference, options.out);
        written.forEach((file) => log(`  ${path.relative(process.cwd(), file)}`));
        files.push(...written);
      }
    }
    return files;
  } finally {
    await browser.close();
    await portal?.stop();
  }
}

if (import.meta.filename === process.argv[1] || process.argv[1]?.endsWith('forms-preview.ts')) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      flow: { type: 'string', multiple: true },
      lang: { type: 'string', multiple: true },
      url: { type: 'string' },
    },
  });
  const flows = (values.flow ?? [...APPLICATION_TYPES]) as ApplicationType[];
  const languages = (values.lang ?? LANGUAGES) as Lng[];
  const wrong = [
    ...flows.filter((f) => !(APPLICATION_TYPES as readonly string[]).includes(f)),
    ...languages.filter((l) => !LANGUAGES.includes(l)),
  ];
  if (wrong.length > 0) {
    console.error(
      `Unknown flow or language: ${wrong.join(', ')} (flows: ${APPLICATION_TYPES.join(', ')}; languages: en, sw)`,
    );
    process.exit(2);
  }
  const out = path.resolve(positionals[0] ?? 'forms-preview');
  console.log(`Screenshots of ${flows.join(', ')} in ${languages.join(' and ')}, 360 px wide, into ${out}:`);
  try {
    const files = await formsPreview({
      out,
      flows,
      languages,
      ...(values.url ? { url: values.url } : {}),
      log: console.log,
    });
    console.log(`${files.length} screenshots written.`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
