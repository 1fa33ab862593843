import { isApplicationType, type ApplicationType } from '../../../shared/wizard-driver';
import { readJson, remove, STORAGE_KEYS, writeJson } from '../../app/browser-storage';

/**
 * What this browser remembers of the draft it has open, so that a reload, a Back or a return reopens
 * it from the server (open_draft, with the draft's HttpOnly cookie) rather than starting a second one.
 * No personal data: the reference number (kept in localStorage anyway, spec section 3) and the type;
 * the step the tab was on (a step id) in sessionStorage. The answers stay on the server.
 *
 * Each tab keeps its own draft in sessionStorage, which a reload keeps: two tabs with two drafts each
 * reopen their own. localStorage keeps the draft opened last, for a return in a new tab.
 */
export interface OpenDraft {
  reference_number: string;
  application_type: ApplicationType;
  /** Opened by Continue: it reopens on /home/continue_form. */
  continued: boolean;
}

function isOpenDraft(value: unknown): value is OpenDraft {
  const v = value as Partial<OpenDraft> | null | undefined;
  return (
    typeof v?.reference_number === 'string' &&
    /^[A-Za-z0-9 -]{10,20}$/.test(v.reference_number) &&
    isApplicationType(v.application_type)
  );
}

function kept(which: 'local' | 'session'): OpenDraft | undefined {
  const value = readJson<unknown>(which, STORAGE_KEYS.openDraft);
  return isOpenDraft(value) ? { ...value, continued: value.continued === true } : undefined;
}

/** This tab's draft (a reload), else the draft this browser opened last (a return in a new tab). */
export function readOpenDraft(): OpenDraft | undefined {
  return kept('session') ?? kept('local');
}

/** A save (or a continue) answered: this tab, and this browser, have this draft open. */
export function rememberDraft(draft: OpenDraft): void {
  writeJson('session', STORAGE_KEYS.openDraft, draft);
  writeJson('local', STORAGE_KEYS.openDraft, draft);
}

/**
 * Submitted, no longer there, or the applicant chose to start afresh: this tab has nothing to reopen.
 * The browser forgets the draft too unless another tab has opened a different one since.
 */
export function forgetDraft(): void {
  const mine = kept('session') ?? kept('local');
  remove('session', STORAGE_KEYS.openDraft);
  remove('session', STORAGE_KEYS.wizardStep);
  if (!mine || kept('local')?.reference_number === mine.reference_number) remove('local', STORAGE_KEYS.openDraft);
}

/** The step (or the review) the tab was on in this draft. */
export function rememberStep(reference: string, step: string): void {
  writeJson('session', STORAGE_KEYS.wizardStep, { reference_number: reference, step });
}

/** The step this tab was on in this draft before a reload, if any. */
export function stepBeforeReload(reference: string): string | undefined {
  const kept = readJson<{ reference_number?: unknown; step?: unknown }>('session', STORAGE_KEYS.wizardStep);
  return kept?.reference_number === reference && typeof kept.step === 'string' ? kept.step : undefined;
}
