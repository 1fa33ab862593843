import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * A server entry (src/server/main.ts, a script of src/server/scripts) bundled once per test process,
 * as `npm run build:server` bundles the server: a child process then starts in about a second instead
 * of the several that tsx takes to compile the same sources on each start. The bundle sits under the
 * project (node_modules/.cache) so that its packages and the project's root are found from it as from
 * dist/server; it is removed when the process exits.
 */

const root = path.resolve(import.meta.dirname, '../..');
const outDir = path.join(root, 'node_modules', '.cache', 'kibali-test-bundles', String(process.pid));
const bundles = new Map<string, Promise<string>>();
let cleanupRegistered = false;

/** The path of the bundle of `entry` (relative to the project's root), built on first use. */
export function bundledScript(entry: string): Promise<string> {
  let bundle = bundles.get(entry);
  if (!bundle) {
    if (!cleanupRegistered) {
      cleanupRegistered = true;
      process.once('exit', () => rmSync(outDir, { recursive: true, force: true }));
    }
    const outfile = path.join(outDir, `${entry.replace(/[^\w]+/g, '_')}.mjs`);
    bundle = build({
      absWorkingDir: root,
      entryPoints: [entry],
      outfile,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      packages: 'external',
      logLevel: 'warning',
    }).then(() => outfile);
    bundles.set(entry, bundle);
  }
  return bundle;
}
