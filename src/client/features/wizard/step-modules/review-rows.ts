import type { TFunction } from 'i18next';
import type { SplashEngineer } from '../../../../shared/reference-data';
import type { UiSchema } from '../../../../shared/forms';
import { scaleRows } from './documents/scale-rows';
import { normalizedEngineerId } from './engineer/engineer-proof';
import type { StepAnswers } from '../wizard-slice';

/** What the wizard knows of the steps' modules and the engineers (the review loads this file, not the wizard). */
export interface ModuleRowsSource {
  moduleOf: (step: string) => string | undefined;
  /** The engineer confirmed by code in this tab, if any. */
  confirmed?: { registration_number: string; name: string };
  /** The engineers' list (reference data): the name of an engineer confirmed before (a continued draft). */
  engineers: readonly SplashEngineer[];
}

interface ReviewRowsContext extends Omit<ModuleRowsSource, 'moduleOf'> {
  t: TFunction;
  lng: string;
  uiSchema: () => UiSchema;
}

/**
 * Rows a step module adds to its answers on the review, what its form does not show: the engineer's
 * name beside the registration number, and each document uploaded with its file and scale.
 */
export function moduleReviewRows(
  module: string | undefined,
  answers: StepAnswers | undefined,
  context: ReviewRowsContext,
): { label: string; value: string }[] {
  const { t, lng } = context;
  if (module === 'engineer') {
    const id = normalizedEngineerId(answers?.engineer_id);
    const name =
      context.confirmed && context.confirmed.registration_number === id
        ? context.confirmed.name
        : context.engineers.find((engineer) => normalizedEngineerId(engineer.registration_number) === id)?.name;
    return name ? [{ label: t('wizard.engineer.name'), value: name }] : [];
  }
  if (module === 'documents')
    return scaleRows(context.uiSchema(), answers, {
      uploaded: t('wizard.review.uploaded'),
      file: (values) => t('wizard.review.document_file', values),
      fileScale: (values) => t('wizard.review.document_file_scale', values),
      scale: (values) => t('wizard.review.document_scale', values),
      lng,
    });
  return [];
}
