import { rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import { firstSave, SAVE } from './drafts';
import { seededDataDir } from '../support/pglite-template';
import {
  EXIT_WITHIN_MS,
  killAll,
  pause,
  post,
  request,
  startServer,
  type Answer,
  type ServerProcess,
} from './server-process';

// SIGTERM while hundreds of saves are in flight on kept-alive connections (as browsers keep them):
// every one of them gets its whole answer, new connections are refused, the process exits with 0
// within 10 s, and every save it answered 200 is in the database afterwards.

const CONNECTIONS = 200;
/** New connections refused this soon after SIGTERM (measured from the signal, not from when the server acts on it). */
const REFUSED_WITHIN_MS = 4000;

describe('SIGTERM with requests in flight', () => {
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    dataDir = await seededDataDir('sigterm');
    server = await startServer({ dataDir });
  });

  afterAll(async () => {
    await killAll();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the requests in flight, refuses new connections and exits 0 within 10 s', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS, maxFreeSockets: CONNECTIONS });
    try {
      // Connections the server has taken (one answered request each), kept alive for the saves.
      const warm = await Promise.all(
        Array.from({ length: CONNECTIONS }, () => request(server.url, 'GET', '/healthz', undefined, { agent })),
      );
      expect(warm.every((a) => a.status === 200)).toBe(true);
      expect(Object.values(agent.freeSockets).flat().length).toBe(CONNECTIONS);

      let signalledAt = 0;
      let firstAnswer: () => void;
      const answering = new Promise<void>((resolve) => (firstAnswer = resolve));
      const saves = Array.from({ length: CONNECTIONS }, (_, i) =>
        post<{ reference_number: string }>(server.url, SAVE, firstSave(`term${i}`, i), { agent }).then((answer) => {
          firstAnswer();
          return { answer, afterSignal: signalledAt > 0 && performance.now() > signalledAt, i };
        }),
      );
      // Every save is sent and the server is working through them (PGlite takes one at a time).
      await answering;
      signalledAt = performance.now();
      server.child.kill('SIGTERM');

      // New connections: refused once the server has begun closing (a connection made before it took
      // the signal may still be answered, 200 or 503, but never cut off). A connection that reached the
      // kernel's queue as the server stopped listening, never taken by it, is reset rather than refused:
      // refused all the same, nothing of its request was read.
      // Within 4 s of the signal: the server acts on it once its event loop is free, and PGlite's work for
      // the 200 saves in flight holds the loop (1.1 s on a quiet machine, over 2 s under CI's load).
      let refusedAfterMs: number | undefined;
      while (performance.now() - signalledAt < REFUSED_WITHIN_MS) {
        const fresh = await request(server.url, 'POST', '/api/engineer/get_engineers', { page: 1, page_size: 10 });
        if (fresh.error === 'ECONNREFUSED' || fresh.error === 'ECONNRESET') {
          refusedAfterMs = performance.now() - signalledAt;
          break;
        }
        expect(fresh.error).toBeUndefined();
        expect([200, 503]).toContain(fresh.status);
        await pause(10);
      }
      expect(refusedAfterMs, 'a new connection refused within 4 s of SIGTERM').toBeDefined();

      const answers = await Promise.all(saves);
      const exit = await server.exited;
      const exitedAfterMs = performance.now() - signalledAt;

      // Every save in flight got its whole answer: saved, with its reference number.
      const incomplete = answers.filter(({ answer }) => answer.status !== 200);
      expect(incomplete.map(({ answer }) => answer.error ?? answer.body)).toEqual([]);
      expect(answers.filter((a) => a.afterSignal).length, 'saves answered after the signal').toBeGreaterThan(0);
      expect(exit, server.output()).toEqual({ code: 0, signal: null });
      expect(exitedAfterMs).toBeLessThan(EXIT_WITHIN_MS);
      console.log(
        `SIGTERM: ${answers.filter((a) => a.afterSignal).length} of ${CONNECTIONS} saves answered after the signal; ` +
          `new connections refused after ${Math.round(refusedAfterMs!)} ms; exit 0 after ${Math.round(exitedAfterMs)} ms`,
      );

      // And stored: the database, opened once the server is gone, holds every one of them as sent.
      const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
      try {
        const rows = await database.db.selectFrom('application').select(['reference_number', 'answers']).execute();
        const stored = new Map(rows.map((row) => [row.reference_number, row.answers]));
        for (const { answer, i } of answers as { answer: Answer<{ reference_number: string }>; i: number }[]) {
          const reference = answer.body!.response.data.reference_number.replace('-', '');
          expect(stored.get(reference), reference).toEqual({ personal: firstSave(`term${i}`, i).data });
        }
        expect(rows.length).toBe(CONNECTIONS);
      } finally {
        await database.close();
      }
    } finally {
      agent.destroy();
    }
  });
});
