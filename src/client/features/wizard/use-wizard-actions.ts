import { useRef } from 'react';
import type { saveAndContinue } from '../../../shared/api/applications';
import type { ErrorDataOf } from '../../../shared/api/call';
import type { FieldError } from '../../../shared/envelope';
import type { FormsChanged } from '../../../shared/forms-changed';
import { stepNumberOf, type ApplicationType } from '../../../shared/wizard-driver';
import type { ApiFailure } from '../../app/api';
import { readJson, STORAGE_KEYS, writeJson, writeText } from '../../app/browser-storage';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import {
  useRequestMaintenanceMutation,
  useRequestNoDrawingsMutation,
  useSaveAndContinueMutation,
  useSaveFinalMutation,
  useSubmitApplicationMutation,
  type SubmitBody,
} from './applications-api';
import type { ContinueData } from './continue/continue-data';
import { formsInvalidated } from '../../forms/forms-query';
import { withEngineerProof } from './step-modules/engineer/engineer-proof';
import type { SaveMode, SaveOutcome } from '../../forms/StepForm';
import { forgetDraft, rememberDraft } from './resume-draft';
import { usePhoneConfirmation } from './use-phone-confirmation';
import {
  formsChanged,
  keptUnfinished,
  savedForLater,
  stepSaved,
  submitted,
  wentTo,
  type StepAnswers,
} from './wizard-slice';
import { forgetDeviceDrafts } from '../../app/device-drafts';
import { newSaveId, saveOnceAnswered } from './offline/offline-saving';

/** A failed call as the page shows it: the 422's field errors, else the server's message. */
export function outcomeOf(failure: unknown): { ok: false; errors: FieldError[]; message: string } {
  const { code, message, data } = (failure ?? {}) as Partial<ApiFailure>;
  const errors =
    code === 422
      ? (data as Partial<ErrorDataOf<typeof saveAndContinue, 'validation_failed'>> | undefined)?.errors
      : undefined;
  return { ok: false, errors: Array.isArray(errors) ? errors : [], message: message ?? '' };
}

/** The forms changed since the client read them (409 forms_changed): what to answer under the new ones. */
function formsChangedIn(failure: unknown): FormsChangedData | undefined {
  const { code, data } = (failure ?? {}) as Partial<ApiFailure> & { data?: Partial<FormsChangedData> };
  return code === 409 && data && Array.isArray(data.to_answer) ? (data as FormsChangedData) : undefined;
}

/** The data of 409 forms_changed, as the contract says (the same for every save and submit of a draft). */
type FormsChangedData = ErrorDataOf<typeof saveAndContinue, 'forms_changed'>;

/**
 * Save And Continue, Save & Complete Later and Submit, for the application being filled in.
 * `engineerStep` is the flow's engineer step (its module, src/shared/step-modules.ts), whose answers
 * carry the engineer's proof. `onMove` is told as a save moves the applicant on, in the same update
 * (the next step opens with its heading focused). Every call names the version of the forms shown
 * (`formsVersion`): when newer ones were published meanwhile, the forms are read again and the wizard
 * opens the first step with something to answer, listing it (wizard state `formsChanged`).
 */
export function useWizardActions(
  type: ApplicationType,
  steps: readonly string[],
  engineerStep: string | undefined,
  onMove?: () => void,
  formsVersion?: string,
) {
  const dispatch = useAppDispatch();
  const { answers, referenceNumber, engineer, continued, reopened } = useAppSelector((state) => state.wizard);
  const [saveAndContinue] = useSaveAndContinueMutation();
  const [saveFinal] = useSaveFinalMutation();
  const [requestMaintenance] = useRequestMaintenanceMutation();
  const [requestNoDrawings] = useRequestNoDrawingsMutation();
  const [submitApplication] = useSubmitApplicationMutation();
  // One Submit, one key, however many taps it takes (an answer lost on the way): never submitted twice.
  const submitId = useRef<string | undefined>(undefined);
  // A save that changes the phone saved in the draft asks for the code sent to the new number.
  const { request: phoneRequest, withPhoneCode } = usePhoneConfirmation();
  const reference = {
    ...(referenceNumber ? { reference_number: referenceNumber } : {}),
    ...(formsVersion ? { forms_version: formsVersion } : {}),
  };
  const changed = (change: FormsChanged): SaveOutcome => {
    dispatch(formsChanged(change));
    dispatch(formsInvalidated());
    onMove?.();
    return { ok: true };
  };
  // A continued (or reopened) draft's engineer step was confirmed before it was saved: its answers go as saved.
  const asSent = (step: string, data: StepAnswers) =>
    step === engineerStep && !((continued || reopened) && !engineer) ? withEngineerProof(data, engineer) : data;

  /**
   * Save And Continue, or Save & Complete Later (`mode` 'later'), which always keeps what was typed:
   * answers the step finds not valid (`valid` false), or the server does, are kept unfinished.
   */
  const saveStep = async (step: string, data: StepAnswers, mode: SaveMode, valid = true): Promise<SaveOutcome> => {
    const outcome = await saveOnce(step, data, mode, mode === 'later' && !valid);
    return mode === 'later' && valid && !outcome.ok && outcome.errors.length > 0
      ? saveOnce(step, data, mode, true)
      : outcome;
  };

  const saveOnce = async (
    step: string,
    data: StepAnswers,
    mode: SaveMode,
    unfinished: boolean,
  ): Promise<SaveOutcome> => {
    const sent = asSent(step, data);
    // One save, one key, however many attempts the network takes (offline/send-until-saved.ts).
    const save_id = newSaveId();
    const unsaved = {
      draft: referenceNumber ?? 'new',
      step,
      answers: sent,
      save_id,
      ...(unfinished ? { unfinished } : {}),
    };
    try {
      const result = await withPhoneCode((phone_code) =>
        saveOnceAnswered(
          () =>
            saveAndContinue({
              application_type: type,
              step_number: stepNumberOf(steps, step),
              data: sent,
              ...reference,
              ...(phone_code ? { phone_code } : {}),
              save_id,
              ...(unfinished ? { unfinished: true } : {}),
              ...(mode === 'later' ? { save_later: true } : {}),
            }).unwrap(),
          unsaved,
        ),
      );
      const saved = { step, answers: sent, referenceNumber: result.reference_number };
      dispatch(result.unfinished ? keptUnfinished(saved) : stepSaved(saved));
      // A reload or a return in this browser reopens this draft (resume-draft.ts).
      rememberDraft({ reference_number: result.reference_number, application_type: type, continued });
      // Spec section 3: reference_number is persistent, step_number lasts for the session.
      writeText('local', STORAGE_KEYS.referenceNumber, result.reference_number);
      writeText('session', STORAGE_KEYS.stepNumber, String(result.step_number));
      if (continued && !result.unfinished) {
        // The continue data follows the draft, so that a reload of the continue form reopens it as saved.
        const kept = readJson<ContinueData>('session', STORAGE_KEYS.continueData);
        if (kept) {
          const data = { ...kept.data, [step]: sent };
          const left = result.forms_changed ?? kept.forms_changed;
          const to_answer = left?.to_answer.filter((question) => question.step !== step) ?? [];
          const forms_changed = left && to_answer.length > 0 ? { ...left, to_answer } : undefined;
          writeJson('session', STORAGE_KEYS.continueData, {
            ...kept,
            data,
            step_number: result.step_number,
            forms_changed,
          });
        }
      }
      if (result.forms_changed) return changed(result.forms_changed);
      onMove?.();
      // The server says where the applicant goes now (the step after this one, or the review).
      dispatch(mode === 'later' ? savedForLater() : wentTo(result.next_step));
      return { ok: true };
    } catch (failure) {
      const change = formsChangedIn(failure);
      return change ? changed(change) : outcomeOf(failure);
    }
  };

  /** The final save (new, government) or the request (repair, special): every step's answers. */
  const submit = async (declaration: boolean): Promise<SaveOutcome> => {
    submitId.current ??= newSaveId();
    const body: SubmitBody = {
      data: Object.fromEntries(steps.map((step) => [step, asSent(step, answers[step] ?? {})])),
      ...reference,
      declaration,
      save_id: submitId.current,
    };
    try {
      const result = await withPhoneCode((phone_code) => {
        const sent = phone_code ? { ...body, phone_code } : body;
        return continued
          ? submitApplication({ ...sent, reference_number: referenceNumber ?? '' }).unwrap()
          : type === 'repair'
            ? requestMaintenance(sent).unwrap()
            : type === 'special'
              ? requestNoDrawings(sent).unwrap()
              : saveFinal({ ...sent, application_type: type }).unwrap();
      });
      submitId.current = undefined;
      dispatch(submitted(result.reference_number));
      forgetDraft();
      void forgetDeviceDrafts();
      return { ok: true };
    } catch (failure) {
      const change = formsChangedIn(failure);
      return change ? changed(change) : outcomeOf(failure);
    }
  };

  return { saveStep, submit, phoneRequest };
}
