import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type KibaliApp } from '../../src/server/app';
import { insertApplication } from '../../src/server/applications/applications-repository';
import { formatReferenceNumber, newReferenceNumber } from '../../src/server/applications/reference-number';
import { testConfig, type Config } from '../../src/server/config';
import { lockDataDir } from '../../src/server/db/data-dir-lock';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/schema';
import { copyLine } from '../../src/server/db/export/copy-text';
import { exportToFile } from '../../src/server/db/export/export-file';
import { backupPglite, restorePglite } from '../../src/server/db/export/pglite-backup';
import { openConfiguredDatabase } from '../../src/server/db/setup';
import { scaledLimits } from '../../src/server/http/rate-limits';
import { personal } from './application-fixtures';
import { run } from './cli-runner';
import { post, postgresRun, TEST_CAPTCHA_WORK, type Envelope, type TestApp } from './helpers';
import { dashboardCall, signIn } from './signed-in-fixtures';

// Moving from the embedded database to PostgreSQL (npm run db:export, then psql) and backups on both:
// a PGlite database in a real data directory, filled through the app, exported, imported into a new
// PostgreSQL database, compared row by row, and served by the app on PostgreSQL with the same answers.
// The PostgreSQL parts run when TEST_DATABASE_URL is set; with CI=true they must run (in the run whose
// TEST_DATABASE_KINDS covers PostgreSQL).

const exec = promisify(execFile);
const adminUrl = process.env.TEST_DATABASE_URL;
const TOKEN = 'db-export-token-for-tests-0123456789';
const AUTH = { authorization: `Bearer ${TOKEN}` };
/** Every kind of text a column must carry unchanged: Swahili, quotes, COPY's delimiters, emoji, a NUL-free Unicode mix. */
const AWKWARD = 'Nyumba ya "Bi. Mwanaisha" — O\'Brien\tkichupo\nmstari mpya\r\\N \\ ndiyo 😀🏠 ñ 漢字';
/** Beyond 2^53: a number that a JavaScript double would round. */
const HUGE_AMOUNT = '9007199254740993';
const SETUP_MS = 240_000;

type Rows = Record<string, string[]>;

/** Every table's rows (every column as PostgreSQL's text, in UTC), sorted, and every sequence's position. */
async function snapshot(db: Kysely<Database>): Promise<{ tables: Rows; sequences: Rows; jobs: string[] }> {
  return db.transaction().execute(async (trx) => {
    await sql`set local timezone = 'UTC'`.execute(trx);
    const { rows: tables } = await sql<{ name: string }>`
      select tablename as name from pg_tables where schemaname = 'public'
        and tablename not in ('kysely_migration', 'kysely_migration_lock') order by 1`.execute(trx);
    const out: Rows = {};
    for (const { name } of tables) {
      const { rows } = await sql<{ row: string }>`select t::text as row from ${sql.table(name)} t`.execute(trx);
      out[name] = rows.map((r) => r.row).sort();
    }
    const { rows: seqs } = await sql<{ name: string }>`
      select sequencename as name from pg_sequences where schemaname = 'public' order by 1`.execute(trx);
    const sequences: Rows = {};
    for (const { name } of seqs) {
      const { rows } = await sql<{ v: string }>`select last_value::text as v from ${sql.table(name)}`.execute(trx);
      sequences[name] = rows.map((r) => r.v);
    }
    const { rows: jobs } = await sql<{ row: string }>`
      select concat_ws('|', id, name, data::text, state, retry_limit, start_after, singleton_key) as row
      from pgboss.job where state in ('created', 'retry', 'active')`.execute(trx);
    return { tables: out, sequences, jobs: jobs.map((j) => j.row).sort() };
  });
}

async function appOn(config: Config, database: DatabaseHandle): Promise<TestApp> {
  const app: KibaliApp = await buildApp({
    config,
    database,
    rateLimits: scaledLimits(100),
    captchaWork: TEST_CAPTCHA_WORK,
  });
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

const staff = (t: TestApp, action: string, body: unknown) =>
  post<Envelope<Record<string, unknown>>>(t.app, `/api/staff/${action}`, body, AUTH);

/** A database of its own on the test server, dropped after. */
async function createDatabase(): Promise<string> {
  const name = `kibali_export_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

const psql = (url: string, file: string) => exec('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', url, '-f', file]);

describe('COPY text lines', () => {
  it('escapes the delimiters, keeps everything else, and writes NULL as \\N', () => {
    expect(copyLine(['a\tb', 'c\nd\r', 'e\\f', null, '', '😀 "x" \'y\''])).toBe(
      'a\\tb\tc\\nd\\r\te\\\\f\t\\N\t\t😀 "x" \'y\'\n',
    );
  });
});

describe('the embedded database: export, import into PostgreSQL, backup and restore', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'kibali-db-export-'));
  const dataDir = path.join(root, 'data');
  const config = testConfig({ DATA_DIR: dataDir, STAFF_API_TOKEN: TOKEN, STATIC_DIR: '/nonexistent' });
  const exportFile = path.join(root, 'export.sql');
  let source: Awaited<ReturnType<typeof snapshot>>;
  let cookie: string;
  let reference: string;
  let applicantView: unknown;
  let staffView: unknown;
  const databases: string[] = [];

  beforeAll(async () => {
    const t = await appOn(config, await openConfiguredDatabase(config));
    try {
      // A draft through the wizard's own call.
      const saved = await post<Envelope<{ reference_number: string }>>(t.app, '/api/application/save_and_continue', {
        application_type: 'repair',
        step_number: 1,
        data: personal(),
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      // A submitted application whose answers hold every awkward text, signed in to (a session).
      const phone = '+255777123456';
      const raw = newReferenceNumber();
      const record = await insertApplication(t.database.db, raw, 'repair', {
        status: 'submitted',
        step_number: 3,
        forms_version: 1,
        answers: {
          personal: { identification_type: 'zanid', zan_id: '19900001', first_name: 'Asha', last_name: AWKWARD },
          notes: { text: AWKWARD, list: [AWKWARD, 1.5, true, null], nested: { 'ufunguo "wa"\t': AWKWARD } },
        },
        phone,
        id_number: '19900001',
        submitted: true,
      });
      reference = formatReferenceNumber(raw);
      cookie = await signIn(t, reference, phone);
      // Staff actions: events with who did it, an invoice (more than 32 bits), a notification and its SMS.
      expect((await staff(t, 'set_status', { reference_number: reference, status: 'under_review' })).status).toBe(200);
      const due = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
      const invoice = await staff(t, 'add_invoice', {
        reference_number: reference,
        amount_tzs: 3_000_000_000,
        amount_reason: 'Set by the unit for this test.',
        control_number: '991234567890',
        due_date: due,
        description: AWKWARD.replace(/\r/g, ''),
      });
      expect(invoice.status, JSON.stringify(invoice.body)).toBe(200);
      const note = { reference_number: reference, title: 'Ukaguzi 🏠', message: 'Mkaguzi atatembelea eneo lako.' };
      expect((await staff(t, 'add_notification', note)).status).toBe(200);
      await t.database.db
        .insertInto('attachment')
        .values({
          id: randomUUID(),
          application_id: record.id,
          document_type: 'site_plan',
          mime_type: 'application/pdf',
          size: 123_456,
          sha256: 'ab'.repeat(32),
          remark: AWKWARD,
        })
        .execute();
      // A second application with an amount no JavaScript number holds exactly.
      const other = await insertApplication(t.database.db, newReferenceNumber(), 'repair', {
        status: 'submitted',
        step_number: 3,
        forms_version: 1,
        answers: {},
        phone: '+255777000001',
        id_number: null,
        submitted: true,
      });
      await sql`insert into invoice (id, application_id, amount_tzs, control_number, due_date)
        values (${randomUUID()}, ${other.id}, ${HUGE_AMOUNT}::bigint, '99000000001', current_date)`.execute(
        t.database.db,
      );
      // More rows than one fetch of the export's cursor (500), ending mid-batch.
      await sql`insert into sms_outbox (phone, message, purpose)
        select '+255777000002', 'Ujumbe ' || g || E'\t😀', 'bulk' from generate_series(1, 1201) g`.execute(
        t.database.db,
      );
      // Staff first: their look is recorded (issue 33, item 9) and is part of what the applicant sees.
      staffView = (await staff(t, 'get_application', { reference_number: reference })).body;
      applicantView = (await dashboardCall(t, 'get_application', cookie)).body;
      source = await snapshot(t.database.db);
    } finally {
      await t.close();
    }
  }, SETUP_MS);

  // Dropping a database writes a checkpoint: seconds each on a loaded machine (30 s were not enough once).
  afterAll(async () => {
    await Promise.all(databases.map((url) => dropDatabase(url).catch(() => {})));
    rmSync(root, { recursive: true, force: true });
  }, SETUP_MS);

  it('has the content the round trip must carry (so a comparison of empty tables cannot pass)', () => {
    expect(source.tables.application!.length).toBe(3);
    expect(source.tables.application!.join()).toContain('😀');
    expect(source.tables.invoice!.join()).toContain(HUGE_AMOUNT);
    expect(source.tables.applicant_session!.length).toBe(1);
    expect(source.tables.application_event!.length).toBeGreaterThan(1);
    expect(source.tables.attachment!.length).toBe(1);
    expect(source.tables.sms_outbox!.length).toBeGreaterThan(1201);
    expect(source.tables.forms_version!.length).toBeGreaterThan(0);
    expect(source.jobs.length).toBeGreaterThan(0);
    expect(applicantView).toMatchObject({ response: { code: 200 } });
    expect(staffView).toMatchObject({ response: { code: 200 } });
  });

  it(
    'npm run db:export refuses while a server holds the data directory, in one line',
    async () => {
      const unlock = await lockDataDir(dataDir);
      try {
        const refused = await run('db-export', [exportFile], { DATA_DIR: dataDir });
        expect(refused.code).toBe(1);
        expect(refused.stderr.trim()).toMatch(/^The data directory .* is in use by another Kibali server/);
        expect(refused.stderr).not.toMatch(/\n\s+at /);
      } finally {
        await unlock();
      }
      // Nor does it make an empty database to export where there is none.
      const empty = path.join(root, 'empty');
      const none = await run('db-export', [path.join(root, 'none.sql')], { DATA_DIR: empty });
      expect(none.code).toBe(1);
      expect(none.stderr.trim()).toBe(`There is no embedded database in ${empty} to export.`);
    },
    SETUP_MS,
  );

  it(
    'npm run db:export writes the file, and will not overwrite it',
    async () => {
      const made = await run('db-export', [exportFile], { DATA_DIR: dataDir });
      expect(made.stderr).toBe('');
      expect(made.code).toBe(0);
      expect(made.stdout).toMatch(/^Wrote .*export\.sql: \d+ rows of \d+ tables and \d+ waiting jobs/);
      const text = readFileSync(exportFile, 'utf8');
      expect(text).toMatch(/^-- Kibali/);
      expect(text).toContain('BEGIN;');
      expect(text.trimEnd().endsWith('COMMIT;')).toBe(true);
      const again = await run('db-export', [exportFile], { DATA_DIR: dataDir });
      expect(again.code).toBe(1);
      expect(again.stderr.trim()).toBe(`${exportFile} exists already: name a new file.`);
    },
    SETUP_MS,
  );

  describe.runIf(postgresRun && (adminUrl || process.env.CI === 'true'))('PostgreSQL', () => {
    beforeAll(() => {
      if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set, and CI=true needs the PostgreSQL parts to run');
    });

    /** A new database brought to the latest migration the way `npm run db:migrate` does (and seeded). */
    async function migratedDatabase(): Promise<string> {
      const url = await createDatabase();
      databases.push(url);
      const migrated = await openConfiguredDatabase(testConfig({ DATABASE_URL: url }));
      await migrated.close();
      return url;
    }

    it(
      'imports with psql into a migrated database: the same rows, sequences and waiting jobs; the app answers the same',
      async () => {
        const url = await migratedDatabase();
        await psql(url, exportFile);
        const target = await openDatabase({ databaseUrl: url });
        try {
          const imported = await snapshot(target.db);
          expect(Object.keys(imported.tables)).toEqual(Object.keys(source.tables));
          for (const table of Object.keys(source.tables))
            expect(imported.tables[table], table).toEqual(source.tables[table]);
          expect(imported.sequences).toEqual(source.sequences);
          expect(imported.jobs).toEqual(source.jobs);
        } finally {
          await target.close();
        }

        const t = await appOn(testConfig({ ...config, DATABASE_URL: url }), await openDatabase({ databaseUrl: url }));
        try {
          // The applicant's session goes on as it was; staff see the same application.
          expect((await dashboardCall(t, 'get_application', cookie)).body).toEqual(applicantView);
          expect((await staff(t, 'get_application', { reference_number: reference })).body).toEqual(staffView);
          // New rows continue the copied sequences instead of colliding with the copied ids.
          const note = { reference_number: reference, title: 'Tena', message: 'Ujumbe mpya.' };
          expect((await staff(t, 'add_notification', note)).status).toBe(200);
        } finally {
          await t.close();
        }
      },
      SETUP_MS,
    );

    it(
      'refuses to import into a database without the migrations, changing nothing',
      async () => {
        const url = await createDatabase();
        databases.push(url);
        const failed = await psql(url, exportFile).catch((error: { stderr: string }) => error);
        expect(failed.stderr).toMatch(/run npm run db:migrate on it with the same version/);
        const db = await openDatabase({ databaseUrl: url });
        try {
          const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from pg_tables where schemaname = 'public'`.execute(db.db);
          expect(rows[0]!.n).toBe(0);
        } finally {
          await db.close();
        }
        // Nor into one at other migrations (another Kibali version): its seeded rows stay as they were.
        const other = await migratedDatabase();
        const odd = await openDatabase({ databaseUrl: other });
        try {
          await sql`delete from kysely_migration where name = (select max(name) from kysely_migration)`.execute(odd.db);
          const before = await snapshot(odd.db);
          const refused = await psql(other, exportFile).catch((error: { stderr: string }) => error);
          expect(refused.stderr).toMatch(/is not at the migrations of the export \(the last is /);
          expect(await snapshot(odd.db)).toEqual(before);
        } finally {
          await odd.close();
        }
      },
      SETUP_MS,
    );

    it(
      'backs up PostgreSQL with pg_dump -Fc and restores it with pg_restore into a new database',
      async () => {
        const url = await migratedDatabase();
        await psql(url, exportFile);
        const dump = path.join(root, 'kibali.dump');
        await exec('pg_dump', ['-Fc', '--no-owner', '-d', url, '-f', dump]);
        const restored = await createDatabase();
        databases.push(restored);
        await exec('pg_restore', ['--no-owner', '--exit-on-error', '-d', restored, dump]);
        const [a, b] = await Promise.all([openDatabase({ databaseUrl: url }), openDatabase({ databaseUrl: restored })]);
        try {
          expect(await snapshot(b.db)).toEqual(await snapshot(a.db));
        } finally {
          await Promise.all([a.close(), b.close()]);
        }
      },
      SETUP_MS,
    );
  });

  it(
    'backs up the embedded database into a tarball and restores it into another data directory',
    async () => {
      const tarball = path.join(root, 'backup.tar.gz');
      const made = await run('db-backup', [tarball], { DATA_DIR: dataDir });
      expect(made.stderr).toBe('');
      expect(made.code).toBe(0);
      const elsewhere = path.join(root, 'restored');
      const restored = await run('db-restore', [tarball], { DATA_DIR: elsewhere });
      expect(restored.stderr).toBe('');
      expect(restored.code).toBe(0);
      const db = await openConfiguredDatabase(testConfig({ DATA_DIR: elsewhere }));
      try {
        expect(await snapshot(db.db)).toEqual(source);
      } finally {
        await db.close();
      }
      // A database already there is replaced only when asked, and then kept aside.
      const refused = await run('db-restore', [tarball], { DATA_DIR: elsewhere });
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toMatch(/holds a database already: add --replace/);
      const replaced = await restorePglite(tarball, elsewhere, {
        replace: true,
        now: new Date('2026-01-02T03:04:05Z'),
      });
      expect(replaced.movedAside).toBe(path.join(elsewhere, 'pglite.before-restore-2026-01-02T03-04-05-000Z'));
    },
    SETUP_MS,
  );

  it(
    'refuses a backup while a server holds the data directory, and a restore of a file that is no backup',
    async () => {
      const unlock = await lockDataDir(dataDir);
      try {
        await expect(backupPglite(dataDir, path.join(root, 'held.tar.gz'))).rejects.toThrow(/is in use by another/);
      } finally {
        await unlock();
      }
      const junk = path.join(root, 'junk.tar.gz');
      writeFileSync(junk, 'not a tarball');
      const target = path.join(root, 'junk-target');
      await expect(restorePglite(junk, target)).rejects.toThrow(/is not a backup of Kibali's database/);
    },
    SETUP_MS,
  );

  it(
    'exports through the library with the same content as the script',
    async () => {
      const again = path.join(root, 'again.sql');
      const db = await openConfiguredDatabase(config);
      try {
        const summary = await exportToFile(db.db, again, new Date('2026-01-01T00:00:00Z'));
        expect(summary.jobs).toBe(source.jobs.length);
        expect(summary.rows).toBe(Object.values(source.tables).reduce((n, rows) => n + rows.length, 0));
      } finally {
        await db.close();
      }
    },
    SETUP_MS,
  );
});
