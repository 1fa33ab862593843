import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * A server entry (src/server/main.ts, a script of src/server/scripts) bundled once per test process,
 * as `npm run build:server` bundles the server: a child process then starts in about a second instead
 * of the several that tsx takes to compile the same sources on each start. The bundle sits under the
 * project (node_modules/.cache) so that its packages and the project's root are found from it as from
 * dist/server; it is removed when the process exits. The studio's check worker is bundled beside it, as
 * in dist/server (src/server/studio/draft-checks.ts finds it there).
 */

const root = path.resolve(import.meta.dirname, '../..');
const outDir = path.join(root, 'node_modules', '.cache', 'kibali-test-bundles', String(process.pid));
const bundles = new Map<string, Promise<string>>();
const CHECK_WORKER = 'src/server/studio/draft-check-worker.ts';
let worker: Promise<unknown> | undefined;
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
    const options = {
      absWorkingDir: root,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      packages: 'external',
      logLevel: 'warning',
    } as const;
    bundle = Promise.all([
      build({ ...options, entryPoints: [entry], outfile }),
      (worker ??= build({
        ...options,
        entryPoints: [CHECK_WORKER],
        outfile: path.join(outDir, 'draft-check-worker.mjs'),
      })),
    ]).then(() => outfile);
    bundles.set(entry, bundle);
  }
  return bundle;
}
