// The parts of `npm run bench` added by issue 5 beside the bytes and the wizard: Lighthouse, the API
// under load and memory, a hostile published step (issue 31) and the officers' work queue (issue 33).
// BENCH_SKIP=lighthouse,api,hostile_step,office
// leaves parts out; BENCH_QUICK=1 shortens them.
import os from 'node:os';
import { apiLoad, type ApiLoadResults } from './api-load';
import { hostileStepGoal, hostileStepLines, hostileStepRun, type HostileStepResult } from './hostile-step';
import { lighthousePages, type LighthouseResults } from './lighthouse';
import { officeQueueGoal, officeQueueLines, officeQueueRun, type OfficeQueueResult } from './office-queue';
import { apiGoals, apiLoadLines, goalLines, lighthouseGoals, lighthouseLines, type Goal } from './report';
import { QUICK } from './common';

const skipped = (process.env.BENCH_SKIP ?? '').split(',');

export interface ServerParts {
  quick: boolean;
  lighthouse?: LighthouseResults & { load_average: { start: number; end: number } };
  api_load?: ApiLoadResults & { load_average: { start: number; end: number } };
  hostile_step?: HostileStepResult;
  office_queue?: OfficeQueueResult;
  goals: Goal[];
}

/** Lighthouse on `url` (a server of the production build), then the API load runs (servers of their own). */
export async function serverParts(url: string): Promise<ServerParts> {
  const parts: ServerParts = { quick: QUICK, goals: [] };
  if (!skipped.includes('lighthouse')) {
    const start = os.loadavg()[0]!;
    const results = await lighthousePages(url);
    parts.lighthouse = { ...results, load_average: { start, end: os.loadavg()[0]! } };
    parts.goals.push(...lighthouseGoals(results));
  }
  if (!skipped.includes('api')) {
    const start = os.loadavg()[0]!;
    const results = await apiLoad();
    parts.api_load = { ...results, load_average: { start, end: os.loadavg()[0]! } };
    parts.goals.push(...apiGoals(results));
  }
  if (!skipped.includes('hostile_step')) {
    parts.hostile_step = await hostileStepRun();
    parts.goals.push(hostileStepGoal(parts.hostile_step));
  }
  if (!skipped.includes('office')) {
    parts.office_queue = await officeQueueRun();
    parts.goals.push(officeQueueGoal(parts.office_queue));
  }
  return parts;
}

const load = (l: { start: number; end: number }) =>
  `Load average (1 min) ${l.start.toFixed(1)} before and ${l.end.toFixed(1)} after this part.`;

export function serverPartsLines(parts: ServerParts): string[] {
  const lines: string[] = [];
  if (parts.quick) lines.push('**BENCH_QUICK=1: short runs, not comparable with a full run.**', '');
  if (parts.goals.length > 0)
    lines.push('## Goals of Lighthouse, the API and memory', '', ...goalLines(parts.goals), '');
  if (parts.lighthouse) lines.push(...lighthouseLines(parts.lighthouse), '', load(parts.lighthouse.load_average), '');
  if (parts.api_load) lines.push(...apiLoadLines(parts.api_load), '', load(parts.api_load.load_average), '');
  if (parts.hostile_step) lines.push(...hostileStepLines(parts.hostile_step), '');
  if (parts.office_queue) lines.push(...officeQueueLines(parts.office_queue), '');
  return lines;
}
