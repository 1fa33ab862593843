import { stepNumberOf, type ApplicationType } from '../../../../shared/wizard-driver';
import type { AppDispatch } from '../../../app/store';
import { STORAGE_KEYS, writeText } from '../../../app/browser-storage';
import type { SaveAndContinueBody, SaveAndContinueResult } from '../applications-api';
import { rememberDraft } from '../resume-draft';
import { answersEdited, keptUnfinished, stepSaved, wentTo } from '../wizard-slice';
import { saveOnceAnswered } from './offline-saving';
import { saveStatus } from './save-status';
import { typedRestored } from './typed-offline';
import {
  forgetTyped,
  forgetUnsaved,
  readTyped,
  readUnsaved,
  type TypedAnswers,
  type UnsavedAnswers,
} from './unsaved-answers';

export interface RestoreContext {
  /** The draft the wizard has open: its reference number, or `new`. */
  draft: string;
  type: ApplicationType;
  steps: readonly string[];
  formsVersion?: string;
  /** Opened by Continue (it reopens on /home/continue_form). */
  continued: boolean;
  dispatch: AppDispatch;
  send: (body: SaveAndContinueBody) => Promise<SaveAndContinueResult>;
}

const online = () =>
  new Promise<void>((resolve) => {
    if (navigator.onLine) resolve();
    else window.addEventListener('online', () => resolve(), { once: true });
  });

/** The save that was waiting for the network when the page closed, sent again with its own save_id. */
async function resend(pending: UnsavedAnswers, typed: TypedAnswers | undefined, context: RestoreContext) {
  const { dispatch, type, steps, formsVersion } = context;
  await online();
  try {
    const result = await saveOnceAnswered(
      () =>
        context.send({
          application_type: type,
          step_number: stepNumberOf(steps, pending.step),
          data: pending.answers,
          ...(pending.draft === 'new' ? {} : { reference_number: pending.draft }),
          ...(formsVersion ? { forms_version: formsVersion } : {}),
          save_id: pending.save_id,
          ...(pending.unfinished ? { unfinished: true } : {}),
        }),
      pending,
    );
    const saved = { step: pending.step, answers: pending.answers, referenceNumber: result.reference_number };
    dispatch(result.unfinished ? keptUnfinished(saved) : stepSaved(saved));
    rememberDraft({ reference_number: result.reference_number, application_type: type, continued: context.continued });
    writeText('local', STORAGE_KEYS.referenceNumber, result.reference_number);
    // What was typed after it, on the same step, stays on the screen (and on the phone until saved).
    if (typed?.step === pending.step) dispatch(answersEdited({ step: typed.step, answers: typed.answers }));
    await forgetUnsaved();
    saveStatus.set(typed ? 'device' : 'saved');
  } catch {
    // The server refused it (its errors show when the step is saved again): the answers stay in the step.
    await forgetUnsaved().catch(() => undefined);
    if (!typed) saveStatus.set('idle');
  }
}

/**
 * After a reload or a return: what this phone kept of the open draft (a save that was waiting for the
 * network, answers typed offline) that the server does not have is put back into its step, and the
 * waiting save is sent again once online (same save_id: saved once). Kept answers of another draft are
 * forgotten. Resolves true when answers were put back (the step is then shown afresh with them).
 */
export async function restoreDeviceAnswers(context: RestoreContext): Promise<boolean> {
  const [pending, typed] = await Promise.all([readUnsaved(), readTyped()]);
  const mine = <T extends { draft: string; step: string }>(kept: T | undefined): T | undefined =>
    kept && kept.draft === context.draft && context.steps.includes(kept.step) ? kept : undefined;
  if (pending && !mine(pending)) await forgetUnsaved();
  if (typed && !mine(typed)) await forgetTyped();
  const waiting = mine(pending);
  const typedHere = mine(typed);
  // The typed answers are the later ones: put back last.
  for (const kept of [waiting, typedHere]) {
    if (!kept) continue;
    context.dispatch(answersEdited({ step: kept.step, answers: kept.answers }));
    context.dispatch(wentTo(kept.step));
  }
  if (typedHere) typedRestored(typedHere.step);
  if (!waiting && !typedHere) return false;
  saveStatus.set('device');
  if (waiting) void resend(waiting, typedHere, context);
  return true;
}
