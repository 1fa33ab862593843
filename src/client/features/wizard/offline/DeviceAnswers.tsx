import { useEffect, useRef, useState } from 'react';
import type { ApplicationType } from '../../../../shared/wizard-driver';
import { DEVICE_DRAFTS_DB } from '../../../app/device-drafts';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useSaveAndContinueMutation } from '../applications-api';
import { preloadStore, registerServiceWorker } from './send-until-saved';
import { keepTypedIfOffline } from './typed-offline';

const restoring = () => import('./restore-device-answers');

/** Whether the phone kept anything: a visit that never did neither creates the database nor loads its code. */
async function deviceDraftsExist(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  if (typeof indexedDB.databases !== 'function') return true;
  return (await indexedDB.databases()).some((db) => db.name === DEVICE_DRAFTS_DB);
}

/** The phone's kept answers are looked at once per page load: later mounts (back from the review) find them in memory. */
let looked = false;

/**
 * Issue 17, answers typed offline. Mounted (and loaded) once the wizard's first step has shown, so
 * that none of it weighs on that step: it then loads the rest of offline saving (the retries, the
 * IndexedDB store, the service worker), puts back what this phone kept of the open draft
 * (restore-device-answers.ts, loaded only when something was kept: `onRestored` is then told, and the
 * step opens afresh with it), and from then on keeps the open step's answers, each time typing pauses
 * and when the network goes, while the phone is offline or a save waits (typed-offline.ts).
 */
export function DeviceAnswers({
  type,
  steps,
  current,
  formsVersion,
  onRestored,
}: {
  type: ApplicationType;
  steps: readonly string[];
  current: string;
  formsVersion?: string;
  onRestored: () => void;
}) {
  const dispatch = useAppDispatch();
  const draft = useAppSelector((state) => state.wizard.referenceNumber) ?? 'new';
  const continued = useAppSelector((state) => state.wizard.continued);
  const answers = useAppSelector((state) => state.wizard.answers[current]);
  const [saveAndContinue] = useSaveAndContinueMutation();
  const [checked, setChecked] = useState(looked);

  // Once, as the wizard opens on this draft (its reference number then: later ones are this tab's saves).
  const opening = useRef({ draft, type, steps, formsVersion, continued, onRestored });
  useEffect(() => {
    if (looked) return;
    looked = true;
    // In this chunk: a save that fails offline finds its retries already loaded.
    preloadStore();
    registerServiceWorker();
    let live = true;
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
        (back) => live && back && opening.current.onRestored(),
        () => undefined,
      )
      .finally(() => live && setChecked(true));
    return () => {
      live = false;
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

  return null;
}
