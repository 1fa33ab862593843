import type { StepModule } from '../../../../shared/step-modules';
import type { TranslatedStep } from '../../../forms/translate-schema';
import { preloadParts } from '../../../vendor/lazy-part';
import { documentsTranslated } from './documents/documents-step';
import { engineerFieldId } from './engineer/engineer-ids';
import { loadEngineerConfirm } from './engineer/engineer-step';
import { loadFloorRows } from './floors/use-floor-rows';

/**
 * What the wizard does for each step module (src/shared/step-modules.ts) beyond its schema: one folder
 * each (applicant/, engineer/, floors/, documents/; the storeys step is only read, by the floors and the
 * documents). WizardFlow finds a step's module by its marker and asks here, never by the step's id.
 */

/** What a module's step loads beyond the form: made ready when the step is shown or is next to the one shown. */
const PRELOADS: Partial<Record<StepModule, () => Promise<unknown>>> = {
  applicant: () => preloadParts('zanid'),
  engineer: loadEngineerConfirm,
  floors: loadFloorRows,
};

export function preloadModule(module: StepModule | undefined): void {
  const load = module && PRELOADS[module];
  if (load) void load().catch(() => undefined);
}

/** A module's step as its form draws it: the fields the module shows itself, and where their errors lead. */
export function moduleTranslated(module: StepModule | undefined, translated: TranslatedStep): TranslatedStep {
  if (module === 'documents') return documentsTranslated(translated);
  if (module === 'engineer') return { ...translated, fieldIdOf: engineerFieldId };
  return translated;
}

export { withZanid, zanidValidator } from './applicant/applicant-step';
export { documentsExtra } from './documents/documents-step';
export { engineerExtra } from './engineer/engineer-step';
export { useFloorRows } from './floors/use-floor-rows';
