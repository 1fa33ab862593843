import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database';
import { firstSave, personalStep, repairStep, SAVE, type SaveBody } from './drafts';
import { seededDataDir } from '../support/pglite-template';
import { ADMIN_URL, createDatabase, type ThrowawayDatabase } from './postgres';
import {
  hasDraftCookie,
  cpuMs,
  kill,
  killAll,
  post,
  READY_WITHIN_MS,
  spawnServer,
  waitUntilReady,
  type Answer,
  type ServerProcess,
} from './server-process';

// kill -9 of the server while 1,000 save_and_continue calls are in flight, ten times over, on PGlite
// (a data directory on disk) and on PostgreSQL. After each restart: the server is ready within 10 s
// of being started; every call answered 200 is stored exactly as sent; every draft holds, step by step,
// either what it held before or what was sent to it (never a mix, never broken JSON); no other row
// exists than what was sent. The rows are read from the database itself: on PostgreSQL directly; on
// PGlite from a copy of the data directory taken the moment the server died (the restarted server
// holds the only lock), and a sample of the answered calls is also read back through the restarted
// server's back-office API.

const ROUNDS = 10;
const CALLS = 1000;
/** At most this many of a round's calls change existing drafts; the others make new ones. */
const UPDATES = 600;
/** The kill comes once this many calls of the round have been answered 200 (varied across rounds). */
const KILL_AFTER = [300, 650, 150, 500, 820, 250, 600, 400, 720, 200];
const STAFF_TOKEN = 'faults-staff-token-0123456789abcdef0123456789';
const SAMPLE = 25;

type Answers = Record<string, unknown>;
interface Stored {
  personal: Answers;
  repair?: Answers;
}
interface Draft {
  reference: string;
  state: Stored;
}
interface Call {
  body: SaveBody;
  /** The draft it changes; undefined for a call that makes a new one. */
  draft?: Draft;
  /** What the draft holds if this call was carried out. */
  after: Stored;
  answer?: Answer<{ reference_number: string; step_number: number }>;
}
interface Row {
  reference_number: string;
  application_type: string;
  status: string;
  step_number: number;
  answers: unknown;
  phone: string | null;
  id_number: string | null;
}

const kinds = ['pglite', ...(ADMIN_URL ? ['postgres'] : [])] as const;

/** The calls of a round: changes to up to UPDATES known drafts (each at most once), new drafts for the rest. */
function roundCalls(round: number, drafts: Draft[]): Call[] {
  const calls: Call[] = [];
  // Only drafts this "browser" owns: a new draft whose answer the kill cut off is in the database, but
  // its draft cookie never arrived, so it can be written only after a Continue (by the code to its phone).
  const owned = drafts.filter((draft) => hasDraftCookie(draft.reference));
  const start = (round * 337) % Math.max(1, owned.length);
  const chosen = [...owned.slice(start), ...owned.slice(0, start)].slice(0, UPDATES);
  chosen.forEach((draft, i) => {
    const tag = `r${round}u${i}`;
    const reference_number = draft.reference;
    // Two in three save the repair step (the first time, the draft moves on to step 2), one in three
    // saves the personal step again.
    if (i % 3 !== 0) {
      const repair = repairStep(tag);
      calls.push({
        draft,
        body: { application_type: 'repair', step_number: 2, data: repair, reference_number },
        after: { ...draft.state, repair },
      });
    } else {
      // The same phone: changing it takes a code sent to the new number (phone-change.ts).
      const personal = { ...personalStep(tag, round * 10_000 + i), phone: draft.state.personal.phone };
      calls.push({
        draft,
        body: { application_type: 'repair', step_number: 1, data: personal, reference_number },
        after: { ...draft.state, personal },
      });
    }
  });
  for (let i = calls.length; i < CALLS; i++) {
    const body = firstSave(`r${round}n${i}`, round * 10_000 + i);
    calls.push({ body, after: { personal: body.data } });
  }
  // Changes and new drafts mixed (in the same order every run), so that the kill cuts into both.
  const key = (i: number) => (i * 7919 + round * 104_729) % CALLS;
  return calls
    .map((call, i) => ({ call, k: key(i) }))
    .sort((a, b) => a.k - b.k)
    .map(({ call }) => call);
}

/** Sends every call at once and kills the server as soon as `killAfter` of them were answered 200. */
/**
 * Sends the round's calls at once and kills the server once `killAfter` are answered 200, or sooner
 * when nearly all the new drafts or nearly all the changes are answered (which kind goes faster depends
 * on the database and the machine), but not before one of each kind is: so the kill cuts into both
 * kinds. Answers how many were answered when the kill came.
 */
async function sendAndKill(server: ServerProcess, calls: Call[], killAfter: number): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const left = { new: calls.filter((c) => !c.draft).length, change: calls.filter((c) => c.draft).length };
  const margin = (kind: keyof typeof left) => Math.max(1, Math.floor(left[kind] / 10));
  const near = { new: margin('new'), change: margin('change') };
  const none = { new: left.new === 0, change: left.change === 0 };
  const answeredOf = { new: 0, change: 0 };
  let answered = 0;
  let killedAt: number | undefined;
  try {
    await Promise.all(
      calls.map(async (call) => {
        call.answer = await post(server.url, SAVE, call.body, { agent, timeoutMs: 60_000 });
        if (call.answer.status !== 200 || killedAt !== undefined) return;
        answered++;
        const kind = call.draft ? 'change' : 'new';
        left[kind]--;
        answeredOf[kind]++;
        const both = (none.new || answeredOf.new > 0) && (none.change || answeredOf.change > 0);
        const nearlyDone = (!none.new && left.new <= near.new) || (!none.change && left.change <= near.change);
        if (both && (answered >= killAfter || nearlyDone)) {
          killedAt = answered;
          server.child.kill('SIGKILL');
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  await kill(server);
  return killedAt ?? answered;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, sortKeys(v)]),
    );
  }
  return value;
}

const plain = (reference: string) => reference.replace('-', '');

/**
 * Checks every stored row against what was sent, and answers the drafts as they now are (those whose
 * fate was open are settled by what is stored). Throws with the first few problems.
 */
function verifyRows(rows: Row[], drafts: Map<string, Draft>, calls: Call[], round: number): Map<string, Draft> {
  const problems: string[] = [];
  const byReference = new Map(rows.map((row) => [row.reference_number, row]));
  // New drafts whose call was not answered 200, by their address (each carries its own tag).
  const unansweredNew = new Map<unknown, Call>();
  for (const call of calls) {
    if (call.draft || call.answer?.status === 200) continue;
    unansweredNew.set(call.body.data.address, call);
  }
  const next = new Map<string, Draft>();
  const targeted = new Map(calls.filter((c) => c.draft).map((c) => [c.draft!.reference, c]));
  const answeredNew = new Map<string, Call>();
  for (const call of calls) {
    if (call.draft || call.answer?.status !== 200) continue;
    const reference = call.answer.body!.response.data.reference_number;
    answeredNew.set(reference, call);
    if (!byReference.has(plain(reference))) problems.push(`new draft ${reference} answered 200 is missing`);
  }

  for (const row of rows) {
    const where = `round ${round}, ${row.reference_number}`;
    const answers = row.answers as Partial<Stored> | null;
    if (!answers || typeof answers !== 'object' || !answers.personal) {
      problems.push(`${where}: answers are not a saved draft: ${JSON.stringify(answers)?.slice(0, 200)}`);
      continue;
    }
    const extra = Object.keys(answers).filter((k) => k !== 'personal' && k !== 'repair');
    if (extra.length > 0) problems.push(`${where}: unexpected steps ${extra.join(', ')}`);
    if (row.status !== 'draft' || row.application_type !== 'repair') problems.push(`${where}: ${row.status}`);
    if (row.step_number !== (answers.repair ? 2 : 1)) problems.push(`${where}: step ${row.step_number} vs answers`);
    if (row.phone !== answers.personal.phone || row.id_number !== answers.personal.zan_id) {
      problems.push(`${where}: phone/id columns do not match the personal step`);
    }
    const stored: Stored = { personal: answers.personal, ...(answers.repair ? { repair: answers.repair } : {}) };
    const reference = `${row.reference_number.slice(0, 5)}-${row.reference_number.slice(5)}`;
    const known = drafts.get(reference);
    if (!known) {
      // A draft made by this round's calls: answered 200 (checked below) or not (its data must be one sent).
      const answeredCall = answeredNew.get(reference);
      const call = answeredCall ?? unansweredNew.get(stored.personal.address);
      if (!call || !sameJson(stored, call.after)) {
        problems.push(`${where}: a draft nobody made, or not as sent: ${JSON.stringify(stored).slice(0, 200)}`);
      } else if (!answeredCall) {
        unansweredNew.delete(stored.personal.address); // each was sent once
      }
      next.set(reference, { reference, state: stored });
      continue;
    }
    const call = targeted.get(reference);
    const allowed: Stored[] =
      call === undefined ? [known.state] : call.answer?.status === 200 ? [call.after] : [known.state, call.after];
    if (!allowed.some((state) => sameJson(state, stored))) {
      const sent = call?.answer?.status === 200 ? 'answered 200 and' : call ? 'unanswered and' : 'untouched, yet';
      problems.push(`${where}: ${sent} stored as neither before nor after: ${JSON.stringify(stored).slice(0, 300)}`);
    }
    next.set(reference, { reference, state: stored });
  }
  for (const reference of drafts.keys()) {
    if (!byReference.has(plain(reference))) problems.push(`round ${round}: the draft ${reference} is gone`);
  }
  if (problems.length > 0) {
    throw new Error(`${problems.length} problem(s) after round ${round}:\n${problems.slice(0, 10).join('\n')}`);
  }
  return next;
}

async function readRows(handle: DatabaseHandle): Promise<Row[]> {
  return handle.db
    .selectFrom('application')
    .select(['reference_number', 'application_type', 'status', 'step_number', 'answers', 'phone', 'id_number'])
    .orderBy('id')
    .execute();
}

/** A sample of the answered calls, read through the back office's API: each stored as sent. */
async function readBack(server: ServerProcess, answered: Call[]): Promise<void> {
  const step = Math.max(1, Math.floor(answered.length / SAMPLE));
  const sample = answered.filter((_, i) => i % step === 0);
  const read = async (call: Call) => {
    const reference = call.answer!.body!.response.data.reference_number;
    const res = await post<{ answers: Stored }>(
      server.url,
      '/api/staff/get_application',
      { reference_number: reference },
      { headers: { authorization: `Bearer ${STAFF_TOKEN}` } },
    );
    expect(res.status, reference).toBe(200);
    expect(sameJson(res.body!.response.data.answers, call.after), reference).toBe(true);
  };
  for (let i = 0; i < sample.length; i += 5) await Promise.all(sample.slice(i, i + 5).map(read));
}

describe.each(kinds)('kill -9 during 1,000 concurrent saves, %s', (kind) => {
  let dataDir: string;
  let database: ThrowawayDatabase | undefined;
  let server: ServerProcess;
  let drafts = new Map<string, Draft>();
  /** A round builds on what the one before left: after a failed round, the others are skipped. */
  let failed = false;
  const readyTimes: string[] = [];
  const tally = { answered: 0, unanswered: 0, other: new Map<number, number>() };
  /** The rounds whose kill cut off new drafts, and those whose kill cut off changes of drafts. */
  const roundsCutting = { new: 0, change: 0 };

  const start = () =>
    spawnServer({
      dataDir,
      ...(database ? { databaseUrl: database.url } : {}),
      env: { STAFF_API_TOKEN: STAFF_TOKEN, LOG_LEVEL: 'error' },
    });

  beforeAll(async () => {
    if (kind === 'postgres') {
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'kibali-faults-kill-postgres-'));
      database = await createDatabase();
    } else {
      dataDir = await seededDataDir('kill-pglite');
    }
    server = await start();
    await waitUntilReady(server, 100_000); // on PostgreSQL, the first start migrates and seeds
  });

  afterAll(async () => {
    await killAll();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    console.log(
      `kill -9 (${kind}): ready after restart in ${readyTimes.join(', ')}; ` +
        `calls answered 200: ${tally.answered}, cut off: ${tally.unanswered}, ` +
        `other: ${JSON.stringify(Object.fromEntries(tally.other))}; rounds cutting off new drafts ` +
        `${roundsCutting.new}, changes ${roundsCutting.change}`,
    );
  });

  /** The rows as the killed server left them: PostgreSQL itself, or PGlite's directory as copied. */
  async function rowsLeft(snapshot: string | undefined): Promise<Row[]> {
    const handle = await openDatabase(
      database ? { databaseUrl: database.url } : { pgliteDir: path.join(snapshot!, 'pglite') },
    );
    try {
      return await readRows(handle);
    } finally {
      await handle.close();
    }
  }

  it.each(Array.from({ length: ROUNDS }, (_, round) => round))(
    'round %i: answered saves whole after the restart, ready within 10 s',
    async (round) => {
      if (failed) return expect.fail('an earlier round failed');
      failed = true;
      const calls = roundCalls(round, [...drafts.values()]);
      const killedAt = await sendAndKill(server, calls, KILL_AFTER[round]!);
      for (const call of calls) {
        const status = call.answer?.status ?? 0;
        if (status === 200) tally.answered++;
        else if (status === 0) tally.unanswered++;
        else tally.other.set(status, (tally.other.get(status) ?? 0) + 1);
      }
      // Every call is answered 200 or cut off by the kill: a burst queues, it does not fail.
      const wrong = calls.filter((c) => ![0, 200].includes(c.answer!.status));
      expect(wrong.map((c) => c.answer!.body)).toEqual([]);
      const answered = calls.filter((c) => c.answer!.status === 200);
      expect(answered.length).toBeGreaterThanOrEqual(killedAt);
      // Both kinds of call were answered, and the kill cut some off. Which kinds it cut depends on how
      // far the server ran ahead of this process reading its answers: counted over the rounds (below).
      expect(answered.filter((c) => !c.draft).length).toBeGreaterThan(0);
      if (round > 0) expect(answered.filter((c) => c.draft).length).toBeGreaterThan(0);
      const cutOff = calls.filter((c) => c.answer!.status === 0);
      expect(cutOff.length).toBeGreaterThan(0);
      if (cutOff.some((c) => !c.draft)) roundsCutting.new++;
      if (cutOff.some((c) => c.draft)) roundsCutting.change++;

      // The data directory exactly as the dead server left it, before anything opens it again.
      let snapshot: string | undefined;
      if (kind === 'pglite') {
        snapshot = mkdtempSync(path.join(os.tmpdir(), 'kibali-faults-snapshot-'));
        cpSync(dataDir, snapshot, { recursive: true });
      }
      let readyMs: number;
      try {
        server = await start();
        readyMs = await waitUntilReady(server, 60_000);
        readyTimes.push(`${(readyMs / 1000).toFixed(1)} s (CPU ${((cpuMs(server) ?? NaN) / 1000).toFixed(1)} s)`);
        // The rows as left, and side by side a sample of the answered calls read back through the
        // restarted server's API: it serves them too.
        const [rows] = await Promise.all([rowsLeft(snapshot), readBack(server, answered)]);
        drafts = verifyRows(rows, drafts, calls, round);
      } finally {
        if (snapshot) rmSync(snapshot, { recursive: true, force: true });
      }
      failed = false;
      // Last, so that a slow start is reported after the data was checked; from spawn to /readyz 200.
      expect(readyMs, 'ms from spawn to ready').toBeLessThan(READY_WITHIN_MS);
    },
  );

  it('the kills cut into new drafts and into changes, each in most rounds', () => {
    if (failed) return expect.fail('a round failed');
    // Round 0 has no drafts to change yet.
    expect(roundsCutting.new).toBeGreaterThanOrEqual(ROUNDS / 2);
    expect(roundsCutting.change).toBeGreaterThanOrEqual((ROUNDS - 1) / 2);
  });
});
