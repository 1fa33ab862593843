// One part of `npm run bench` alone, while working on it: `npx tsx scripts/perf/run-part.ts api|lighthouse|hostile_step|office`
// (BENCH_QUICK=1 for short runs). Prints the part's RESULTS.md section; writes nothing in bench/.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiLoad } from './api-load';
import { hostileStepGoal, hostileStepLines, hostileStepRun } from './hostile-step';
import { lighthousePages } from './lighthouse';
import { officeQueueGoal, officeQueueLines, officeQueueRun } from './office-queue';
import { startKibali } from './processes';
import { apiLoadLines, goalLines, lighthouseLines } from './report';
import { startSmsGateway } from './sms-gateway';

const part = process.argv[2];
const out = path.join(os.tmpdir(), `kibali-bench-${part}.json`);
if (part === 'api') {
  const results = await apiLoad();
  writeFileSync(out, JSON.stringify(results, null, 2));
  console.log(apiLoadLines(results).join('\n'));
} else if (part === 'lighthouse') {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kibali-lighthouse-data-'));
  const sms = await startSmsGateway();
  const server = await startKibali({ dataDir, smsGatewayUrl: sms.url, logLevel: 'warn' });
  try {
    const results = await lighthousePages(server.url);
    writeFileSync(out, JSON.stringify(results, null, 2));
    console.log(lighthouseLines(results).join('\n'));
  } finally {
    await server.stop();
    await sms.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
} else if (part === 'hostile_step') {
  const results = await hostileStepRun();
  writeFileSync(out, JSON.stringify(results, null, 2));
  console.log([...goalLines([hostileStepGoal(results)]), '', ...hostileStepLines(results)].join('\n'));
} else if (part === 'office') {
  const results = await officeQueueRun();
  writeFileSync(out, JSON.stringify(results, null, 2));
  console.log([...goalLines([officeQueueGoal(results)]), '', ...officeQueueLines(results)].join('\n'));
} else {
  console.error('usage: tsx scripts/perf/run-part.ts api|lighthouse|hostile_step|office');
  process.exit(2);
}
console.log(`(raw results in ${out})`);
