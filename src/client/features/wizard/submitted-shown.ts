/**
 * Whether the message after Submit is on screen. The spec's 3.5 s before the page moves on count from
 * then, not from the server's answer: the message's module may still be loading on a slow network,
 * and the applicant must get the whole 3.5 s to read it. The message (WizardOutcome's Submitted) says
 * so when it has mounted; the redirect (use-submitted-redirect.ts) waits for it.
 */
let shown = false;
const listeners = new Set<() => void>();

/** Called by the message once it is on screen; `hidden` when it goes. */
export function submittedShown(): void {
  shown = true;
  for (const listener of [...listeners]) listener();
}

export function submittedHidden(): void {
  shown = false;
}

/** Calls `listener` once the message is on screen (at once if it is already); answers how to stop waiting. */
export function whenSubmittedShown(listener: () => void): () => void {
  if (shown) {
    listener();
    return () => undefined;
  }
  const once = () => {
    listeners.delete(once);
    listener();
  };
  listeners.add(once);
  return () => listeners.delete(once);
}
