import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTexts, firstSave, SAVE } from './drafts';
import { ADMIN_URL, createDatabase, PgProxy, type ThrowawayDatabase } from './postgres';
import { killAll, pause, post, request, startServer, stop, type Answer, type ServerProcess } from './server-process';

// PostgreSQL goes away under a running server: the server answers 503 in time, never hangs, and comes
// back by itself, without a restart, when PostgreSQL does. The server reaches PostgreSQL through a proxy
// that the test stops (connections cut, new ones refused) or silences (nothing answers).

const ANSWER_WITHIN_MS = 2000;
const en = apiTexts('en');
const sw = apiTexts('sw');

describe.skipIf(!ADMIN_URL)('PostgreSQL stopped under a running server', () => {
  let database: ThrowawayDatabase;
  let proxy: PgProxy;
  let server: ServerProcess;
  let dataDir: string;
  let reference: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'kibali-faults-pg-down-'));
    database = await createDatabase();
    proxy = new PgProxy();
    await proxy.start();
    server = await startServer({ dataDir, databaseUrl: database.urlVia(proxy) });
  });

  afterAll(async () => {
    await killAll();
    await proxy?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Calls that each need the database, as a browser would make them while it is gone. */
  const calls = (language: 'en' | 'sw'): Promise<Answer>[] => {
    const headers = { 'accept-language': language };
    return [
      post(server.url, SAVE, firstSave('down', 1), { headers, timeoutMs: 10_000 }),
      post(server.url, SAVE, { ...firstSave('down', 2), reference_number: reference }, { headers, timeoutMs: 10_000 }),
      post(server.url, '/api/engineer/get_engineers', { page: 1, page_size: 10, search: 'ali' }, { headers }),
      post(server.url, '/api/application/continue_application', { reference_number: reference }, { headers }),
    ];
  };

  async function expectUnavailable(language: 'en' | 'sw'): Promise<void> {
    const answers = await Promise.all(calls(language));
    for (const answer of answers) {
      expect(answer.error).toBeUndefined();
      expect(answer.status, JSON.stringify(answer.body)).toBe(503);
      expect(answer.body).toEqual({
        response: { code: 503, message: (language === 'en' ? en : sw).database_unavailable, data: {} },
      });
      expect(answer.ms).toBeLessThan(ANSWER_WITHIN_MS);
    }
    const ready = await request(server.url, 'GET', '/readyz', undefined, { timeoutMs: 10_000 });
    expect(ready.status).toBe(503);
    expect(ready.body?.response.data).toMatchObject({ database: 'down' });
    expect(ready.ms).toBeLessThan(ANSWER_WITHIN_MS + 500); // its own check gives up after 2 s
    expect((await request(server.url, 'GET', '/healthz')).status).toBe(200);
  }

  /** Back by itself: polls (no restart) until a save answers 200, and answers how long that took. */
  async function expectRecovery(): Promise<number> {
    const pid = server.child.pid;
    const started = performance.now();
    const deadline = started + 10_000;
    let last: Answer | undefined;
    while (performance.now() < deadline) {
      // The draft's own phone (firstSave's phone comes from its number): another one would need a code.
      last = await post(server.url, SAVE, { ...firstSave('back', 0), reference_number: reference });
      if (last.status === 200) break;
      await pause(100);
    }
    expect(last?.status, JSON.stringify(last?.body)).toBe(200);
    expect(server.child.pid).toBe(pid);
    expect(server.child.exitCode).toBeNull();
    expect((await request(server.url, 'GET', '/readyz')).status).toBe(200);
    // A new draft too, and the whole pool works again: a burst of saves.
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post(server.url, SAVE, firstSave('burst', i))),
    );
    expect(burst.map((a) => a.status)).toEqual(burst.map(() => 200));
    return performance.now() - started;
  }

  it('answers 200 while PostgreSQL is up', async () => {
    const saved = await post<{ reference_number: string }>(server.url, SAVE, firstSave('up', 0));
    expect(saved.status).toBe(200);
    reference = saved.body!.response.data.reference_number;
  });

  it('answers 503 database_unavailable within 2 s while PostgreSQL is stopped, and recovers by itself', async () => {
    // Calls in flight when it stops, then calls while it is stopped (the pool's clients all gone).
    const inFlight = Array.from({ length: 40 }, (_, i) => post(server.url, SAVE, firstSave('flight', i)));
    await proxy.stop();
    for (const answer of await Promise.all(inFlight)) {
      expect([200, 503]).toContain(answer.status);
      expect(answer.body?.response.code).toBe(answer.status);
    }
    await expectUnavailable('en');
    await expectUnavailable('sw');
    await proxy.start();
    await expectRecovery();
  });

  it('answers 503 within 2 s while PostgreSQL takes connections but answers nothing, and recovers', async () => {
    await proxy.silence();
    await expectUnavailable('en');
    await expectUnavailable('sw');
    await proxy.start();
    await expectRecovery();
  });

  it('stops with SIGTERM in time even while PostgreSQL is away', async () => {
    await proxy.stop();
    const started = performance.now();
    expect(await stop(server)).toEqual({ code: 0, signal: null });
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});
