import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ApplicationType } from '../../../shared/wizard-driver';
import { remove, STORAGE_KEYS } from '../../app/browser-storage';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { whenSubmittedShown } from './submitted-shown';
import { cleared } from './wizard-slice';

/** Spec section 9: how long the success message shows before the page moves on. */
export const REDIRECT_DELAY_MS = 3500;

/**
 * Spec section 4. Final save: after 3.5 s clear the form and application, remove the stored
 * reference_number and continue_data, and go to Request options. Maintenance and no-drawings
 * requests: after 3.5 s clear their form and go to Login. Leaving the page earlier clears at once.
 * The 3.5 s count from when the message is on screen (submitted-shown.ts), not from the server's answer;
 * Request options is given the reference number (router state) to show it with what happens next.
 */
export function useSubmittedRedirect(type: ApplicationType): void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const phase = useAppSelector((state) => state.wizard.phase);
  // A continued draft (any type) ends as a final save does.
  const continued = useAppSelector((state) => state.wizard.continued);
  const referenceNumber = useAppSelector((state) => state.wizard.referenceNumber);
  useEffect(() => {
    if (phase !== 'submitted') return;
    let done = false;
    const finish = (go: boolean) => {
      if (done) return;
      done = true;
      dispatch(cleared());
      const request = !continued && (type === 'repair' || type === 'special');
      if (!request) {
        remove('local', STORAGE_KEYS.referenceNumber);
        remove('session', STORAGE_KEYS.continueData);
        remove('session', STORAGE_KEYS.stepNumber);
      }
      if (!go) return;
      if (request) void navigate('/home/login');
      else void navigate('/home/request_options', { state: { submitted: referenceNumber ?? '' } });
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stopWaiting = whenSubmittedShown(() => {
      timer = setTimeout(() => finish(true), REDIRECT_DELAY_MS);
    });
    return () => {
      stopWaiting();
      clearTimeout(timer);
      finish(false);
    };
  }, [phase, type, continued, referenceNumber, dispatch, navigate]);
}
