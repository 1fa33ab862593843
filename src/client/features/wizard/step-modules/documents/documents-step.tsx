import { lazy, Suspense } from 'react';
import type { DocumentRule, JsonSchema } from '../../../../../shared/forms';
import type { ApplicationType } from '../../../../../shared/wizard-driver';
import { trackPageLoad } from '../../../../app/page-loads';
import type { TranslatedStep } from '../../../../forms/translate-schema';
import type { StepAnswers } from '../../wizard-slice';
import { documentsFieldId } from './document-ids';

const RequiredDocuments = lazy(() =>
  trackPageLoad(import('./RequiredDocuments')).then((m) => ({ default: m.RequiredDocuments })),
);

/** The fields the documents step shows itself: its documents and drawing scales (RequiredDocuments). */
const SHOWN_ELSEWHERE = ['documents', 'scales'];

/** The documents step as its form draws it: its documents and scales left to the list, where their errors lead. */
export function documentsTranslated(translated: TranslatedStep): TranslatedStep {
  for (const name of SHOWN_ELSEWHERE)
    translated.uiSchema[name] = { ...(translated.uiSchema[name] as object), 'ui:field': 'ShownElsewhere' };
  return { ...translated, fieldIdOf: documentsFieldId };
}

/** The documents step's own part: the list of documents to upload, for the answers saved so far. */
export const documentsExtra =
  (context: {
    type: ApplicationType;
    saved: Record<string, StepAnswers>;
    uploadsSchema?: JsonSchema;
    rules: readonly DocumentRule[];
  }) =>
  (answers: StepAnswers, change: (next: StepAnswers) => void) => (
    <Suspense fallback={null}>
      <RequiredDocuments {...context} answers={answers} change={change} />
    </Suspense>
  );
