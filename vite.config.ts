import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vitest/config';
import { precompress } from './scripts/precompress';

const outDir = path.resolve(import.meta.dirname, 'dist/client');

function precompressPlugin(): Plugin {
  return {
    name: 'kibali-precompress',
    apply: 'build',
    async closeBundle() {
      await precompress(outDir);
    },
  };
}

export default defineConfig({
  plugins: [react(), precompressPlugin()],
  build: { outDir, emptyOutDir: true, sourcemap: false, target: 'es2022' },
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080' } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'node', environment: 'node', include: ['tests/{content,shared,server}/**/*.test.ts'] },
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
    ],
  },
});
