// A hostile published step (issue 31, item 1): the repair step's street given the "words separated by
// spaces" pattern ^([a-zA-Z0-9]+\s?)+$, which a backtracking engine takes 2^n steps to refuse on n
// letters and a "!" (31 of them held a server 18 s). Published on the server's first start (FORMS_DIR),
// with the maxLength of 200 the checker requires; then a draft's saves with the worst answers, at
// lengths up to that limit, while /healthz is asked meanwhile. Goal: each answered in ≤ 50 ms, health unaffected.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stepSample } from '../../tests/fixtures/step-samples';
import { root, sleep } from './common';
import { median, timedFetch } from './hostile-body';
import { draftCookie, personal } from './load-data';
import { startKibali } from './processes';
import { startSmsGateway } from './sms-gateway';

export const HOSTILE_PATTERN = '^([a-zA-Z0-9]+\\s?)+$';
/** The answers' lengths: the issue's 31 characters, then up to the checker's limit of 200. */
const LENGTHS = [31, 50, 100, 200];
const ROUNDS = 10;
export const HOSTILE_STEP_GOAL_MS = 50;

export interface HostileStepResult {
  pattern: string;
  lengths: number[];
  sent: number;
  statuses: Record<string, number>;
  /** How long each save with a hostile answer took to answer (ms), by length and over all. */
  answer_ms: { median: number; max: number; max_by_length: Record<string, number> };
  /** The same saves with an answer any engine refuses at once ("!" first): what a refused save costs anyway. */
  ordinary_ms: { median: number; max: number };
  /** How long /healthz waited meanwhile, and alone before (ms). */
  health_ms: { alone_median: number; during_median: number; during_max: number };
  load_average: { start: number; end: number };
}

/** A copy of schemas/ whose repair step's street has the hostile pattern. */
function hostileForms(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kibali-hostile-forms-'));
  cpSync(path.join(root, 'schemas'), dir, { recursive: true });
  const file = path.join(dir, 'steps/repair.schema.json');
  const schema = JSON.parse(readFileSync(file, 'utf8')) as { properties: Record<string, object> };
  schema.properties.street_village = {
    type: 'string',
    title: 'repair.street_village.title',
    minLength: 1,
    maxLength: 200,
    pattern: HOSTILE_PATTERN,
  };
  writeFileSync(file, JSON.stringify(schema, null, 2));
  return dir;
}

async function save(url: string, body: unknown, cookie?: string) {
  return fetch(`${url}/api/application/save_and_continue`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** The hostile step published on a server of its own (PGlite), and saves against it. */
export async function hostileStepRun(): Promise<HostileStepResult> {
  const formsDir = hostileForms();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kibali-hostile-step-data-'));
  const sms = await startSmsGateway();
  const server = await startKibali({ dataDir, smsGatewayUrl: sms.url, logLevel: 'warn', formsDir });
  try {
    const first = await save(server.url, { application_type: 'repair', step_number: 1, data: personal(1) });
    const cookie = draftCookie(first.headers.getSetCookie());
    const reference = ((await first.json()) as { response: { data: { reference_number?: string } } }).response.data
      .reference_number;
    if (first.status !== 200 || !reference) throw new Error(`the repair draft was not made (${first.status})`);
    const body = (street: string) =>
      JSON.stringify({
        application_type: 'repair',
        step_number: 2,
        data: { ...stepSample('repair ok (affects neighbours)'), street_village: street },
        reference_number: reference,
      });
    const health = () => timedFetch(`${server.url}/healthz`);
    const timedSave = (street: string) =>
      timedFetch(`${server.url}/api/application/save_and_continue`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'en', ...(cookie ? { cookie } : {}) },
        body: body(street),
      });
    // The first save compiles the step's validator: not what is measured.
    await timedSave('Shangani');
    const loadAtStart = os.loadavg()[0]!;
    const ordinary: number[] = [];
    for (const length of LENGTHS)
      for (let i = 0; i < ROUNDS; i++) ordinary.push((await timedSave(`!${'a'.repeat(length - 1)}`)).ms);
    const alone: number[] = [];
    for (let i = 0; i < 20; i++) alone.push((await health()).ms);

    const answers: number[] = [];
    const byLength: Record<string, number> = {};
    const statuses: Record<string, number> = {};
    const during: number[] = [];
    let attacking = true;
    const asker = (async () => {
      while (attacking) {
        during.push((await health()).ms);
        await sleep(2);
      }
    })();
    for (const length of LENGTHS)
      for (let i = 0; i < ROUNDS; i++) {
        const answer = await timedSave(`${'a'.repeat(length - 1)}!`);
        answers.push(answer.ms);
        byLength[length] = Math.max(byLength[length] ?? 0, answer.ms);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      }
    attacking = false;
    await asker;
    return {
      pattern: HOSTILE_PATTERN,
      lengths: LENGTHS,
      sent: answers.length,
      statuses,
      answer_ms: { median: median(answers), max: Math.max(...answers), max_by_length: byLength },
      ordinary_ms: { median: median(ordinary), max: Math.max(...ordinary) },
      health_ms: { alone_median: median(alone), during_median: median(during), during_max: Math.max(...during) },
      load_average: { start: loadAtStart, end: os.loadavg()[0]! },
    };
  } finally {
    await server.stop();
    await sms.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(formsDir, { recursive: true, force: true });
  }
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

/** Its goal: every hostile save answered (422) in ≤ 50 ms, /healthz within 5 ms of its median alone. */
export function hostileStepGoal(r: HostileStepResult) {
  const unaffected = r.health_ms.during_median <= r.health_ms.alone_median + 5;
  return {
    what: `saves against a published step with the pattern \`${r.pattern}\` (answers of ${r.lengths.join(', ')} characters), and /healthz meanwhile`,
    goal: `worst answer ≤ ${HOSTILE_STEP_GOAL_MS} ms, health unaffected`,
    result:
      `answered (${Object.keys(r.statuses).join(', ')}) in ${ms(r.answer_ms.median)}, worst ${ms(r.answer_ms.max)}; ` +
      `/healthz ${ms(r.health_ms.during_median)} meanwhile (max ${ms(r.health_ms.during_max)}), ${ms(r.health_ms.alone_median)} alone`,
    met: r.answer_ms.max <= HOSTILE_STEP_GOAL_MS && unaffected && !r.statuses['200'] && !r.statuses['500'],
  };
}

export function hostileStepLines(r: HostileStepResult): string[] {
  return [
    '## A hostile published step',
    '',
    `The repair step's street published with the pattern \`${r.pattern}\` (maxLength 200, as the checker requires), on a server of its own (PGlite); ${r.sent} saves of a draft whose street is n letters and a "!" (a backtracking engine tries 2^n ways), ${ROUNDS} per length, while /healthz is asked every 2 ms. The server runs patterns on RE2 (re2js).`,
    '',
    `- Answers (${Object.entries(r.statuses)
      .map(([status, n]) => `${n} × ${status}`)
      .join(', ')}): median ${ms(r.answer_ms.median)}, worst ${ms(r.answer_ms.max)}; worst by length: ${Object.entries(
      r.answer_ms.max_by_length,
    )
      .map(([length, n]) => `${length} → ${ms(n)}`)
      .join(', ')}`,
    `- The same saves with an answer refused at once by any engine ("!" first): median ${ms(r.ordinary_ms.median)}, worst ${ms(r.ordinary_ms.max)}`,
    `- /healthz: ${ms(r.health_ms.alone_median)} alone, ${ms(r.health_ms.during_median)} meanwhile (max ${ms(r.health_ms.during_max)})`,
    `- Load average (1 min) ${r.load_average.start.toFixed(1)} before and ${r.load_average.end.toFixed(1)} after, on ${os.cpus().length} cores: other work on the machine slows every timing.`,
  ];
}
