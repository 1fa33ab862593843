import { createHash } from 'node:crypto';
import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

const SOURCE = path.resolve(import.meta.dirname, '../src/client/sw/service-worker.ts');

/**
 * Builds /sw.js (src/client/sw/service-worker.ts) beside the app: one file at the root (a worker's
 * scope is its folder), named by no hash, its cache named by the build (a hash of every file the build
 * wrote), so that a new deploy gets a new worker that drops the old cache. The server serves it with
 * `Cache-Control: no-cache` like every unhashed file.
 */
export function serviceWorkerPlugin(): Plugin {
  return {
    name: 'kibali-service-worker',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const version = createHash('sha256').update(Object.keys(bundle).sort().join('\n')).digest('hex').slice(0, 12);
      const result = await build({
        entryPoints: [SOURCE],
        bundle: true,
        write: false,
        format: 'iife',
        minify: true,
        target: 'es2020',
        define: { __KIBALI_BUILD__: JSON.stringify(version) },
        logLevel: 'warning',
      });
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: result.outputFiles[0]!.text });
    },
  };
}
