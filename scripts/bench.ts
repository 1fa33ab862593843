// `npm run bench`: what an applicant on a cheap phone waits for, measured, never asserted.
// Writes bench/RESULTS.md and bench/results.json. Started with the wizard (issue 3); issue 5 extends it.
// The server runs with development tools (DEV_TOOLS=1) so that the SMS codes can be read from its outbox:
// the largest step is reached with a draft built through the API and opened by Continue.
import { execSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { expectedFloors } from '../src/shared/cross-step-rules';
import { stepSample } from '../tests/fixtures/step-samples';
import type { EngineersPage } from '../src/shared/api/engineers';
import type { Splash } from '../src/shared/reference-data';
import { CHROMIUM, GOALS, LIMITS, measureBudgetPages } from './page-bytes';
import { startPortal } from './portal-process';
import { serverParts, serverPartsLines } from './perf/bench-parts';
import { mark } from './perf/report';

const root = path.resolve(import.meta.dirname, '..');
const CPU_SLOWDOWN = 4;
const KEYSTROKES = 40;
/** The issue's goals for the largest step: rendered (Next) in 250 ms, keystroke p90 50 ms. */
const RENDER_GOAL_MS = 250;
const KEYSTROKE_GOAL_MS = 50;
const RUNS = 3;
/** The flow measured, and the storeys of its building (as the step samples and the journey tests have). */
const FLOW = 'new';
const STOREYS = 2;
/** The step a Continue opens at: every step before it is saved through the API. */
const OPEN_AT = 'building_details';
/** The field typed into on the largest step: a free-text one in its first table (else its first text box). */
const TYPED_FIELD: Record<string, string> = {
  building_details: 'root_foundation_0_other',
  construction_details: 'root_floors_0_rooms_0_area_m2',
};

/**
 * BENCH_CLIENT_PROF=<dir>: the page's CPU profile (DevTools' .cpuprofile, with the CPU slowdown) while
 * the largest step opens with Next and while it is typed into, to see where a slow phone's time goes.
 * The bench then builds the client unminified, so that the functions keep their names.
 */
function clientProfiler(cdp: CDPSession) {
  const dir = process.env.BENCH_CLIENT_PROF;
  return async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    if (!dir) return run();
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const result = await run();
    const { profile } = await cdp.send('Profiler.stop');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    return result;
  };
}

/** The cookies the API set (a draft's, which its later calls must carry), sent back as a browser does. */
const cookies = new Map<string, string>();

/** Calls the API as the client does; the envelope's data, or an error with the code and message. */
async function api<T>(url: string, route: string, body: unknown = {}): Promise<T> {
  const res = await fetch(`${url}/api${route}`, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'Accept-Language': 'en',
      ...(cookies.size > 0 ? { Cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') } : {}),
    },
    body: JSON.stringify(body),
  });
  for (const cookie of res.headers.getSetCookie()) {
    const pair = cookie.split(';')[0]!;
    const at = pair.indexOf('=');
    if (at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1));
  }
  const payload = (await res.json()) as { response: { code: number; message: string; data: T } };
  if (payload.response.code !== 200)
    throw new Error(
      `${route} answered ${payload.response.code}: ${payload.response.message} ${JSON.stringify(payload.response.data)}`,
    );
  return payload.response.data;
}

/**
 * The code in the newest SMS of the outbox sent to `phone` (and naming `text`), the text itself left out;
 * asked again for up to 5 s, as the page's call that sends it may still be on its way.
 */
async function codeFromOutbox(url: string, phone: string, text = ''): Promise<string> {
  let messages: { phone: string; message: string }[] = [];
  for (let tries = 0; tries < 50; tries++) {
    messages = await api<{ phone: string; message: string }[]>(url, '/dev/outbox');
    const sms = messages.find((m) => m.phone === phone && m.message.includes(text));
    const code = /\b(\d{4,8})\b/.exec((sms?.message ?? '').replace(text, ''))?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No code in the outbox for ${phone} ${text}: ${JSON.stringify(messages.slice(0, 3))}`);
}

/**
 * A draft of the flow saved up to the step before `OPEN_AT` with Save And Continue, with valid answers:
 * the step samples, the engineer confirmed by the code from the outbox, and a floor row per floor with
 * one room (as the wizard opens the floor areas for a new application). Answers its reference number
 * and the phone the Continue code goes to.
 */
async function buildDraft(url: string, steps: readonly string[], splash: Splash) {
  const sample = stepSample;
  // Any engineer: the database is new each run, so none waits for a resend. From the public list, which
  // has the phone the code goes to (get_splash names engineers without their contacts).
  const { items } = await api<EngineersPage>(url, '/engineer/get_engineers', { page: 1, page_size: 100 });
  const engineer = items[Date.now() % items.length]!;
  const answersOf = async (step: string): Promise<Record<string, unknown>> => {
    switch (step) {
      case 'personal':
        return sample('personal ok (passport)');
      case 'engineer': {
        const engineer_id = engineer.registration_number;
        // The code is the draft's: asked for once the first step has made it.
        const reference_number = reference!;
        await api(url, '/engineer/send_otp', { engineer_id, reference_number });
        const otp = await codeFromOutbox(url, engineer.mobile);
        const { validation_token } = await api<{ validation_token: string }>(url, '/engineer/validate_otp', {
          engineer_id,
          otp,
          reference_number,
        });
        return { engineer_id, validation_token };
      }
      case 'construction':
        return { ...sample('construction ok (all conditionals)'), has_storeys: true, storey_count: STOREYS };
      case 'construction_details':
        return {
          floors: expectedFloors(STOREYS).map((floor) => ({
            floor,
            rooms: [{ room: splash.rooms[floor % splash.rooms.length]!.id, area_m2: 40, percent_covered: 25 }],
          })),
        };
      case 'building':
        return sample('building ok (well, power)');
      case 'building_details':
        return sample('building_details ok');
      default:
        throw new Error(`No answers for the step ${step}`);
    }
  };
  let reference: string | undefined;
  for (const [index, step] of steps.slice(0, steps.indexOf(OPEN_AT)).entries()) {
    const saved = await api<{ reference_number: string }>(url, '/application/save_and_continue', {
      application_type: FLOW,
      step_number: index + 1,
      data: await answersOf(step),
      ...(reference ? { reference_number: reference } : {}),
    });
    reference = saved.reference_number;
  }
  return { reference: reference!, phone: String(sample('personal ok (passport)').phone) };
}

/** What a step renders: its fields (a radio group counted once), buttons, DOM elements, its last field. */
const countStep = (page: Page) =>
  page.evaluate(() => {
    const section = document.querySelector('section[aria-labelledby="step-title"]')!;
    const controls = [...section.querySelectorAll<HTMLInputElement>('input, textarea, select, [role=combobox]')].filter(
      (e) => e.getAttribute('aria-hidden') !== 'true' && e.type !== 'hidden',
    );
    const fields = controls.filter((e) => e.type !== 'radio');
    const last = [...controls].reverse().find((e) => e.id.startsWith('root_'));
    return {
      fields: fields.length + section.querySelectorAll('[role=radiogroup]').length,
      buttons: section.querySelectorAll('button').length,
      elements: section.querySelectorAll('*').length,
      last_field: last?.id ?? '',
    };
  });

type StepCount = Awaited<ReturnType<typeof countStep>>;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const english = Object.fromEntries(
  ['common', 'forms'].map((ns) => [
    ns,
    JSON.parse(
      readFileSync(path.join(root, ns === 'forms' ? 'schemas/texts/en.json' : `locales/en/${ns}.json`), 'utf8'),
    ),
  ]),
) as Record<string, unknown>;
/** An English text of the locales, e.g. text('common', 'wizard.buttons.next'). */
const text = (ns: string, key: string) => {
  const found = `${ns}.${key}`
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], english);
  if (typeof found !== 'string') throw new Error(`No English text for ${ns}:${key}`);
  return found;
};

/**
 * The wizard's largest step, on a slow phone: a draft built through the API and opened by Continue; every
 * step it can show counted (fields, buttons, DOM elements); then, with 4× CPU slowdown, the largest step
 * reached with Next and with Save And Continue from the step before it (click → its fields visible), and
 * the latency of each key typed into one of its fields.
 */
async function largestStep(browser: Browser, url: string) {
  const forms = await api<{ flows: Record<string, string[]> }>(url, '/forms/get_forms');
  const splash = await api<Splash>(url, '/splash/get_splash');
  const steps = forms.flows[FLOW]!;
  const { reference, phone } = await buildDraft(url, steps, splash);

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
  await context.addInitScript(() => sessionStorage.setItem('language', 'en'));
  const page = await context.newPage();
  const button = (name: string) => page.getByRole('button', { name, exact: true });
  const wizardButton = (key: string) => button(text('common', `wizard.buttons.${key}`));
  const heading = (step: string) =>
    page.getByRole('heading', { level: 2, name: text('forms', `${step}.title`), exact: true });

  // Continue: the reference number, then the code the outbox "sent" to the draft's phone.
  await page.goto(`${url}/home/continue`);
  await page.locator('#continue-reference').fill(reference);
  await button(text('common', 'continue.send_code')).click();
  await page.locator('#continue-code').fill(await codeFromOutbox(url, phone, reference));
  await button(text('common', 'continue.verify')).click();
  await page.waitForURL('**/home/continue_form');
  await heading(OPEN_AT).waitFor();

  // Each step from the one opened back to the first (Previous), counted; the uploads come after.
  const counts: Record<string, StepCount> = {};
  for (let i = steps.indexOf(OPEN_AT); i >= 0; i--) {
    await heading(steps[i]!).waitFor();
    counts[steps[i]!] = await countStep(page);
    if (i > 0) await wizardButton('previous').click();
  }
  const counted = Object.keys(counts);
  const step = counted.reduce((a, b) =>
    counts[b]!.fields > counts[a]!.fields ||
    (counts[b]!.fields === counts[a]!.fields && counts[b]!.elements > counts[a]!.elements)
      ? b
      : a,
  );
  const before = steps[steps.indexOf(step) - 1]!;
  const shown = (s: string) => [heading(s), page.locator(`[id="${counts[s]!.last_field}"]`)];
  const visible = async (s: string) => {
    for (const locator of shown(s)) await locator.waitFor({ state: 'visible' });
  };
  // Forward with Next (every step before it is saved) to the step before the largest.
  for (let i = 1; i <= steps.indexOf(before); i++) {
    await wizardButton('next').click();
    await visible(steps[i]!);
  }

  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const profiled = clientProfiler(cdp);
  const timed = async (key: 'next' | 'save_and_continue') => {
    const all: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await visible(before);
      const started = performance.now();
      await wizardButton(key).click();
      await visible(step);
      all.push(performance.now() - started);
      await wizardButton('previous').click();
    }
    const sorted = [...all].sort((a, b) => a - b);
    return { median: sorted[Math.floor(sorted.length / 2)]!, all };
  };
  const next = await profiled('next', () => timed('next'));
  const saveAndContinue = await timed('save_and_continue');

  // Typing into one of its fields, as on the first step: key to the next frame.
  await visible(before);
  await wizardButton('next').click();
  await visible(step);
  const fieldId =
    TYPED_FIELD[step] ??
    (await page
      .locator('section[aria-labelledby="step-title"] input[type=text]:not([readonly])')
      .first()
      .getAttribute('id'))!;
  const field = page.locator(`[id="${fieldId}"]`);
  const numeric = (await field.getAttribute('type')) === 'number';
  await field.click();
  const latencies: number[] = [];
  await profiled('typing', async () => {
    for (let i = 0; i < KEYSTROKES; i++) {
      const started = performance.now();
      await page.keyboard.type(numeric ? String((i % 9) + 1) : String.fromCharCode(97 + (i % 26)));
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
      latencies.push(performance.now() - started);
    }
  });
  latencies.sort((a, b) => a - b);
  const typed = (await field.inputValue()).length;
  await context.close();

  const documents =
    splash.normal_attachments.length +
    (STOREYS > 3 ? splash.more_than_three_attachments : splash.not_more_than_three_attachments).length;
  return {
    step,
    before,
    flow: FLOW,
    storeys: STOREYS,
    counts,
    uploads_documents: documents,
    render_next_ms: next,
    render_save_and_continue_ms: saveAndContinue,
    keystroke_field: fieldId,
    keystroke_ms: { p50: percentile(latencies, 50), p90: percentile(latencies, 90), max: latencies.at(-1)!, typed },
  };
}

/** The largest step's part of RESULTS.md: which step and why, then its timings. */
function largestStepLines(largest: Awaited<ReturnType<typeof largestStep>>, ms: (n: number | undefined) => string) {
  const { step, before, counts } = largest;
  const title = (s: string) => `${s} (“${text('forms', `${s}.title`)}”)`;
  const list = (all: number[]) => all.map((r) => ms(r)).join(', ');
  const bd = counts.building_details;
  const cd = counts.construction_details;
  const table = (t: string) => text('forms', `building_details.${t}.title`).toLowerCase();
  // The floor areas grow by a floor row a storey: floor number, one room (type, area, % covered), the floor's two sums.
  const perStorey = 6;
  const passesAt = bd && cd ? largest.storeys + Math.floor((bd.fields - cd.fields) / perStorey) + 1 : 0;
  const why =
    step === 'building_details' && bd && cd
      ? `a new application opens it with one row in each of its four required tables (${['foundation', 'wall', 'roof', 'entry'].map(table).join(', ')}: ` +
        `material, length, width, size, quantity, area and other, 7 fields a row) and the approximate cost; ${table('pillar')} and ${table('beam')} start empty, ` +
        `with their Add buttons. The floor areas (construction_details) have a row per floor (floor number, one room: type, area, % covered, ` +
        `and the floor's two sums) and the two totals: ${cd.fields} fields at ${largest.storeys} storeys, ${perStorey} more a storey, ` +
        `so they pass the building materials' ${bd.fields} from ${passesAt} storeys up${passesAt > 3 ? ' (only a building of more than three storeys)' : ''}.`
      : 'it renders the most fields of the steps counted (on a tie, the most DOM elements).';
  return [
    `## The largest step: ${title(step)}`,
    '',
    `A draft of a ${largest.flow} application with ${largest.storeys} storeys, saved through the API up to the step before ${OPEN_AT} ` +
      '(the engineer confirmed with the code from the development outbox), opened with Continue (reference number, then the SMS code). ' +
      'What each step renders for it, counted in the page (a radio group is one field; buttons include the wizard’s own 3–4):',
    '',
    '| step | fields | buttons | DOM elements |',
    '|---|---|---|---|',
    ...Object.keys(counts)
      .reverse()
      .map((s) => {
        const c = counts[s]!;
        return `| ${s === step ? `**${s}**` : s} | ${c.fields} | ${c.buttons} | ${c.elements} |`;
      }),
    `| uploads (not opened: it opens once ${OPEN_AT} is saved) | ${largest.uploads_documents} documents, a Choose file button each | | |`,
    '',
    `${title(step)} is the largest: ${why}`,
    '',
    `With ${CPU_SLOWDOWN}× CPU slowdown, from the step before it (${title(before)}), click → its heading and last field visible:`,
    '',
    `- Next (no save): median ${ms(largest.render_next_ms.median)} (${list(largest.render_next_ms.all)}); goal: the step rendered in ≤ ${RENDER_GOAL_MS} ms, ${mark(largest.render_next_ms.median <= RENDER_GOAL_MS)}`,
    `- Save And Continue (validates and saves the step before, then opens it): median ${ms(largest.render_save_and_continue_ms.median)} (${list(largest.render_save_and_continue_ms.all)})`,
    `- Typing into \`${largest.keystroke_field}\`, ${KEYSTROKES} keys, key to next frame: p50 ${ms(largest.keystroke_ms.p50)}, p90 ${ms(largest.keystroke_ms.p90)}, max ${ms(largest.keystroke_ms.max)}; goal: p90 ≤ ${KEYSTROKE_GOAL_MS} ms, ${mark(largest.keystroke_ms.p90 <= KEYSTROKE_GOAL_MS)}`,
    '',
    `A text field shows each key at once and tells the form (RJSF) once typing pauses (a quarter of a second), as it is left or as Enter submits: the keys above, typed one a frame, are the field's own; the form's work comes once, after the last.`,
  ];
}

async function main() {
  // Always a fresh build: the bench measures this commit's client and server.
  // Profiling (BENCH_CLIENT_PROF), the client unminified: its functions named in the profiles (its bytes
  // then are not the production ones).
  const build = process.env.BENCH_CLIENT_PROF
    ? 'npx vite build --minify false && npx vite build --ssr src/client/prerender.tsx && npm run build:server'
    : 'npm run build';
  execSync(build, { cwd: root, stdio: 'inherit' });
  const loadAtStart = os.loadavg()[0]!;
  // Development tools on (the outbox); a fresh embedded database each run, so no rate limit, resend wait
  // or engineer confirmation is left over from an earlier run.
  const server = await startPortal();
  const browser = await chromium.launch(CHROMIUM);
  try {
    // The same count as `npm run test:budgets` enforces (scripts/page-bytes.ts).
    const { landing, landingStarted, wizard } = await measureBudgetPages(browser, server.url);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();

    // The wizard in use on a slow phone: 4x CPU slowdown through the DevTools protocol.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const renders: number[] = [];
    for (let i = 0; i < 3; i++) {
      await page.goto(`${server.url}/home/request`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const started = performance.now();
      await page.locator('a[href="/home/new?type=new"]').click();
      await page.locator('#root_first_name').waitFor();
      renders.push(performance.now() - started);
    }
    const field = page.locator('#root_address');
    await field.click();
    const latencies: number[] = [];
    for (let i = 0; i < KEYSTROKES; i++) {
      const started = performance.now();
      await page.keyboard.type(String.fromCharCode(97 + (i % 26)));
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
      latencies.push(performance.now() - started);
    }
    latencies.sort((a, b) => a - b);
    renders.sort((a, b) => a - b);

    const largest = await largestStep(browser, server.url);
    // Lighthouse on this server, then the API under load and memory on servers of their own (scripts/perf).
    // Playwright's Chromium is done (its pages stay open otherwise): closed so that it takes no CPU
    // from Lighthouse's Chromium and the load runs.
    await browser.close();
    const serverResults = await serverParts(server.url);

    const results = {
      date: new Date().toISOString(),
      commit: execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim(),
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
      // Other work on the machine (1-minute load average) slows every timing below.
      load_average: { start: loadAtStart, end: os.loadavg()[0]!, cores: os.cpus().length },
      bytes: { landing, landing_started: landingStarted, wizard_first_step: wizard },
      wizard: {
        cpu_slowdown: CPU_SLOWDOWN,
        first_step_render_ms: { median: renders[1], all: renders },
        keystroke_ms: { p50: percentile(latencies, 50), p90: percentile(latencies, 90), max: latencies.at(-1) },
        largest_step: largest,
      },
      ...serverResults,
    };
    const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
    const ms = (n: number | undefined) => `${(n ?? 0).toFixed(0)} ms`;
    mkdirSync(path.join(root, 'bench'), { recursive: true });
    writeFileSync(path.join(root, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
    writeFileSync(
      path.join(root, 'bench/RESULTS.md'),
      [
        '# Benchmarks',
        '',
        `${results.date} · commit ${results.commit} · ${results.machine}`,
        '',
        `Load average (1 min) ${results.load_average.start.toFixed(1)} at the start and ${results.load_average.end.toFixed(1)} at the end, on ${results.load_average.cores} cores: other work on the machine slows every timing.`,
        '',
        '## Bytes',
        '',
        '| what | JS raw | JS gzip | JS brotli | CSS gzip | CSS brotli | goal (gzip) | enforced limit |',
        '|---|---|---|---|---|---|---|---|',
        `| /home/landing | ${kib(landing.js.raw)} | ${kib(landing.js.gzip)} | ${kib(landing.js.brotli)} | ${kib(landing.css.gzip)} | ${kib(landing.css.brotli)} | JS ≤ ${kib(GOALS.landing_js_gzip)}: ${landing.js.gzip <= GOALS.landing_js_gzip ? 'met' : '**missed**'} | ${kib(LIMITS.landing_js_gzip)} |`,
        `| /home/landing, the app started | ${kib(landingStarted.js.raw)} | ${kib(landingStarted.js.gzip)} | ${kib(landingStarted.js.brotli)} | ${kib(landingStarted.css.gzip)} | ${kib(landingStarted.css.brotli)} | JS ≤ ${kib(GOALS.landing_started_js_gzip)}: ${landingStarted.js.gzip <= GOALS.landing_started_js_gzip ? 'met' : '**missed**'} | ${kib(LIMITS.landing_started_js_gzip)} |`,
        `| /home/new, first step | ${kib(wizard.js.raw)} | ${kib(wizard.js.gzip)} | ${kib(wizard.js.brotli)} | ${kib(wizard.css.gzip)} | ${kib(wizard.css.brotli)} | JS+CSS ≤ ${kib(GOALS.wizard_total_gzip)}: ${wizard.js.gzip + wizard.css.gzip <= GOALS.wizard_total_gzip ? 'met' : '**missed**'} | ${kib(LIMITS.wizard_total_gzip)} |`,
        '',
        '`npm run test:budgets` (part of `npm test`) fails when a page is heavier than its enforced limit (the goal). The stylesheet is the shell’s (`src/client/shell.css`); MUI’s styles are emotion’s, written at run time.',
        '',
        `The wizard with ${CPU_SLOWDOWN}× CPU slowdown (Chromium, DevTools protocol), measured from the test's side (includes ~1–2 ms of protocol round trip):`,
        '',
        `- Request → first step of /home/new rendered: median ${ms(renders[1])} (${renders.map((r) => ms(r)).join(', ')})`,
        `- Typing into a text field, ${KEYSTROKES} keys, key to next frame: p50 ${ms(results.wizard.keystroke_ms.p50)}, p90 ${ms(results.wizard.keystroke_ms.p90)}, max ${ms(results.wizard.keystroke_ms.max)}`,
        '',
        ...largestStepLines(largest, ms),
        '',
        ...serverPartsLines(serverResults),
      ].join('\n'),
    );
    console.log(readFileSync(path.join(root, 'bench/RESULTS.md'), 'utf8'));
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
