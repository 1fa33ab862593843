import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The project's root (where package.json, schemas/ and locales/ are), found from this module's own
 * place: src/server/… when run from the sources, dist/server/ when run from the built server.
 */
function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}: where is the project?`);
  }
}

export const PROJECT_ROOT = projectRoot(import.meta.dirname);

/** Where the repository keeps the forms (the source and export format of the published versions). */
export const SCHEMAS_DIR = path.join(PROJECT_ROOT, 'schemas');
