import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  APPLICATION_TYPES,
  canVisit,
  finishedAnswers,
  firstIncomplete,
  isApplicationType,
  isReadyToSubmit,
  nextStep,
  previousStep,
  progress,
  REVIEW_STEP,
  stepAfterSave,
  stepAtNumber,
  stepNumberOf,
  stepsOf,
  type Flows,
} from '../../src/shared/wizard-driver';

const flows = JSON.parse(readFileSync('schemas/flows.json', 'utf8')) as Flows;

const expected: Record<string, string[]> = {
  new: ['personal', 'engineer', 'construction', 'construction_details', 'building', 'building_details', 'uploads'],
  government: [
    'personal',
    'engineer',
    'construction',
    'construction_details',
    'building',
    'building_details',
    'uploads',
  ],
  repair: ['personal', 'repair', 'uploads'],
  special: ['personal', 'special_plot', 'building_details', 'uploads'],
};

describe.each(APPLICATION_TYPES)('the %s flow', (type) => {
  const steps = stepsOf(flows, type);

  it('has the steps the issue names, in order', () => {
    expect(steps).toEqual(expected[type]);
  });

  it('walks forward with Next and back with Previous', () => {
    let step: string | undefined = steps[0];
    const walked: string[] = [];
    while (step) {
      walked.push(step);
      step = nextStep(steps, step);
    }
    expect(walked).toEqual(steps);
    expect(previousStep(steps, steps[0]!)).toBeUndefined();
    expect(previousStep(steps, steps.at(-1)!)).toBe(steps.at(-2));
  });

  it('lets a step be visited only when every earlier step is complete', () => {
    const answers: Record<string, unknown> = {};
    steps.forEach((step, i) => {
      expect(canVisit(steps, answers, step)).toBe(true);
      const later = steps[i + 1];
      if (later) expect(canVisit(steps, answers, later)).toBe(false);
      expect(firstIncomplete(steps, answers)).toBe(step);
      expect(progress(steps, answers).done).toBe(i);
      expect(isReadyToSubmit(steps, answers)).toBe(false);
      answers[step] = {};
    });
    expect(isReadyToSubmit(steps, answers)).toBe(true);
    expect(firstIncomplete(steps, answers)).toBeUndefined();
    expect(progress(steps, answers)).toEqual({ done: steps.length, total: steps.length, percent: 100 });
  });

  it('counts progress only up to the first gap', () => {
    const answers = { [steps[0]!]: {}, [steps[2]!]: {} };
    expect(progress(steps, answers).done).toBe(1);
    expect(canVisit(steps, answers, steps[2]!)).toBe(false);
  });
});

describe('unknown steps and types', () => {
  const steps = stepsOf(flows, 'repair');
  it('refuses a step the flow does not have', () => {
    expect(canVisit(steps, { personal: {}, repair: {} }, 'engineer')).toBe(false);
    expect(nextStep(steps, 'engineer')).toBeUndefined();
    expect(previousStep(steps, 'engineer')).toBeUndefined();
  });
  it('numbers the steps from 1 as the API does, both ways, and no number names a step the flow lacks', () => {
    expect(steps.map((step) => stepNumberOf(steps, step))).toEqual([1, 2, 3]);
    expect(steps.map((_, i) => stepAtNumber(steps, i + 1))).toEqual(steps);
    expect(stepNumberOf(steps, 'engineer')).toBe(0);
    for (const number of [0, -1, 4, 1.5, Number.NaN]) expect(stepAtNumber(steps, number)).toBeUndefined();
    expect(stepAtNumber(undefined, 1)).toBeUndefined();
  });
  it('knows the application types', () => {
    expect(isApplicationType('special')).toBe(true);
    expect(isApplicationType('renew')).toBe(false);
    expect(isApplicationType(7)).toBe(false);
  });
  it('does not count a non-object answer as complete', () => {
    expect(canVisit(steps, { personal: 'yes' }, 'repair')).toBe(false);
    expect(canVisit(steps, { personal: null }, 'repair')).toBe(false);
  });
  it('counts a step kept unfinished by Save & Complete Later as not complete, whatever answers it holds', () => {
    const answers = { personal: { first_name: 'Asha' }, repair: { street_village: 'Mkunazini' } };
    const finished = finishedAnswers(answers, { personal: { first_name: 'Asha' } });
    expect(finished).toEqual({ repair: { street_village: 'Mkunazini' } });
    expect(progress(steps, finished).done).toBe(0);
    expect(firstIncomplete(steps, finished)).toBe('personal');
    expect(canVisit(steps, finished, 'repair')).toBe(false);
    expect(isReadyToSubmit(steps, finishedAnswers({ ...answers, uploads: {} }, ['personal']))).toBe(false);
    expect(isReadyToSubmit(steps, finishedAnswers({ ...answers, uploads: {} }, []))).toBe(true);
  });
});

describe('where a save sends the applicant (the answer’s next_step)', () => {
  it('is the step after the one saved, wherever the draft has reached, and the review after the last', () => {
    expect(stepAfterSave(flows.repair, 1)).toBe('repair');
    expect(stepAfterSave(flows.repair, 2)).toBe('uploads');
    expect(stepAfterSave(flows.repair, 3)).toBe(REVIEW_STEP);
    expect(stepAfterSave(flows.new, 1)).toBe('engineer');
  });

  it('is the review for a flow the server does not know (an unpublished version)', () => {
    expect(stepAfterSave(undefined, 1)).toBe(REVIEW_STEP);
  });
});
