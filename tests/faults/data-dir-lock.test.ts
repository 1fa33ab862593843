import { readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstSave, repairStep, SAVE } from './drafts';
import { seededDataDir } from '../support/pglite-template';
import { run } from '../server/cli-runner';
import { killAll, post, spawnServer, startServer, stop, type ServerProcess } from './server-process';

// PGlite takes no lock of its own, and two processes on one directory corrupt it: a second server on the
// directory of a running one must refuse to start, with a clear message, without touching it, while the
// first one goes on serving (here, under a stream of saves) with nothing lost.

const STAFF_TOKEN = 'faults-staff-token-0123456789abcdef0123456789';

describe('a second server on the same PGlite directory', () => {
  let dataDir: string;
  let first: ServerProcess;

  beforeAll(async () => {
    dataDir = await seededDataDir('lock');
    first = await startServer({ dataDir, env: { STAFF_API_TOKEN: STAFF_TOKEN } });
  });

  afterAll(async () => {
    await killAll();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the scripts that open the database say in one line that the server holds it, and touch nothing', async () => {
    const lockFile = path.join(dataDir, 'kibali.lock');
    const held = `The data directory ${dataDir} is in use by another Kibali server (pid ${first.child.pid}).`;
    for (const [script, args] of [
      ['db-seed', ['--demo']],
      ['db-migrate', []],
      ['forms-import', []],
      ['forms-export', ['--version', '1', '--dir', path.join(dataDir, 'never-written')]],
      ['sweep', []],
      ['staff', ['list']],
      ['staff', ['users', 'list']],
    ] as const) {
      const res = await run(script, [...args], { DATA_DIR: dataDir });
      expect(res.code, `${script}: ${res.stderr}`).toBe(1);
      expect(res.stderr.trim().split('\n')[0], script).toBe(
        `${held} Stop that server, or give this one another DATA_DIR, or use DATABASE_URL for several servers.`,
      );
      // No stack trace: an operator's mistake, not a fault.
      expect(res.stderr, script).not.toMatch(/^\s+at /m);
    }
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: first.child.pid });
    expect((await post(first.url, '/api/splash/get_splash', {})).status).toBe(200);
  });

  it('refuses to start, exits non-zero with a clear message, and the first one keeps working', async () => {
    const lockFile = path.join(dataDir, 'kibali.lock');
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: first.child.pid });

    // Saves go on against the first server the whole time the second one tries.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const saved: { reference: string; i: number }[] = [];
    const failures: unknown[] = [];
    let trying = true;
    const load = (async () => {
      for (let i = 0; trying || i < 20; i++) {
        const res = await post<{ reference_number: string }>(first.url, SAVE, firstSave(`lock${i}`, i), { agent });
        if (res.status === 200) saved.push({ reference: res.body!.response.data.reference_number, i });
        else failures.push(res.error ?? res.body);
      }
    })();

    const second = await spawnServer({ dataDir });
    const exit = await second.exited;
    trying = false;
    await load;
    agent.destroy();

    expect(exit.code).toBe(1);
    expect(second.output()).toContain(
      `The data directory ${dataDir} is in use by another Kibali server (pid ${first.child.pid}).`,
    );
    expect(second.output()).not.toContain('Kibali is serving');
    // The lock is still the first server's, and the first server answered every save.
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: first.child.pid });
    expect(failures).toEqual([]);
    expect(saved.length).toBeGreaterThanOrEqual(20);

    // It goes on: a draft carried to its next step, and saves read back through it (every one is counted
    // after the restart below).
    const next = await post(first.url, SAVE, {
      application_type: 'repair',
      step_number: 2,
      data: repairStep('lock'),
      reference_number: saved[0]!.reference,
    });
    expect(next.status).toBe(200);
    const step = Math.max(1, Math.floor(saved.length / 40));
    for (const { reference, i } of saved.filter((_, n) => n % step === 0)) {
      const res = await post<{ answers: Record<string, unknown> }>(
        first.url,
        '/api/staff/get_application',
        { reference_number: reference },
        { headers: { authorization: `Bearer ${STAFF_TOKEN}` } },
      );
      expect(res.status).toBe(200);
      expect(res.body!.response.data.answers.personal).toEqual(firstSave(`lock${i}`, i).data);
    }

    // And the directory is whole: stopped and started again, the server has every draft.
    expect(await stop(first)).toEqual({ code: 0, signal: null });
    const again = await startServer({ dataDir, env: { STAFF_API_TOKEN: STAFF_TOKEN } });
    const list = await post<{ total: number }>(
      again.url,
      '/api/staff/list_applications',
      { status: 'draft', page: 1, page_size: 10 },
      { headers: { authorization: `Bearer ${STAFF_TOKEN}` } },
    );
    expect(list.body?.response.data.total).toBe(saved.length);
    expect(await stop(again)).toEqual({ code: 0, signal: null });
  });
});
