import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A server module's repository is its own: another module calls the module's service or operation,
// never its SQL (issue 32, item 5). The imports that still do are listed below with what they reach
// for; the list only shrinks (issue 32, item 3 moves each behind its owner), and a new one fails.

const root = path.resolve(import.meta.dirname, '../..');

/** `importing file -> imported repository`, each still to go behind its owner's service. */
const NOT_MOVED_YET: string[] = [];

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g;

/** Each import in `source` (a file of `src/server/<module>/`) of another module's `*-repository`. */
export function foreignRepositoryImports(file: string, source: string): string[] {
  const [, , ownModule, ...inModule] = file.split('/');
  // The wiring (src/server/app.ts, main.ts, and the module plugins app.ts registers, src/server/plugins/)
  // builds every module's parts: it is no module.
  if (inModule.length === 0 || ownModule === 'plugins') return [];
  const found: string[] = [];
  for (const [, specifier] of source.matchAll(IMPORT)) {
    // Type-only imports leave nothing at run time, but they still tie the two modules' tables: counted too.
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier!));
    const [, server, owner, ...rest] = target.split('/');
    if (server !== 'server' || owner === ownModule || owner === 'db') continue;
    // A repository grown into a folder is reached through its index or one of its files.
    if (rest.some((part) => /-repository$/.test(part))) found.push(`${file} -> ${target}`);
  }
  return found;
}

const serverFiles = (dir: string): string[] =>
  readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => path.posix.join(dir, name.split(path.sep).join('/')));

describe("a server module never imports another module's repository", () => {
  it('finds a planted import, and passes its own repository, the database layer and services', () => {
    const planted = [
      "import { findByReference } from '../applications/applications-repository';",
      "import { rowsOf } from './permits-repository';",
      "import type { Database } from '../db/schema';",
      "import { DashboardService } from '../dashboard/dashboard-service';",
      "export { openRound } from '../changes/changes-repository';",
      "import { statusOf } from '../applications/applications-repository/status-rows';",
    ].join('\n');
    expect(foreignRepositoryImports('src/server/app.ts', planted)).toEqual([]);
    expect(foreignRepositoryImports('src/server/plugins/probe-plugin.ts', planted)).toEqual([]);
    expect(foreignRepositoryImports('src/server/permits/probe.ts', planted)).toEqual([
      'src/server/permits/probe.ts -> src/server/applications/applications-repository',
      'src/server/permits/probe.ts -> src/server/changes/changes-repository',
      'src/server/permits/probe.ts -> src/server/applications/applications-repository/status-rows',
    ]);
  });

  it('no import but those still listed, and every listed one still there', () => {
    const found = serverFiles('src/server').flatMap((file) =>
      foreignRepositoryImports(file, readFileSync(path.join(root, file), 'utf8')),
    );
    expect(found.filter((line) => !NOT_MOVED_YET.includes(line))).toEqual([]);
    expect(NOT_MOVED_YET.filter((line) => !found.includes(line))).toEqual([]);
  });
});
