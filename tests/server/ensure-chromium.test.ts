import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The test command's first step on a machine without the browser the browser tests need: a wrong
// CHROMIUM_PATH is said as such, at once, and nothing else runs.

const root = path.resolve(import.meta.dirname, '../..');

function ensure(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/ensure-chromium.ts'],
      { cwd: root, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
    );
  });
}

describe('the test command checks for Chromium first', () => {
  it('stops with the reason when CHROMIUM_PATH names nothing', async () => {
    const res = await ensure({ CHROMIUM_PATH: '/nonexistent/chromium' });
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toBe(
      'CHROMIUM_PATH names /nonexistent/chromium, which does not exist: set it to a Chromium binary, or unset it.',
    );
  });

  it('goes on, saying nothing, when the browser is there', async () => {
    const res = await ensure({ CHROMIUM_PATH: process.execPath });
    expect(res).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});
