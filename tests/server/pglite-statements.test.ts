import { PGlite } from '@electric-sql/pglite';
import { CompiledQuery, Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteDialect } from '../../src/server/db/pglite-dialect';
import { PGliteStatements } from '../../src/server/db/pglite-statements';

interface Tables {
  thing: {
    id: number;
    name: string;
    at: Date;
    day: string;
    data: Record<string, unknown>;
    yes: boolean;
    amount: string;
    big: string;
  };
}

/** Kysely's statements run prepared on PGlite (parsed once per SQL text): the same answers as PGlite's query(). */
describe('PGlite prepared statements', () => {
  let pglite: PGlite;
  let db: Kysely<Tables>;

  beforeAll(async () => {
    pglite = new PGlite('memory://');
    db = new Kysely<Tables>({ dialect: new PGliteDialect(pglite) });
    await sql`create table thing (
      id serial primary key, name text unique not null, at timestamptz not null, day date not null,
      data jsonb not null, yes boolean not null, amount numeric(12, 2) not null, big bigint not null
    )`.execute(db);
  }, 60_000);
  afterAll(() => db.destroy());

  const row = (name: string) => ({
    name,
    at: new Date('2026-11-22T10:11:12.345Z'),
    day: '2026-11-22',
    data: JSON.stringify({ text: `ā “quoted” \\ ${name}`, list: [1, 2.5, null], nested: { ok: true } }),
    yes: name.length % 2 === 0,
    amount: '1234.50',
    big: '9007199254740993',
  });

  it('answers as query() does, run after run, for every kind of value', async () => {
    for (let i = 0; i < 3; i++) {
      await db
        .insertInto('thing')
        .values(row(`n${i}`) as never)
        .execute();
    }
    for (let i = 0; i < 3; i++) {
      const viaKysely = await db.selectFrom('thing').selectAll().where('name', '=', `n${i}`).executeTakeFirstOrThrow();
      const viaQuery = (await pglite.query('select * from thing where name = $1', [`n${i}`])).rows[0];
      expect(viaKysely).toEqual(viaQuery);
      expect(viaKysely.at).toEqual(new Date('2026-11-22T10:11:12.345Z'));
      expect(viaKysely.data).toEqual({ text: `ā “quoted” \\ n${i}`, list: [1, 2.5, null], nested: { ok: true } });
    }
    const found = await db
      .selectFrom('thing')
      .select('name')
      .where('at', '=', new Date('2026-11-22T10:11:12.345Z'))
      .where('yes', '=', true)
      .where('name', 'in', ['n0', 'n2', 'none'])
      .orderBy('name')
      .execute();
    expect(found.map((r) => r.name)).toEqual(['n0', 'n2']);
    const updated = await db.updateTable('thing').set({ yes: false }).where('name', 'like', 'n%').executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(3n);
  });

  it('reports errors as the database gives them, and goes on after them', async () => {
    const duplicate = await db
      .insertInto('thing')
      .values(row('n0') as never)
      .execute()
      .catch((e: unknown) => e);
    expect(duplicate).toMatchObject({ code: '23505', query: expect.stringContaining('insert into') });
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('thing').set({ name: 'renamed' }).where('name', '=', 'n1').execute();
        await trx
          .insertInto('thing')
          .values(row('n0') as never)
          .execute();
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const names = await db.selectFrom('thing').select('name').orderBy('name').execute();
    expect(names.map((r) => r.name)).toEqual(['n0', 'n1', 'n2']);
  });

  it('sees a changed table after a schema change', async () => {
    const before = await db.selectFrom('thing').selectAll().where('name', '=', 'n0').executeTakeFirstOrThrow();
    expect(Object.keys(before)).not.toContain('extra');
    await sql`alter table thing add column extra text not null default 'x'`.execute(db);
    const after = await db.selectFrom('thing').selectAll().where('name', '=', 'n0').executeTakeFirstOrThrow();
    expect((after as unknown as { extra: string }).extra).toBe('x');
  });

  it('runs a raw single statement with parameters prepared too (the job runner writes its jobs so)', async () => {
    const text =
      'insert into thing (name, at, day, data, yes, amount, big) values ($1, $2, $3, $4, $5, $6, $7) returning id';
    const r = row('raw');
    const inserted = await db.executeQuery<{ id: number }>(
      CompiledQuery.raw(text, [r.name, r.at, r.day, r.data, r.yes, r.amount, r.big]),
    );
    expect(inserted.rows).toHaveLength(1);
    const viaQuery = (await pglite.query('select * from thing where name = $1', ['raw'])).rows[0];
    const viaKysely = await db.selectFrom('thing').selectAll().where('name', '=', 'raw').executeTakeFirstOrThrow();
    expect(viaKysely).toEqual(viaQuery);
    const kept = await pglite.query('select 1 from pg_prepared_statements where statement = $1', [text]);
    expect(kept.rows).toHaveLength(1);
    // Several statements in one text, or none of select/insert/update/delete, still go through query().
    await db.executeQuery(CompiledQuery.raw("update thing set yes = true where name = 'raw'; select 1"));
    const script = await pglite.query(
      "select 1 from pg_prepared_statements where statement like 'update thing set yes%'",
    );
    expect(script.rows).toHaveLength(0);
  });

  it('keeps at most its limit of statements, closing the least recently used', async () => {
    const statements = new PGliteStatements(pglite, 3);
    for (let i = 0; i < 10; i++) {
      const result = await statements.query<{ n: number }>(`select $1::int + ${i} as n`, [i]);
      expect(result.rows).toEqual([{ n: 2 * i }]);
    }
    const kept = await pglite.query<{ n: number }>(
      "select count(*)::int as n from pg_prepared_statements where name like 'kibali_%'",
    );
    // This cache's 3, and those of the dialect above (a separate cache on the same session).
    expect(kept.rows[0]!.n).toBeLessThanOrEqual(3 + 20);
    await statements.forgetAll();
  });
});
