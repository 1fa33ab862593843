import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../../src/server/config';

// deploy/ is what the ministry's operators copy onto a machine: it must name what the code reads.
const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('deploy/', () => {
  it('.env.example describes every configuration variable, and no other', () => {
    const named = [...read('deploy/.env.example').matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
    expect([...new Set(named)].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it('the systemd units start the built server and job runner, the servers leaving jobs to the runner', () => {
    const server = read('deploy/systemd/kibali@.service');
    const jobs = read('deploy/systemd/kibali-jobs.service');
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(server).toMatch(/^ExecStart=\/usr\/bin\/node .*dist\/server\/main\.js$/m);
    expect(server).toMatch(/^Environment=RUN_JOBS=0$/m);
    expect(server).toMatch(/^Environment=PORT=%i$/m);
    expect(jobs).toMatch(/^ExecStart=\/usr\/bin\/node dist\/server\/jobs-main\.js$/m);
    // The build makes both files the units start.
    expect(scripts['build:server']).toContain('src/server/main.ts');
    expect(scripts['build:server']).toContain('src/server/jobs-main.ts');
  });
});
