import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vitest/config';
import { precompress } from './scripts/precompress.ts';

const outDir = path.resolve(import.meta.dirname, 'dist/client');

/**
 * What RJSF imports and our forms never use, replaced for RJSF alone (see each replacement): @rjsf/mui's
 * RangeWidget (MUI's Slider; its widget list imports every widget, used or not) by RJSF's own, and
 * fast-uri (for 2020-12 `$id`s) by the browser's URL. ~14 KiB of gzip off the wizard's first step.
 */
function rjsfTrimPlugin(): Plugin {
  const vendor = (file: string) => path.resolve(import.meta.dirname, 'src/client/vendor', file);
  const from = (importer: string | undefined, pkg: string) =>
    importer?.split(path.sep).join('/').includes(`/node_modules/@rjsf/${pkg}/`) ?? false;
  return {
    name: 'kibali-rjsf-trim',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '../RangeWidget/RangeWidget.js' && from(importer, 'mui')) return vendor('rjsf-range-widget.tsx');
      if (source === 'fast-uri' && from(importer, 'utils')) return vendor('fast-uri.ts');
      return null;
    },
  };
}

function precompressPlugin(): Plugin {
  return {
    name: 'kibali-precompress',
    apply: 'build',
    async closeBundle() {
      await precompress(outDir);
    },
  };
}

/** `npm run dev:mock`: serves MSW's service worker from node_modules, so no generated file is committed. */
function mockWorkerPlugin(): Plugin {
  return {
    name: 'kibali-mock-worker',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.end(readFileSync(path.resolve(import.meta.dirname, 'node_modules/msw/lib/mockServiceWorker.js')));
      });
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [react(), rjsfTrimPlugin(), precompressPlugin(), ...(mode === 'mock' ? [mockWorkerPlugin()] : [])],
  resolve: {
    // RJSF's Markdown renderer, which no form of ours turns on: plain text instead (see the file).
    alias: { 'markdown-to-jsx/react': path.resolve(import.meta.dirname, 'src/client/vendor/markdown-as-text.tsx') },
  },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What nearly every page but the landing page uses of MUI (its styling engine, emotion, and
          // the components of every page) as one file, loaded with the first such page: left to
          // itself the bundler cuts them into ~30 files of a few KB, each a request and each
          // compressed alone. React, which they import too, stays in a file of its own that every
          // page loads (a group takes the modules its modules import, unless a group before it has).
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            {
              name: 'mui-core',
              priority: 1,
              test: /node_modules[\\/](@emotion|stylis|@mui[\\/](system|utils|styled-engine|private-theming)|@mui[\\/]material[\\/](styles|utils|internal|ButtonBase|Typography|Button|Box|Paper|SvgIcon|Link|Alert|IconButton|CircularProgress|Stack|Grid|Container|useMediaQuery|zero-styled|DefaultPropsProvider|GlobalStyles))[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: mode === 'mock' ? undefined : { '/api': 'http://localhost:8080' } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'node', environment: 'node', include: ['tests/{content,shared,server,security}/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/client/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        // `npm run test:faults`: servers in their own processes killed, stopped and cut off from their database.
        test: {
          name: 'faults',
          environment: 'node',
          include: ['tests/faults/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
}));
