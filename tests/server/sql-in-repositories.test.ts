import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

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

const checked = serverFiles(serverDir).filter(
  (file) => !file.endsWith('-repository.ts') && !file.startsWith(DATABASE_LAYER) && !(file in EXEMPT),
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
