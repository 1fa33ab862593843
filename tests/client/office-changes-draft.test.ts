import { describe, expect, it } from 'vitest';
import { emptyDraft, requestsOf } from '../../src/client/studio/office/changes-draft';

// The workspace's checklist builder (issue 33, item 4): what the officer ticked becomes the requests
// return_for_changes is sent, in the forms' order; anything asked without a remark is named.

const both = (en: string) => ({ en, sw: en });
const options = {
  steps: [
    { step: 'personal', title: both('Applicant'), fields: [] },
    {
      step: 'repair',
      title: both('Repair'),
      fields: [
        { name: 'affects_neighbours', title: both('Neighbours?'), conditional: false },
        { name: 'precautions', title: both('Precautions'), conditional: true },
      ],
    },
  ],
  documents: [
    { document_type: 'sheha_letter', name: both("Sheha's letter") },
    { document_type: 'site_plan', name: both('Site plan') },
  ],
};

describe('requestsOf', () => {
  it('sends nothing for an untouched draft', () => {
    expect(requestsOf(options, emptyDraft())).toEqual({ requests: [], missing: [] });
  });

  it('sends the ticked steps (their questions, or the whole step) and the documents, in the forms’ order, remarks trimmed', () => {
    const draft = {
      steps: {
        repair: { asked: true, fields: ['precautions'], remark: ' Say how. ' },
        personal: { asked: true, fields: [], remark: 'Your name is misspelt.' },
      },
      documents: {
        site_plan: { action: 'add' as const, remark: 'A second sheet.' },
        sheha_letter: { action: '' as const, remark: 'ignored' },
      },
    };
    expect(requestsOf(options, draft)).toEqual({
      requests: [
        { kind: 'step', step: 'personal', remark: 'Your name is misspelt.' },
        { kind: 'step', step: 'repair', fields: ['precautions'], remark: 'Say how.' },
        { kind: 'document', document_type: 'site_plan', action: 'add', remark: 'A second sheet.' },
      ],
      missing: [],
    });
  });

  it('names each step and document asked with no remark; an unticked step is not asked, whatever it holds', () => {
    const draft = {
      steps: {
        repair: { asked: true, fields: [], remark: '   ' },
        personal: { asked: false, fields: [], remark: '' },
      },
      documents: { sheha_letter: { action: 'replace' as const, remark: '' } },
    };
    const { requests, missing } = requestsOf(options, draft);
    expect(missing).toEqual(['repair', 'sheha_letter']);
    expect(requests.map((r) => (r.kind === 'step' ? r.step : r.document_type))).toEqual(['repair', 'sheha_letter']);
  });
});
