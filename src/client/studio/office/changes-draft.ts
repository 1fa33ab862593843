import type { ApplicationOutline, ChangeRequestInput } from '../../../shared/api/change-requests';

/** A step as the officer is asking it: whether, which of its questions (none: the whole step), and why. */
export interface StepAsk {
  asked: boolean;
  fields: string[];
  remark: string;
}

/** A document as the officer is asking it: not at all, replaced or another added, and why. */
export interface DocumentAsk {
  action: '' | 'replace' | 'add';
  remark: string;
}

export interface ChangesDraft {
  steps: Record<string, StepAsk>;
  documents: Record<string, DocumentAsk>;
}

export const emptyDraft = (): ChangesDraft => ({ steps: {}, documents: {} });

/**
 * The requests return_for_changes is sent, in the options' order; `missing` names what is asked with no
 * remark (the applicant must read why), for the officer to fill in before anything is sent.
 */
export function requestsOf(
  options: Pick<ApplicationOutline, 'steps' | 'documents'>,
  draft: ChangesDraft,
): { requests: ChangeRequestInput[]; missing: string[] } {
  const requests: ChangeRequestInput[] = [];
  const missing: string[] = [];
  for (const { step } of options.steps) {
    const ask = draft.steps[step];
    if (!ask?.asked) continue;
    if (!ask.remark.trim()) missing.push(step);
    requests.push({
      kind: 'step',
      step,
      ...(ask.fields.length ? { fields: ask.fields } : {}),
      remark: ask.remark.trim(),
    });
  }
  for (const { document_type } of options.documents) {
    const ask = draft.documents[document_type];
    if (!ask?.action) continue;
    if (!ask.remark.trim()) missing.push(document_type);
    requests.push({ kind: 'document', document_type, action: ask.action, remark: ask.remark.trim() });
  }
  return { requests, missing };
}
