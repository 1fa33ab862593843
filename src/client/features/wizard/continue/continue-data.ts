import type { ContinuedDraft } from '../../../../shared/api/continue';
import { isApplicationType } from '../../../../shared/wizard-driver';
import { readJson, STORAGE_KEYS, writeJson, writeText } from '../../../app/browser-storage';
import type { AppDispatch } from '../../../app/store';
import { formsInvalidated } from '../../../forms/forms-query';
import { rememberDraft } from '../resume-draft';
import { rememberDraftFiles } from '../step-modules/documents/uploaded-files';
import { reopened } from '../wizard-slice';

/**
 * What verify_code answers for a continue (src/shared/api/continue.ts), kept in sessionStorage
 * 'continue_data' (spec section 4 says localStorage; it holds personal data, which must not outlive the
 * tab on a shared phone).
 */
export type ContinueData = ContinuedDraft;

function isContinueData(value: unknown): value is ContinueData {
  const v = value as Partial<ContinueData> | null | undefined;
  return (
    typeof v?.reference_number === 'string' &&
    isApplicationType(v.application_type) &&
    typeof v.data === 'object' &&
    v.data !== null
  );
}

/** The continue data kept in this browser, if any (a reload of the continue form reopens it). */
export function readContinueData(): ContinueData | undefined {
  const kept = readJson<unknown>('session', STORAGE_KEYS.continueData);
  return isContinueData(kept) ? kept : undefined;
}

/**
 * Loads a continued draft into the wizard, opened at its first incomplete step, or, when the forms
 * changed since it was saved, at the first step with something to answer (and the list shown).
 */
export function loadContinued(dispatch: AppDispatch, answer: ContinueData): void {
  const changed = answer.forms_changed?.to_answer ?? [];
  rememberDraftFiles(answer.reference_number, answer.attachments);
  dispatch(
    reopened({
      type: answer.application_type,
      answers: answer.data,
      unfinished: answer.unfinished ?? {},
      referenceNumber: answer.reference_number,
      current: changed[0]?.step ?? null,
      continued: true,
      formsChanged: changed,
    }),
  );
}

/** Continue application succeeded: store the data, step number and reference number, and load the draft. */
export function storeContinued(dispatch: AppDispatch, answer: ContinueData): void {
  writeJson('session', STORAGE_KEYS.continueData, answer);
  writeText('local', STORAGE_KEYS.referenceNumber, answer.reference_number);
  writeText('session', STORAGE_KEYS.stepNumber, String(answer.step_number));
  // A reload or a return in this browser reopens it from the server (the cookie verify_code set).
  rememberDraft({
    reference_number: answer.reference_number,
    application_type: answer.application_type,
    continued: true,
  });
  // The draft was brought to newer forms than this page may have: they are read again.
  if (answer.forms_changed) dispatch(formsInvalidated());
  loadContinued(dispatch, answer);
}
