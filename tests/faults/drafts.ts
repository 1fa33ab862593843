import { readFileSync } from 'node:fs';
import path from 'node:path';
import { flowSamples } from '../fixtures/step-samples';
import { ROOT } from './server-process';

/** Valid draft steps for the repair flow (personal, repair, uploads), each made unique by a tag. */

export const SAVE = '/api/application/save_and_continue';

type Answers = Record<string, unknown>;
/** The repair flow's sample answers (schemas/samples/repair.json). */
const repair = flowSamples.repair;

export const apiTexts = (language: 'en' | 'sw') =>
  JSON.parse(readFileSync(path.join(ROOT, `locales/${language}/api.json`), 'utf8')) as Record<string, string>;

/** The personal step, its address (up to 200 characters) and phone made from `tag` and `n`. */
export function personalStep(tag: string, n: number): Answers {
  return {
    ...repair.personal,
    phone: `07${String(n % 100_000_000).padStart(8, '0')}`,
    address: `P.O. Box ${tag}, Zanzibar `.padEnd(200, '.'),
  };
}

/** The repair step, its description (up to 1000 characters) made from `tag`. */
export function repairStep(tag: string): Answers {
  return { ...repair.repair, repair_description: `Repaint ${tag}. `.padEnd(1000, '~') };
}

export interface SaveBody {
  application_type: 'repair';
  step_number: number;
  data: Answers;
  reference_number?: string;
}

export const firstSave = (tag: string, n: number): SaveBody => ({
  application_type: 'repair',
  step_number: 1,
  data: personalStep(tag, n),
});
