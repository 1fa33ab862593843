import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverNodeFlags } from '../../scripts/server-flags';

const withServe = (serve: string) => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'kibali-flags-')), 'package.json');
  writeFileSync(file, JSON.stringify({ scripts: { serve } }));
  return file;
};

describe("the server's Node flags (npm run serve)", () => {
  it('are flags this Node takes: production starts with them, and so do the bench and the browser tests', () => {
    const flags = serverNodeFlags();
    expect(flags.length).toBeGreaterThan(0);
    // An unknown or misspelt V8 flag would stop the server from starting at all.
    const heap = execFileSync(
      process.execPath,
      [...flags, '-e', 'process.stdout.write(String(require("v8").getHeapStatistics().total_heap_size > 0))'],
      { encoding: 'utf8' },
    );
    expect(heap).toBe('true');
  });

  it('are read between node and the built server, and a serve script of another shape is refused', () => {
    expect(serverNodeFlags(withServe('node dist/server/main.js'))).toEqual([]);
    expect(serverNodeFlags(withServe('node --max-semi-space-size=8 --expose-gc dist/server/main.js'))).toEqual([
      '--max-semi-space-size=8',
      '--expose-gc',
    ]);
    expect(() => serverNodeFlags(withServe('tsx src/server/main.ts'))).toThrow(/serve script/);
  });
});
