import { useEffect, useRef, useState } from 'react';
import type { ApplicationType } from '../../../../shared/wizard-driver';
import { deviceDraftsExist } from '../../../app/device-drafts';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useSaveAndContinueMutation } from '../forms-api';
import { keepTypedIfOffline } from './typed-offline';

const restoring = () => import('./restore-device-answers');

/** After the first render, when the phone is idle: the first step shows before anything is read from the device. */
function whenIdle(work: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(work, { timeout: 2_000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(work, 300);
  return () => clearTimeout(id);
}

/**
 * Issue 17, answers typed offline: the open step's answers, each time typing pauses, are kept on this
 * phone while it is offline or a save waits (typed-offline.ts); as the wizard opens, what the phone
 * kept of this draft is put back (restore-device-answers.ts). Returns a number that changes when
 * answers were put back, for the step's key: the step then opens afresh with them.
 */
export function useDeviceAnswers(
  type: ApplicationType,
  steps: readonly string[],
  current: string,
  formsVersion?: string,
) {
  const dispatch = useAppDispatch();
  const draft = useAppSelector((state) => state.wizard.referenceNumber) ?? 'new';
  const continued = useAppSelector((state) => state.wizard.continued);
  const answers = useAppSelector((state) => state.wizard.answers[current]);
  const [saveAndContinue] = useSaveAndContinueMutation();
  const [restored, setRestored] = useState(0);
  const [checked, setChecked] = useState(false);

  // Once, as the wizard opens on this draft (its reference number then: later ones are this tab's saves).
  const opening = useRef({ draft, type, steps, formsVersion, continued });
  useEffect(() => {
    let live = true;
    const stop = whenIdle(() => {
      // Nothing kept (nearly every visit): the restoring code is not even loaded.
      void deviceDraftsExist()
        .then(async (kept) => {
          if (!kept) return false;
          const { restoreDeviceAnswers } = await restoring();
          return restoreDeviceAnswers({
            ...opening.current,
            dispatch,
            send: (body) => saveAndContinue(body).unwrap(),
          });
        })
        .then(
          (back) => live && back && setRestored((n) => n + 1),
          () => undefined,
        )
        .finally(() => live && setChecked(true));
    });
    return () => {
      live = false;
      stop();
    };
  }, [dispatch, saveAndContinue]);

  // Each edit of the open step (told when typing pauses), and the moment the network goes after one.
  const opened = useRef<{ step?: string; answers?: unknown }>({});
  useEffect(() => {
    if (!checked || answers === undefined) return;
    if (opened.current.step !== current) opened.current = { step: current, answers };
    if (answers === opened.current.answers) return;
    const keep = () => keepTypedIfOffline(draft, current, answers);
    keep();
    window.addEventListener('offline', keep);
    return () => window.removeEventListener('offline', keep);
  }, [checked, answers, draft, current]);

  return restored;
}
