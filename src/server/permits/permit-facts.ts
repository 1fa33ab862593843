import { PLOT_FIELDS, type Plot } from '../../shared/api/permits';
import type { StepForm } from '../../shared/forms';
import { moduleAnswers } from '../../shared/step-modules';
import { applicantName } from '../back-office/back-office-rules';

/**
 * What a permit says about the building: from the application's answers the owner (the applicant
 * step's name), the plot (the answers that locate it: plot number, shehia, ward, or the street or
 * village of the special and repair flows) and the storeys (the storeys step: none → 0; staff may set
 * them when issuing). The approved use is the authority's words, never the applicant's: staff give it
 * when issuing (issue_permit refuses without it); the answers' descriptions are free text and are not
 * printed as it (issue 31, item 7).
 */
export interface PermitFacts {
  owner_name: string;
  plot: Plot;
  approved_use: string | null;
  storeys: number | null;
}

const MAX_TEXT = 1000;

/** The first text answer named `field` in any step (each flow has at most one step that asks it). */
function firstText(answers: Record<string, unknown>, field: string): string | undefined {
  for (const step of Object.values(answers)) {
    if (step === null || typeof step !== 'object' || Array.isArray(step)) continue;
    const value = (step as Record<string, unknown>)[field];
    if (typeof value === 'string' && value.trim() !== '') return value.trim().replace(/\s+/g, ' ').slice(0, MAX_TEXT);
  }
  return undefined;
}

export function plotOf(answers: Record<string, unknown>): Plot {
  const plot: Plot = {};
  for (const field of PLOT_FIELDS) {
    const value = firstText(answers, field);
    if (value !== undefined) plot[field] = value.slice(0, 200);
  }
  return plot;
}

function storeysOf(answers: Record<string, unknown>, steps: Record<string, StepForm>): number | null {
  const storeys = moduleAnswers(answers, steps, 'storeys');
  if (storeys.has_storeys === false) return 0;
  const count = storeys.storey_count;
  return storeys.has_storeys === true && Number.isSafeInteger(count) ? (count as number) : null;
}

export function factsFromAnswers(answers: Record<string, unknown>, steps: Record<string, StepForm>): PermitFacts {
  return {
    owner_name: applicantName(moduleAnswers(answers, steps, 'applicant')).slice(0, 300),
    plot: plotOf(answers),
    approved_use: null,
    storeys: storeysOf(answers, steps),
  };
}

/** A permit row's facts as written when issued; a permit issued before they were written reads the answers (no use). */
export function factsOfPermit(
  row: { owner_name: string | null; plot: Plot | null; approved_use: string | null; storeys: number | null },
  answers: Record<string, unknown>,
  steps: Record<string, StepForm>,
): PermitFacts {
  if (row.owner_name !== null && row.plot !== null)
    return { owner_name: row.owner_name, plot: row.plot, approved_use: row.approved_use, storeys: row.storeys };
  return factsFromAnswers(answers, steps);
}
