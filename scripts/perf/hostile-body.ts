// One hostile request against the running server: a 100 KiB body of empty floor rows sent again and
// again, while /healthz is asked meanwhile. The goal: refused in ≤ 20 ms, health unaffected.
import { sleep } from './common';

export interface HostileBodyResult {
  body_kib: number;
  sent: number;
  statuses: Record<string, number>;
  /** How long the server took to refuse each hostile body (ms). */
  answer_ms: { median: number; max: number };
  /** How long /healthz waited meanwhile, and alone before (ms). */
  health_ms: { alone_median: number; during_median: number; during_max: number };
}

const ROUNDS = 40;

/** 100 KiB of construction details that are nothing but empty floor rows: one 422 per request, at most 50 errors. */
function hostileBody(bytes: number): string {
  const body = (rows: number) =>
    JSON.stringify({ application_type: 'new', step_number: 4, data: { floors: Array(rows).fill({}) } });
  return body(Math.floor((bytes - body(0).length) / 3));
}

export const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;

export async function timedFetch(url: string, init?: RequestInit): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const res = await fetch(url, init);
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

export async function hostileBodyRun(url: string): Promise<HostileBodyResult> {
  const body = hostileBody(100 * 1024);
  const health = () => timedFetch(`${url}/healthz`);
  const alone: number[] = [];
  for (let i = 0; i < 20; i++) alone.push((await health()).ms);

  const answers: number[] = [];
  const statuses: Record<string, number> = {};
  const during: number[] = [];
  let attacking = true;
  const asker = (async () => {
    while (attacking) {
      during.push((await health()).ms);
      await sleep(2);
    }
  })();
  for (let i = 0; i < ROUNDS; i++) {
    const answer = await timedFetch(`${url}/api/application/save_and_continue`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body,
    });
    answers.push(answer.ms);
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  }
  attacking = false;
  await asker;
  return {
    body_kib: Math.round(body.length / 1024),
    sent: ROUNDS,
    statuses,
    answer_ms: { median: median(answers), max: Math.max(...answers) },
    health_ms: { alone_median: median(alone), during_median: median(during), during_max: Math.max(...during) },
  };
}
