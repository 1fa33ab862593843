// `npm test`: every phase in turn, stopping at the first that fails, then the time each took, so a
// slow phase is seen in every run (CI's log included) without timing anything inside a test.
import { spawnSync } from 'node:child_process';

interface Phase {
  name: string;
  command: string;
}

const PHASES: Phase[] = [
  { name: 'chromium', command: 'tsx scripts/ensure-chromium.ts' },
  { name: 'typecheck, lint, format', command: 'run-p --print-label typecheck lint:code lint:format' },
  { name: 'unit and API', command: 'npm run test:unit' },
  { name: 'build', command: 'npm run build' },
  { name: 'byte budgets', command: 'npm run test:budgets' },
  { name: 'browser', command: 'npm run test:e2e' },
  { name: 'faults', command: 'npm run test:faults' },
];

const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;

function report(done: { name: string; ms: number; ok: boolean }[]): void {
  const width = Math.max(...done.map((phase) => phase.name.length));
  console.log('\nnpm test, each phase:');
  for (const phase of done)
    console.log(`  ${phase.name.padEnd(width)}  ${minutes(phase.ms).padStart(9)}${phase.ok ? '' : '  FAILED'}`);
  console.log(`  ${'all'.padEnd(width)}  ${minutes(done.reduce((sum, phase) => sum + phase.ms, 0)).padStart(9)}`);
}

const done: { name: string; ms: number; ok: boolean }[] = [];
for (const phase of PHASES) {
  const started = performance.now();
  // The npm scripts' own binaries (tsx, run-p) are on the PATH npm gives this process.
  const result = spawnSync(phase.command, { stdio: 'inherit', shell: true });
  const ok = result.status === 0;
  done.push({ name: phase.name, ms: performance.now() - started, ok });
  if (!ok) {
    report(done);
    process.exit(result.status ?? 1);
  }
}
report(done);
