/**
 * Every browser-storage key of the portal (spec section 3, Browser storage) in one place.
 * Persistent (localStorage): reference_number alone. Session (sessionStorage): user, continue_data,
 * step_number, language, splash. The spec keeps user and continue_data persistent; they hold names,
 * ID numbers, phones and answers, which a shared phone or a cyber-café PC would keep after the browser
 * closes, so they last for the tab's session instead (docs/applicant-portal.md, "Browser storage").
 */
export const STORAGE_KEYS = {
  user: 'user',
  referenceNumber: 'reference_number',
  continueData: 'continue_data',
  stepNumber: 'step_number',
  language: 'language',
  splash: 'splash',
  intendedUrl: 'intended_url',
  scrollPositions: 'scroll_positions',
  /** The draft this browser has open (reference number, type): no personal data (features/wizard/resume-draft.ts). */
  openDraft: 'open_draft',
  /** The step the tab was on in that draft (a step id), for a reload: session only. */
  wizardStep: 'wizard_step',
} as const;

type Area = 'local' | 'session';

function area(which: Area): Storage | undefined {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined; // storage disabled (private mode on some phones): the portal still works, it just forgets
  }
}

export function readJson<T>(which: Area, key: string): T | undefined {
  const raw = area(which)?.getItem(key);
  if (raw == null) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}

export function writeJson(which: Area, key: string, value: unknown): void {
  try {
    area(which)?.setItem(key, JSON.stringify(value));
  } catch {
    // quota exceeded: the copy is a cache, the server keeps the truth
  }
}

export function readText(which: Area, key: string): string | undefined {
  return area(which)?.getItem(key) ?? undefined;
}

export function writeText(which: Area, key: string, value: string): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // see writeJson
  }
}

export function remove(which: Area, key: string): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // see writeJson
  }
}

/** Personal data earlier versions kept in localStorage: removed at start, wherever it was left. */
const NO_LONGER_PERSISTENT = [STORAGE_KEYS.user, STORAGE_KEYS.continueData];

export function forgetPersistentPersonalData(): void {
  for (const key of NO_LONGER_PERSISTENT) remove('local', key);
}
