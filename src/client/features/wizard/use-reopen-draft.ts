import { useCallback, useEffect, useState } from 'react';
import type { ApiFailure } from '../../app/api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import {
  canVisit,
  finishedAnswers,
  isReadyToSubmit,
  type ApplicationType,
  type Flows,
} from '../../../shared/wizard-driver';
import { formsInvalidated } from '../../forms/forms-query';
import { useOpenDraftMutation, type ReopenedDraft } from './reopen-api';
import { forgetDraft, readOpenDraft, stepBeforeReload, type OpenDraft } from './resume-draft';
import { REVIEW, reopened } from './wizard-slice';

/**
 * none: nothing to reopen (or reopened); checking: asking the server; unavailable: the server does not
 * open it for this browser (no draft cookie: another browser, or the browser was closed); failed: no answer.
 */
export type ReopenStatus = 'none' | 'checking' | 'unavailable' | 'failed';

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

/**
 * Issue 17: a reload, a Back or a return in the same browser reopens the draft this browser has open,
 * from the server (open_draft: the draft cookie is the proof), at the step the tab was on, with every
 * answer saved so far and what was typed on steps kept unfinished. `page` is the wizard of a type
 * (drafts started there) or the continue form (drafts opened by Continue). Without a usable cookie the
 * page offers Continue or a new application: it never starts a second draft by itself.
 */
export function useReopenDraft(page: ApplicationType | 'continue_form', flows: Flows | undefined) {
  const dispatch = useAppDispatch();
  const wizard = useAppSelector((state) => state.wizard);
  const [openDraft] = useOpenDraftMutation();
  // Decided as the page opens: a draft already in this tab's memory needs no reopening.
  const [target] = useState<OpenDraft | undefined>(() => {
    const continuing = page === 'continue_form';
    const inMemory =
      wizard.referenceNumber !== null &&
      wizard.phase !== 'submitted' &&
      (continuing ? wizard.continued : wizard.type === page && !wizard.continued);
    const kept = inMemory ? undefined : readOpenDraft();
    if (!kept || kept.continued !== continuing) return undefined;
    return continuing || kept.application_type === page ? kept : undefined;
  });
  const [status, setStatus] = useState<ReopenStatus>(target ? 'checking' : 'none');
  /** The draft was submitted meanwhile (another tab): nothing to reopen. */
  const [gone, setGone] = useState(false);

  useEffect(() => {
    if (!target || status !== 'checking' || !flows) return;
    let live = true;
    openDraft({ reference_number: target.reference_number })
      .unwrap()
      .then(
        async (draft) => {
          // Its files' names and sizes, as the documents step and the review showed them before the reload
          // (that code loads with the documents step, not with the first step: byte budget).
          const { rememberDraftFiles } = await import('./uploaded-files');
          if (!live) return;
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
          setStatus('none');
        },
        (failure: unknown) => {
          if (!live) return;
          const code = (failure as Partial<ApiFailure> | undefined)?.code;
          // Submitted meanwhile (another tab): nothing is open any more.
          if (code === 409) {
            forgetDraft();
            setGone(true);
            setStatus('none');
          } else setStatus(code === 404 ? 'unavailable' : 'failed');
        },
      );
    return () => {
      live = false;
    };
  }, [target, status, flows, openDraft, dispatch]);

  const retry = useCallback(() => setStatus('checking'), []);
  /** The applicant chose a new application: the draft stays on the server (Continue opens it), the browser forgets it. */
  const startNew = useCallback(() => {
    forgetDraft();
    setStatus('none');
  }, []);
  return { status, gone, reference: target?.reference_number, retry, startNew };
}
