import { randomBytes } from 'node:crypto';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, servingProblems } from '../../src/server/config';
import { lockDataDir } from '../../src/server/db/data-dir-lock';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/schema';
import { migrateToLatest } from '../../src/server/db/migrate';
import { MIGRATIONS } from '../../src/server/db/migration-list';
import { seedReferenceData } from '../../src/server/db/seed/seed-reference-data';
import { databaseKinds, openTestDatabase } from './helpers';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The reference tables and a table of the tests' own. */
type Counter = { counter: { id: number; n: number } };
type CounterDb = Kysely<Database & Counter>;
const withCounter = (handle: DatabaseHandle): CounterDb => handle.db.withTables<Counter>();

async function counterTable(db: CounterDb): Promise<void> {
  await sql`create table counter (id integer primary key, n integer not null)`.execute(db);
  await sql`insert into counter values (1, 0)`.execute(db);
}

async function counterValue(db: CounterDb): Promise<number> {
  const row = await db.selectFrom('counter').select('n').where('id', '=', 1).executeTakeFirstOrThrow();
  return row.n;
}

describe.each(databaseKinds)('the database (%s)', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedReferenceData(database.db);
    await counterTable(withCounter(database));
  });
  afterAll(() => database.close());

  it('applies no migration twice', async () => {
    expect(await migrateToLatest(database.db)).toEqual([]);
    const files = readdirSync('src/server/db/migrations').filter((f) => f.endsWith('.ts'));
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db);
    expect(applied.rows.map((r) => `${r.name}.ts`)).toEqual(files.sort());
  });

  it('reports the rows an insert, update or delete touched', async () => {
    const db = database.db;
    const updated = await db.updateTable('room').set({ sort_order: 99 }).where('id', '<=', 3).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(3n);
    const viaCte = await db
      .with('first', (qb) => qb.selectFrom('room').select('id').where('id', '<=', 2))
      .updateTable('room')
      .set({ sort_order: 98 })
      .where('id', 'in', (eb) => eb.selectFrom('first').select('id'))
      .executeTakeFirst();
    expect(viaCte.numUpdatedRows).toBe(2n);
    const none = await db.updateTable('room').set({ sort_order: 1 }).where('id', '<', 0).executeTakeFirst();
    expect(none.numUpdatedRows).toBe(0n);
    const inserted = await db
      .insertInto('room')
      .values([
        { name_en: 'Test A', name_sw: 'Jaribio A', sort_order: 100 },
        { name_en: 'Test B', name_sw: 'Jaribio B', sort_order: 101 },
      ])
      .executeTakeFirst();
    expect(inserted.numInsertedOrUpdatedRows).toBe(2n);
    const deleted = await db.deleteFrom('room').where('name_en', 'like', 'Test %').executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(2n);
  });

  it('rolls a failed transaction back while queries from outside go on', async () => {
    const db = withCounter(database);
    const before = await counterValue(db);
    const failing = db.transaction().execute(async (trx) => {
      await trx.updateTable('counter').set({ n: 1000 }).where('id', '=', 1).execute();
      await pause(50);
      throw new Error('changed my mind');
    });
    const outside = Promise.all([counterValue(db), db.selectFrom('room').select('id').limit(1).execute()]);
    await expect(failing).rejects.toThrow('changed my mind');
    const [seen, rooms] = await outside;
    expect(seen).toBe(before);
    expect(rooms).toHaveLength(1);
    expect(await counterValue(db)).toBe(before);
  });
});

describe('the PGlite dialect', () => {
  it('runs concurrent transactions one after the other', async () => {
    const database = await openTestDatabase('pglite');
    try {
      const db = withCounter(database);
      await counterTable(db);
      const increment20 = () =>
        db.transaction().execute(async (trx) => {
          for (let i = 0; i < 20; i++) {
            const n = await counterValue(trx);
            await pause(1);
            await trx
              .updateTable('counter')
              .set({ n: n + 1 })
              .where('id', '=', 1)
              .execute();
          }
        });
      await Promise.all([increment20(), increment20(), counterValue(db)]);
      expect(await counterValue(db)).toBe(40);
    } finally {
      await database.close();
    }
  });
});

describe('the migration list', () => {
  it('names every file of src/server/db/migrations, in order, and nothing else', () => {
    const files = readdirSync('src/server/db/migrations')
      .filter((file) => file.endsWith('.ts'))
      .map((file) => file.replace(/\.ts$/, ''))
      .sort();
    expect(Object.keys(MIGRATIONS)).toEqual(files);
    for (const name of files) {
      expect(name).toMatch(/^\d{8}T\d{6}-[a-z0-9-]+$/);
      expect(typeof MIGRATIONS[name]!.up).toBe('function');
    }
  });
});

describe('a PGlite directory', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('is created on first use (in a worker thread), keeps its data, and runs with 16 MB of shared buffers', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kibali-pglite-new-'));
    dirs.push(dir);
    const pgliteDir = path.join(dir, 'pglite');
    const first = await openDatabase({ pgliteDir });
    try {
      expect(existsSync(path.join(pgliteDir, 'PG_VERSION'))).toBe(true);
      await counterTable(withCounter(first));
      await sql`update counter set n = 41`.execute(first.db);
      const { rows } = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(first.db);
      expect(rows[0]!.shared_buffers).toBe('16MB');
    } finally {
      await first.close();
    }
    const again = await openDatabase({ pgliteDir });
    try {
      expect(await counterValue(withCounter(again))).toBe(41);
    } finally {
      await again.close();
    }
    // initdb and two opens from disk: seconds of a core each, more on a busy machine.
  }, 120_000);
});

describe('the data directory lock', () => {
  let dir: string;
  const lockFile = () => path.join(dir, 'kibali.lock');
  const lockScript = path.resolve('src/server/db/data-dir-lock.ts');

  /** Tries to lock `dir` from another process; its exit code and what it printed. */
  function lockFromChild(): { status: number | null; stderr: string } {
    const code = `import(${JSON.stringify(lockScript)}).then((m) => m.lockDataDir(${JSON.stringify(dir)}))
      .then(() => process.exit(0), (e) => { console.error(e.message); process.exit(3); });`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '-e', code], { encoding: 'utf8', timeout: 20_000 });
    return { status: child.status, stderr: child.stderr };
  }

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kibali-lock-'));
  });
  afterEach(() => rmSync(lockFile(), { force: true }));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps a second process out, with a clear message, until released', async () => {
    const release = await lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ pid: process.pid, host: os.hostname() });
    const second = lockFromChild();
    expect(second.status).toBe(3);
    expect(second.stderr).toContain(
      `The data directory ${dir} is in use by another Kibali server (pid ${process.pid})`,
    );
    await release();
    expect(existsSync(lockFile())).toBe(false);
    expect(lockFromChild().status).toBe(0);
  });

  it('takes over a lock left by a process that died', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    expect(dead).toBeGreaterThan(0);
    writeFileSync(lockFile(), JSON.stringify({ pid: dead, host: os.hostname() }));
    const release = await lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockFile(), 'utf8')).pid).toBe(process.pid);
    await release();
    expect(existsSync(lockFile())).toBe(false);
  });

  /**
   * A process that, on the line `go` on its stdin, makes `calls` lockDataDir calls at once and prints how
   * many got the lock; it keeps what it got until its stdin ends.
   */
  function racer(calls: number): { child: ChildProcess; ready: Promise<void>; held: Promise<number> } {
    const code = `const { lockDataDir } = await import(${JSON.stringify(lockScript)});
      const readline = await import('node:readline');
      const lines = readline.createInterface({ input: process.stdin });
      console.log('ready');
      let releases = [];
      lines.on('line', async () => {
        const results = await Promise.allSettled(Array.from({ length: ${calls} }, () => lockDataDir(${JSON.stringify(dir)})));
        releases = results.filter((r) => r.status === 'fulfilled').map((r) => r.value);
        console.log('held ' + releases.length);
      });
      lines.on('close', async () => { for (const release of releases) await release(); process.exit(0); });`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let output = '';
    const seen = (pattern: RegExp) =>
      new Promise<RegExpExecArray>((resolve) => {
        const look = () => {
          const match = pattern.exec(output);
          if (match) {
            child.stdout.off('data', onData);
            resolve(match);
          }
        };
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          look();
        };
        child.stdout.on('data', onData);
        look();
      });
    const ready = seen(/^ready$/m).then(() => undefined);
    const held = ready.then(() => seen(/^held (\d+)$/m)).then((match) => Number(match[1]));
    return { child, ready, held };
  }

  it.each([
    ['a free directory', false],
    ['a lock left by a process that died', true],
  ])(
    'gives %s to exactly one of many takers racing in this process and in three others',
    async (_label, stale) => {
      if (stale) {
        const dead = spawnSync(process.execPath, ['-e', '']).pid;
        writeFileSync(lockFile(), JSON.stringify({ pid: dead, host: os.hostname() }));
      }
      const racers = [racer(10), racer(10), racer(10)];
      await Promise.all(racers.map((r) => r.ready));
      for (const r of racers) r.child.stdin!.write('go\n');
      const here = await Promise.allSettled(Array.from({ length: 20 }, () => lockDataDir(dir)));
      const heldHere = here.filter((r) => r.status === 'fulfilled').map((r) => r.value);
      const heldThere = await Promise.all(racers.map((r) => r.held));
      // Every refusal is the one a server prints: in use, or another server starting on it.
      for (const r of here) {
        if (r.status === 'rejected')
          expect(String(r.reason)).toMatch(/is in use by another Kibali server|another server is starting/);
      }
      expect(heldHere.length + heldThere.reduce((a, b) => a + b, 0)).toBe(1);
      const owner = JSON.parse(readFileSync(lockFile(), 'utf8')) as { pid: number };
      const winner = heldHere.length === 1 ? process.pid : racers[heldThere.indexOf(1)]!.child.pid;
      expect(owner.pid).toBe(winner);

      await Promise.all(
        racers.map((r) => {
          const exited = new Promise((resolve) => r.child.once('exit', resolve));
          r.child.stdin!.end();
          return exited;
        }),
      );
      for (const release of heldHere) await release();
      expect(existsSync(lockFile())).toBe(false);
      expect(readdirSync(dir)).toEqual([]); // no temporary file or takeover marker left behind
    },
    60_000,
  );

  it('refuses a lock held on another host', async () => {
    writeFileSync(lockFile(), JSON.stringify({ pid: 1, host: 'elsewhere.example' }));
    await expect(lockDataDir(dir)).rejects.toThrow(/locked by a Kibali server on host elsewhere\.example/);
    expect(existsSync(lockFile())).toBe(true);
  });
});

describe('the configuration', () => {
  it('names every wrong value on its own line', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', DEV_TOOLS: '1', NODE_ENV: 'production' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems.map((p) => p.split(' ')[0])).toEqual(['PORT', 'DATABASE_URL', 'DEV_TOOLS']);
    expect(problems[0]).toContain('"abc"');
    expect(problems[2]).toContain('refused when NODE_ENV=production');
    expect(message.split('\n')).toHaveLength(4);
    expect(message).not.toContain('mysql://x');
  });

  it('reads TRUST_PROXY as 1 (proxies on this machine or a private network), a list of addresses and subnets, or none', () => {
    expect(loadConfig({}).TRUST_PROXY).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toEqual(['loopback', 'linklocal', 'uniquelocal']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.7, 192.168.4.0/24,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.7',
      '192.168.4.0/24',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });

  it('requires ALTCHA_HMAC_KEY (at least 32 characters) to serve in production only, and never echoes it', () => {
    // The scripts (migrate, seed, staff) load the configuration too: only a serving server needs the key.
    expect(servingProblems(loadConfig({ NODE_ENV: 'production' })).join('\n')).toMatch(
      /ALTCHA_HMAC_KEY is required when NODE_ENV=production/,
    );
    expect(servingProblems(loadConfig({ NODE_ENV: 'production', DEMO_MODE: '1' }))).toEqual([]);
    expect(() => loadConfig({ NODE_ENV: 'production', ALTCHA_HMAC_KEY: 'too-short-secret' })).toThrow(
      /^(?![\s\S]*too-short-secret)[\s\S]*ALTCHA_HMAC_KEY must be at least 32 characters/,
    );
    const key = randomBytes(36).toString('base64');
    expect(loadConfig({ NODE_ENV: 'production', ALTCHA_HMAC_KEY: key }).ALTCHA_HMAC_KEY).toBe(key);
    expect(loadConfig({ NODE_ENV: 'test' }).ALTCHA_HMAC_KEY).toBeUndefined();
  });

  it('accepts development tools outside production and reads flags', () => {
    const config = loadConfig({ DEV_TOOLS: '1', NODE_ENV: 'test', PORT: '9000', MAINTENANCE_MODE: 'false' });
    expect(config).toMatchObject({ DEV_TOOLS: true, PORT: 9000, MAINTENANCE_MODE: false });
  });
});
