/**
 * The wizard driver: pure functions over (flow, answers) that say which steps an application has,
 * where Next and Previous lead, which steps may be visited and how far along the applicant is.
 * The client renders from it; the server uses it to refuse unknown or out-of-order steps.
 */

export const APPLICATION_TYPES = ['new', 'government', 'repair', 'special'] as const;
export type ApplicationType = (typeof APPLICATION_TYPES)[number];

/** Each application type's steps, in order (schemas/flows.json). */
export type Flows = Record<ApplicationType, readonly string[]>;

/** The saved answers of an application, by step id. A step is complete once its answers are saved. */
export type Answers = Readonly<Record<string, unknown>>;

export function isApplicationType(value: unknown): value is ApplicationType {
  return typeof value === 'string' && (APPLICATION_TYPES as readonly string[]).includes(value);
}

/**
 * The application a wizard URL opens: /home/new (?type=government), /home/maintenance (repair),
 * /home/no_drawings (special); undefined for any other page.
 */
export function applicationTypeAt(pathname: string, typeParam: string | null): ApplicationType | undefined {
  const path = pathname.replace(/(.)\/+$/, '$1');
  if (path === '/home/maintenance') return 'repair';
  if (path === '/home/no_drawings') return 'special';
  if (path === '/home/new') return typeParam === 'government' ? 'government' : 'new';
  return undefined;
}

export function stepsOf(flows: Flows, type: ApplicationType): readonly string[] {
  return flows[type];
}

export function isComplete(step: string, answers: Answers): boolean {
  const value = answers[step];
  return typeof value === 'object' && value !== null;
}

/** The index of `step` in the flow, or -1 when the flow has no such step. */
export function indexOf(steps: readonly string[], step: string): number {
  return steps.indexOf(step);
}

/**
 * The API numbers a flow's steps from 1 (`step_number`); the wizard names them. The one place the two
 * are converted: the number of `step` (0 when the flow has no such step), and the step of a number.
 */
export function stepNumberOf(steps: readonly string[], step: string): number {
  return steps.indexOf(step) + 1;
}

export function stepAtNumber(steps: readonly string[] | undefined, stepNumber: number): string | undefined {
  return Number.isInteger(stepNumber) && stepNumber >= 1 ? steps?.[stepNumber - 1] : undefined;
}

/** The page after a flow's last step, where the applicant reviews the answers and submits. */
export const REVIEW_STEP = 'review';

/**
 * Where the applicant goes once step number `saved` is saved (a save's `next_step`): the step after
 * it in the flow it was filled in, or the review after the last.
 */
export function stepAfterSave(steps: readonly string[] | undefined, saved: number): string {
  return stepAtNumber(steps, saved + 1) ?? REVIEW_STEP;
}

/**
 * The `step_number` a save answers (the step to open next): the one after the furthest step the draft
 * has reached, counting this save, and never past the last step of the flow.
 */
export function stepNumberAfterSave(steps: readonly string[], reachedBefore: number, saved: number): number {
  return Math.min(Math.max(reachedBefore, saved) + 1, steps.length);
}

/** The `step_number` a continued or reopened draft answers: the step after the furthest one saved. */
export function stepNumberToResume(reached: number): number {
  return reached + 1;
}

/** The step after `step`, or undefined on the last step (or an unknown one). */
export function nextStep(steps: readonly string[], step: string): string | undefined {
  const i = steps.indexOf(step);
  return i === -1 ? undefined : steps[i + 1];
}

/** The step before `step`, or undefined on the first step (or an unknown one). */
export function previousStep(steps: readonly string[], step: string): string | undefined {
  const i = steps.indexOf(step);
  return i <= 0 ? undefined : steps[i - 1];
}

/** A step may be visited (and saved) once every step before it is complete: no skipping ahead. */
export function canVisit(steps: readonly string[], answers: Answers, step: string): boolean {
  const i = steps.indexOf(step);
  return i !== -1 && steps.slice(0, i).every((earlier) => isComplete(earlier, answers));
}

/** The first step that is not complete: where a continued application opens. Undefined when all are. */
export function firstIncomplete(steps: readonly string[], answers: Answers): string | undefined {
  return steps.find((step) => !isComplete(step, answers));
}

/** How far along: complete steps from the start with no gap, out of all steps. */
export function progress(steps: readonly string[], answers: Answers): { done: number; total: number; percent: number } {
  const gap = steps.findIndex((step) => !isComplete(step, answers));
  const done = gap === -1 ? steps.length : gap;
  return { done, total: steps.length, percent: steps.length === 0 ? 100 : Math.round((done / steps.length) * 100) };
}

/** Every step complete: the application may be submitted (once each step's answers also validate). */
export function isReadyToSubmit(steps: readonly string[], answers: Answers): boolean {
  return steps.every((step) => isComplete(step, answers));
}

/**
 * The finished steps' answers: those of `answers` whose step is not `unfinished` (Save & Complete Later
 * kept what was typed there without it being valid). Only finished steps count as complete: progress,
 * canVisit and Submit read these.
 */
export function finishedAnswers(answers: Answers, unfinished: Answers | readonly string[]): Record<string, unknown> {
  const open = new Set(Array.isArray(unfinished) ? unfinished : Object.keys(unfinished));
  return Object.fromEntries(Object.entries(answers).filter(([step]) => !open.has(step)));
}
