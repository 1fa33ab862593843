import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TABLE_OWNERS } from '../../src/server/db/table-owners';

/**
 * "Repositories hold every line of SQL" (the design's rules): a server file that builds a query must be
 * a module's `*-repository.ts`. Services, routes, jobs and scripts call repository functions, passing
 * the `db` or the transaction they hold.
 */

const root = path.resolve(import.meta.dirname, '../..');
const serverDir = path.join(root, 'src/server');

/**
 * Not modules' code, and so free to write SQL: `src/server/db/` opens the database and holds the
 * frozen migrations (which never import app code), export, backup and the seeds.
 */
const DATABASE_LAYER = 'src/server/db/';

/** Files that run SQL by design, each with its reason. */
const EXEMPT: Record<string, string> = {
  // The job runner's adapter: it runs pg-boss's own SQL through our Kysely (so a job is written in the
  // transaction of the change that causes it); infrastructure, like src/server/db/.
  'src/server/jobs/job-runner.ts': 'pg-boss adapter',
};

/**
 * Modules whose SQL is still to move to their repository (issue 20, item 2): the list shows what is
 * left. A file leaves it once it builds no query (the test below says so).
 */
const NOT_MOVED_YET: string[] = [];

/** Kysely's query builders and raw SQL: what only a repository (or the database layer) may write. */
const QUERY = [
  /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)\(/,
  /\bsql(<[^`]*?>)?`/,
  /\bsql\.(raw|table|ref|id|join|lit|val)\(/,
  /\bCompiledQuery\.raw\(/,
];

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(full);
    return /\.tsx?$/.test(entry.name) ? [path.relative(root, full).split(path.sep).join('/')] : [];
  });
}

/** The lines of the file that build a query, as `path:line`. */
function queryLines(file: string): string[] {
  return readFileSync(path.join(root, file), 'utf8')
    .split('\n')
    .flatMap((line, i) => (QUERY.some((pattern) => pattern.test(line)) ? [`${file}:${i + 1}`] : []));
}

/**
 * The repository a file belongs to: itself (`*-repository.ts`), or the folder it is in when a
 * repository grew into one (`*-repository/`, each file a part of its owner's statements).
 */
const repositoryOf = (file: string) => /^(.*-repository\/)/.exec(file)?.[1] ?? file;
const isRepository = (file: string) => /-repository(\.ts|\/)$/.test(repositoryOf(file));

const checked = serverFiles(serverDir).filter(
  (file) => !isRepository(file) && !file.startsWith(DATABASE_LAYER) && !(file in EXEMPT),
);

describe('all SQL in repositories', () => {
  it('finds the server files it checks (the walk works)', () => {
    expect(checked.length).toBeGreaterThan(50);
    expect(checked).toContain('src/server/dashboard/dashboard-service.ts');
  });

  it('no server file outside a repository and the database layer builds a query', () => {
    const offending = checked.filter((file) => !NOT_MOVED_YET.includes(file)).flatMap(queryLines);
    expect(offending, 'move these queries into the module’s *-repository.ts').toEqual([]);
  });

  it('the files still to move and the exempt ones exist and still build queries (else leave the list)', () => {
    for (const file of [...NOT_MOVED_YET, ...Object.keys(EXEMPT)]) expect(queryLines(file), file).not.toEqual([]);
  });

  it('sees a query written in any of its forms', () => {
    const lines = [
      "db.selectFrom('application')",
      "    .insertInto('x')",
      'trx.updateTable(t)',
      '.deleteFrom(t)',
      'sql`select 1`',
      'sql<number>`count(*)`',
      'sql.raw(text)',
      'CompiledQuery.raw(text)',
    ];
    for (const line of lines)
      expect(
        QUERY.some((pattern) => pattern.test(line)),
        line,
      ).toBe(true);
    expect(QUERY.some((pattern) => pattern.test('const selected = rows.filter(Boolean);'))).toBe(false);
  });
});

/**
 * One owner per table (issue 32, item 3; the owners are src/server/db/table-owners.ts): a statement's
 * main table (selectFrom, insertInto, updateTable, deleteFrom, and `delete from`/`insert into`/`update`
 * in raw SQL) must be owned by the file that writes the statement. A join (or a raw `from`/`join` in a
 * subquery) reads another table: allowed in a read of the owner's main table only where listed here
 * with its reason.
 */
const JOINED_READS: Record<string, Record<string, string>> = {
  'src/server/applications/applications-repository/': {
    permit: 'the status shown to staff and by SMS: an issued permit past its latest end reads "expired"',
    reminder_sent: 'an idle draft is reminded of once since its last save (the reminders’ job)',
    change_round:
      'the officers’ queue: a returned application is overdue when its open changes are past their deadline',
  },
  'src/server/applications/save-receipts-repository.ts': {
    application: 'a repeated save is answered with its draft’s reference number, type and status',
  },
  'src/server/changes/changes-repository.ts': {
    application: 'the overdue and due rounds list their reference number and count only returned applications',
  },
  'src/server/messages/conversation-repository.ts': {
    application: 'the unit’s inbox lists each message with its application’s reference number',
  },
  'src/server/payments/payment-exceptions-repository.ts': {
    payment: 'an exception shows the payment it came from (and the money report sums the payments)',
    invoice: 'the money report sums what the invoices took',
    application: 'an exception lists its application’s reference number',
  },
  'src/server/payments/invoices-repository.ts': {
    application: 'an invoice due is reminded of on its application’s phone, in its language',
    reminder_sent: 'and once at its current due date (the reminders’ job)',
  },
  'src/server/payments/payments-repository.ts': {
    invoice: 'bills to reissue or check are those of unpaid invoices; a receipt shows the invoice it paid',
    application: 'a receipt shows, and is limited to, its application',
  },
  'src/server/permits/permits-repository.ts': {
    application: 'a permit is verified and printed with its application’s reference number and answers',
    reminder_sent: 'an expiring permit is reminded of once at its end date (the reminders’ job)',
  },
  'src/server/permits/renewals-repository.ts': {
    application: 'a renewal request is listed with its application’s reference number',
    permit: 'and with the number of the permit it renews',
  },
};

/** Files that query tables of every module by design, each with its reason. */
const TABLE_EXEMPT: Record<string, string> = {
  // The retention sweep deletes expired rows of each table by its retention period, and an abandoned
  // draft with every row of it (APPLICATION_CHILDREN): one sweep over all the tables, as the database layer.
  'src/server/retention/retention-repository.ts': 'retention sweep',
};

/** `file -> table` statements still written outside the table's owner: the list only shrinks. */
const NOT_OWNED_YET: string[] = [];

const TABLES = new Set(Object.keys(TABLE_OWNERS));

/** Comments blanked (their lines kept), so that prose about a table is not a query of it. */
const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' ')).replace(/(^|[^:])\/\/.*$/gm, '$1');

const MAIN = [
  /\.(?:selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*['"`]([a-z_]+)/g,
  /\b(?:delete\s+from|insert\s+into|update)\s+([a-z_]+)/gi,
];
const JOINED = [
  /\.(?:innerJoin|leftJoin|rightJoin|fullJoin|crossJoin|innerJoinLateral|leftJoinLateral|crossJoinLateral)\(\s*['"`]([a-z_]+)/g,
  /(?<!delete\s)\b(?:from|join)\s+([a-z_]+)/gi,
  // A subquery built with the expression builder's own selectFrom (`({ selectFrom }) => exists(selectFrom(…))`).
  /(?<![.\w])selectFrom\(\s*['"`]([a-z_]+)/g,
];

/** Each table a file's statements query: `file -> table` (main) or `file -> table (joined)`, not owned by the file. */
export function foreignTableStatements(file: string, source: string): string[] {
  const text = withoutComments(source);
  const owner = repositoryOf(file);
  const found = new Set<string>();
  const main = new Set<number>();
  for (const pattern of MAIN)
    for (const match of text.matchAll(pattern)) {
      const table = match[1]!;
      if (!TABLES.has(table)) continue;
      main.add(match.index + match[0].length);
      if (TABLE_OWNERS[table as keyof typeof TABLE_OWNERS] !== owner) found.add(`${file} -> ${table}`);
    }
  for (const pattern of JOINED)
    for (const match of text.matchAll(pattern)) {
      const table = match[1]!;
      if (!TABLES.has(table) || main.has(match.index + match[0].length)) continue;
      if (TABLE_OWNERS[table as keyof typeof TABLE_OWNERS] === owner || JOINED_READS[owner]?.[table]) continue;
      found.add(`${file} -> ${table} (joined)`);
    }
  return [...found];
}

const ownersChecked = serverFiles(serverDir).filter(
  (file) => !file.startsWith(DATABASE_LAYER) && !(file in EXEMPT) && !(file in TABLE_EXEMPT),
);

describe('one owner per table', () => {
  it('every owner is a repository that exists', () => {
    for (const owner of new Set(Object.values(TABLE_OWNERS))) {
      expect(owner, owner).toMatch(/-repository(\.ts|\/)$/);
      expect(
        serverFiles(serverDir).some((file) => repositoryOf(file) === owner),
        owner,
      ).toBe(true);
    }
  });

  it('finds a planted statement on a foreign table, and passes the owner’s own and its listed joins', () => {
    const planted = [
      "  await db.selectFrom('permit').select('id').execute();",
      '  await trx',
      "    .updateTable('application')",
      "    .set({ status: 'x' })",
      "    .innerJoin('invoice', 'invoice.id', 'bill.invoice_id')",
      "  // a comment about selectFrom('notification') is prose",
      '  sql`delete from attachment where id = ${id}`',
      '  sql`select (select 1 from payment) as p`',
      "  db.selectFrom('bill').select('id')",
      "  .where(({ exists, selectFrom }) => exists(selectFrom('reminder_sent as r').select('r.id')))",
    ].join('\n');
    expect(foreignTableStatements('src/server/captcha/captcha-repository.ts', planted).sort()).toEqual([
      'src/server/captcha/captcha-repository.ts -> application',
      'src/server/captcha/captcha-repository.ts -> attachment',
      'src/server/captcha/captcha-repository.ts -> bill',
      'src/server/captcha/captcha-repository.ts -> invoice (joined)',
      'src/server/captcha/captcha-repository.ts -> payment (joined)',
      'src/server/captcha/captcha-repository.ts -> permit',
      'src/server/captcha/captcha-repository.ts -> reminder_sent (joined)',
    ]);
    // The owner's own table, and a join it lists in JOINED_READS (payments-repository reads invoices).
    const owned = ["db.selectFrom('bill')", "  .innerJoin('invoice', 'invoice.id', 'bill.invoice_id')"].join('\n');
    expect(foreignTableStatements('src/server/payments/payments-repository.ts', owned)).toEqual([]);
    expect(foreignTableStatements('src/server/permits/permits-repository.ts', "db.selectFrom('permit')")).toEqual([]);
    // A repository grown into a folder: each of its files owns the folder's tables, and no other file does.
    const inFolder = 'src/server/applications/applications-repository/staff-search.ts';
    expect(foreignTableStatements(inFolder, "db.selectFrom('application').leftJoin('permit', 'a', 'b')")).toEqual([]);
    expect(foreignTableStatements(inFolder, "db.selectFrom('invoice')")).toEqual([`${inFolder} -> invoice`]);
    const beside = 'src/server/applications/applications-repository.ts';
    expect(foreignTableStatements(beside, "db.selectFrom('application')")).toEqual([`${beside} -> application`]);
  });

  it('no table queried outside its owner but those still listed, and every listed one still there', () => {
    const found = ownersChecked.flatMap((file) =>
      foreignTableStatements(file, readFileSync(path.join(root, file), 'utf8')),
    );
    expect(found.filter((line) => !NOT_OWNED_YET.includes(line))).toEqual([]);
    expect(NOT_OWNED_YET.filter((line) => !found.includes(line))).toEqual([]);
  });

  it('the exempt files and the listed joins exist', () => {
    for (const file of [...Object.keys(TABLE_EXEMPT), ...Object.keys(JOINED_READS)])
      expect(serverFiles(serverDir).map(repositoryOf), file).toContain(file);
  });
});
