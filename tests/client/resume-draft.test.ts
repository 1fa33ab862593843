import { describe, expect, it } from 'vitest';
import { forgetDraft, readOpenDraft, rememberDraft } from '../../src/client/features/wizard/resume-draft';

/** Two tabs of one browser share localStorage but each has its own sessionStorage (simulated here by swapping it). */
const A = { reference_number: 'KQ7MZ-4XPRT', application_type: 'repair', continued: false } as const;
const B = { reference_number: 'ZZ9QX-8WPLM', application_type: 'new', continued: false } as const;

function otherTab(run: () => void): void {
  const mine = sessionStorage.getItem('open_draft');
  sessionStorage.removeItem('open_draft');
  run();
  sessionStorage.removeItem('open_draft');
  if (mine !== null) sessionStorage.setItem('open_draft', mine);
}

describe('the draft each tab has open', () => {
  it('a tab reopens its own draft after another tab opened a second one', () => {
    rememberDraft(A);
    otherTab(() => rememberDraft(B));
    expect(readOpenDraft()).toEqual(A);
    // A new tab (empty sessionStorage) returns to the draft opened last.
    otherTab(() => expect(readOpenDraft()).toEqual(B));
  });

  it('forgetting this tab’s draft keeps the draft another tab opened since', () => {
    rememberDraft(A);
    otherTab(() => rememberDraft(B));
    forgetDraft();
    expect(readOpenDraft()).toEqual(B);
  });

  it('forgetting the draft opened last forgets it for the browser too', () => {
    rememberDraft(A);
    forgetDraft();
    expect(readOpenDraft()).toBeUndefined();
    expect(localStorage.getItem('open_draft')).toBeNull();
  });
});
