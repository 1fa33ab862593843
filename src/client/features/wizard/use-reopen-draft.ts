import { useCallback, useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { ApplicationType, Flows } from '../../../shared/wizard-driver';
import { forgetDraft, readOpenDraft, type OpenDraft } from './resume-draft';

/**
 * none: nothing to reopen (or reopened); checking: asking the server; unavailable: the server does not
 * open it for this browser (no draft cookie: another browser, or the browser was closed); failed: no answer.
 */
export type ReopenStatus = 'none' | 'checking' | 'unavailable' | 'failed';

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
    // The reopening itself (reopen-draft.ts) loads only when there is a draft to reopen.
    import('./reopen-draft')
      .then(({ reopenDraft }) => reopenDraft(dispatch, target, flows, () => live))
      .then(
        (outcome) => {
          if (!outcome || !live) return;
          if (outcome === 'gone') setGone(true);
          setStatus(outcome === 'reopened' || outcome === 'gone' ? 'none' : outcome);
        },
        () => {
          if (live) setStatus('failed');
        },
      );
    return () => {
      live = false;
    };
  }, [target, status, flows, dispatch]);

  const retry = useCallback(() => setStatus('checking'), []);
  /** The applicant chose a new application: the draft stays on the server (Continue opens it), the browser forgets it. */
  const startNew = useCallback(() => {
    forgetDraft();
    setStatus('none');
  }, []);
  return { status, gone, reference: target?.reference_number, retry, startNew };
}
