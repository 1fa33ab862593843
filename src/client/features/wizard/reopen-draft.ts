import type { ApiFailure } from '../../app/api';
import type { AppDispatch } from '../../app/store';
import { canVisit, finishedAnswers, isReadyToSubmit, type Flows } from '../../../shared/wizard-driver';
import { formsInvalidated } from '../../forms/forms-query';
import { reopenApi, type ReopenedDraft } from './reopen-api';
import { forgetDraft, stepBeforeReload, type OpenDraft } from './resume-draft';
import { rememberDraftFiles } from './step-modules/documents/uploaded-files';
import { REVIEW, reopened } from './wizard-slice';

/** Where a reopened draft opens: the step the tab was on (if it may still be visited), else the first incomplete. */
function stepToOpen(draft: ReopenedDraft, flows: Flows): string | null {
  const changed = draft.forms_changed?.to_answer[0]?.step;
  if (changed) return changed;
  const before = stepBeforeReload(draft.reference_number);
  const steps = flows[draft.application_type] ?? [];
  const finished = finishedAnswers(draft.data, draft.unfinished);
  if (before === REVIEW) return isReadyToSubmit(steps, finished) ? REVIEW : null;
  return before !== undefined && canVisit(steps, finished, before) ? before : null;
}

/** How a reopening ended: reopened (or submitted meanwhile: nothing to reopen), or not opened. */
export type ReopenOutcome = 'reopened' | 'gone' | 'unavailable' | 'failed';

/**
 * Reopens `target` from the server (open_draft: the draft cookie is the proof) into the wizard, with
 * its files' names and sizes as the documents step and the review showed them before the reload. In a
 * file of its own, loaded only when the page finds a draft to reopen (use-reopen-draft.ts): the first
 * step of a new application does without it (byte budget). `live` says whether the page still wants it.
 */
export async function reopenDraft(
  dispatch: AppDispatch,
  target: OpenDraft,
  flows: Flows,
  live: () => boolean,
): Promise<ReopenOutcome | undefined> {
  let draft: ReopenedDraft;
  const request = dispatch(reopenApi.endpoints.openDraft.initiate({ reference_number: target.reference_number }));
  try {
    draft = await request.unwrap();
  } catch (failure) {
    if (!live()) return undefined;
    const code = (failure as Partial<ApiFailure> | undefined)?.code;
    // Submitted meanwhile (another tab): nothing is open any more.
    if (code === 409) {
      forgetDraft();
      return 'gone';
    }
    return code === 404 ? 'unavailable' : 'failed';
  } finally {
    // Not kept in the store: it holds the applicant's answers.
    request.reset();
  }
  if (!live()) return undefined;
  rememberDraftFiles(draft.reference_number, draft.attachments);
  // The draft was brought to newer forms than this page may have: they are read again.
  if (draft.forms_changed) dispatch(formsInvalidated());
  dispatch(
    reopened({
      type: draft.application_type,
      answers: draft.data,
      unfinished: draft.unfinished,
      referenceNumber: draft.reference_number,
      current: stepToOpen(draft, flows),
      continued: target.continued,
      formsChanged: draft.forms_changed?.to_answer ?? [],
    }),
  );
  return 'reopened';
}
