import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  saveDocument,
  type SaveDocumentRequest,
  type StudioConflict,
  type StudioProblem,
} from '../../src/shared/api/studio';
import type { DocumentRule, FormsSet } from '../../src/shared/forms';
import { server } from './msw-server';
import { SET } from './studio-backend';
import { draftAnswer, recordCall, wireDraft } from './studio-editor-render';
import { answerFor, refusalFor } from '../../src/client/mocks/mock-call';
import { renderStudio } from './studio-render';

// The studio's documents page: each document with its problems, edited in both languages and saved as
// the editor types with the document's revision (save_document), added, removed once confirmed, and a
// change someone else saved meanwhile shown rather than overwritten.

const SHEHA = SET.documents[0]!;
const SHEHA_ITEM = 'document:sheha_letter';

/** The draft's set with a construction step whose answers documents may depend on. */
const DOCS_SET: FormsSet = {
  ...SET,
  steps: {
    ...SET.steps,
    construction: {
      schema: {
        type: 'object',
        title: 'construction.title',
        properties: {
          has_storeys: { type: 'boolean', title: 'construction.has_storeys.title' },
          storey_count: { type: 'integer', title: 'construction.storey_count.title', minimum: 1 },
        },
      },
      uiSchema: { 'ui:order': ['has_storeys', 'storey_count'], has_storeys: { 'ui:widget': 'radio' } },
    },
  },
  texts: {
    en: {
      ...SET.texts.en,
      construction: {
        title: 'Construction',
        has_storeys: { title: 'Has storeys' },
        storey_count: { title: 'Number of storeys' },
      },
    },
    sw: {
      ...SET.texts.sw,
      construction: {
        title: 'Ujenzi',
        has_storeys: { title: 'Lina ghorofa' },
        storey_count: { title: 'Idadi ya ghorofa' },
      },
    },
  },
};

/**
 * save_document as the server does it: the document written (or removed) at its place, its revision
 * raised to the draft's; or a test's own answer for the first call.
 */
function saveDocumentServer(first?: () => Response) {
  let set = DOCS_SET;
  let revision = 17;
  const revisions: Record<string, number> = { [SHEHA_ITEM]: 4 };
  const calls = recordCall<SaveDocumentRequest>(saveDocument, (body, count) => {
    if (count === 1 && first) return first();
    revision += 1;
    const at = set.documents.findIndex((d) => d.id === body.id);
    const documents = set.documents.filter((d) => d.id !== body.id);
    if (body.document) documents.splice(body.position ?? (at >= 0 ? at : documents.length), 0, body.document);
    set = { ...set, documents };
    revisions[`document:${body.id}`] = revision;
    return answerFor(saveDocument, wireDraft(draftAnswer(set, revision, { ...revisions })));
  });
  server.use(calls.handler);
  return calls.bodies;
}

function openPage(language: 'en' | 'sw' = 'en', problems: StudioProblem[] = []) {
  return renderStudio('/studio/documents', {
    role: 'policy_editor',
    language,
    setup: (b) => (b.draft = draftAnswer(DOCS_SET, 17, { [SHEHA_ITEM]: 4 }, problems)),
  });
}

/** The saves once typing has paused: the last is what the draft holds. */
/**
 * Waits until at least `count` saves were sent and the last is `expected`, then for "Saved". The saves
 * follow the edits: on a busy machine one of an earlier state goes first, and the last one comes after.
 */
async function lastSave(bodies: SaveDocumentRequest[], count: number, expected: unknown) {
  await waitFor(
    () => {
      expect(bodies.length).toBeGreaterThanOrEqual(count);
      expect(bodies.at(-1)).toEqual(expected);
    },
    { timeout: 5000 },
  );
  await waitFor(() => expect(screen.getAllByRole('status').some((s) => s.textContent === 'Saved')).toBe(true), {
    timeout: 5000,
  });
  return bodies.at(-1);
}

describe('the documents page', () => {
  it('adds an optional document for buildings over three storeys, sent as the editor wrote it', async () => {
    const bodies = saveDocumentServer();
    const { user } = openPage();
    await screen.findByRole('region', { name: "Document 1: Sheha's letter" });

    // Its code follows its English name, as a new question's does.
    await user.type(
      screen.getByRole('textbox', { name: 'Name of the new document, in English' }),
      'Structural drawings',
    );
    expect(screen.getByRole('textbox', { name: 'Document saved as' })).toHaveValue('structural_drawings');
    await user.click(screen.getByRole('button', { name: 'Add the document' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      id: 'structural_drawings',
      base: 0,
      document: {
        id: 'structural_drawings',
        name: { en: 'Structural drawings', sw: '' },
        help: { en: '', sw: '' },
        accept: ['application/pdf'],
        max_bytes: 5_242_880,
        required: false,
        drawing_scale: false,
        applies: {},
      },
    });

    // It opens in its editor, after Sheha's letter.
    const card = await screen.findByRole('region', { name: 'Document 2: Structural drawings' });
    const inCard = within(card);
    await user.click(inCard.getByRole('textbox', { name: 'Name of the document in Swahili' }));
    await user.paste('Michoro ya muundo wa jengo');
    await user.click(inCard.getByRole('textbox', { name: 'Help under the document in English' }));
    await user.paste('Drawings of the structure, signed by the engineer.');
    await user.click(inCard.getByRole('textbox', { name: 'Help under the document in Swahili' }));
    await user.paste('Michoro ya muundo, iliyosainiwa na mhandisi.');
    await user.click(inCard.getByRole('checkbox', { name: 'PNG image' }));
    await user.click(inCard.getByRole('checkbox', { name: 'A drawing: the applicant gives its scale (1:n)' }));
    await user.click(inCard.getByRole('checkbox', { name: 'New building' }));
    await user.click(inCard.getByRole('checkbox', { name: 'Government building' }));
    await user.click(inCard.getByRole('button', { name: 'Add a condition' }));
    await user.selectOptions(
      inCard.getByRole('combobox', { name: 'Condition 1: the answer' }),
      'construction.has_storeys',
    );
    expect(inCard.getByRole('combobox', { name: 'Condition 1: value' })).toHaveValue('true');
    await user.click(inCard.getByRole('button', { name: 'Add a condition' }));
    await user.selectOptions(
      inCard.getByRole('combobox', { name: 'Condition 2: the answer' }),
      'construction.storey_count',
    );
    await user.selectOptions(inCard.getByRole('combobox', { name: 'Condition 2: comparison' }), 'above');
    const storeys = inCard.getByRole('spinbutton', { name: 'Condition 2: value' });
    await user.clear(storeys);
    await user.type(storeys, '3');

    await lastSave(bodies, 2, {
      id: 'structural_drawings',
      base: expect.any(Number),
      document: {
        id: 'structural_drawings',
        name: { en: 'Structural drawings', sw: 'Michoro ya muundo wa jengo' },
        help: {
          en: 'Drawings of the structure, signed by the engineer.',
          sw: 'Michoro ya muundo, iliyosainiwa na mhandisi.',
        },
        accept: ['application/pdf', 'image/png'],
        max_bytes: 5_242_880,
        required: false,
        drawing_scale: true,
        applies: {
          types: ['new', 'government'],
          when: [
            { answer: 'construction.has_storeys', equals: true },
            { answer: 'construction.storey_count', above: 3 },
          ],
        },
      },
    });
    // Each save names the revision the one before it answered: none is made on a stale one.
    expect(bodies.slice(1).map((b) => b.base)).toEqual(bodies.slice(1).map((_b, i) => 18 + i));
  });

  it('saves a change of a document with its revision', async () => {
    const bodies = saveDocumentServer();
    const { user } = openPage();
    const card = await screen.findByRole('region', { name: "Document 1: Sheha's letter" });
    await user.click(within(card).getByRole('button', { name: `Edit document "Sheha's letter"` }));
    const size = within(card).getByRole('spinbutton', { name: 'Largest file (MB)' });
    await user.clear(size);
    await user.type(size, '2');
    await user.click(within(card).getByRole('checkbox', { name: 'JPEG photo' }));
    await user.click(within(card).getByRole('checkbox', { name: 'Required: submit is refused without this document' }));
    await lastSave(bodies, 1, {
      id: 'sheha_letter',
      base: expect.any(Number),
      document: {
        ...SHEHA,
        accept: ['application/pdf', 'image/jpeg'],
        max_bytes: 2 * 1024 * 1024,
        required: false,
      } satisfies DocumentRule,
    });
    // The first save is on the revision read; each one after on the revision the one before answered.
    expect(bodies[0]!.base).toBe(4);
  });

  it('removes a document only once confirmed', async () => {
    const bodies = saveDocumentServer();
    const { user } = openPage();
    const card = await screen.findByRole('region', { name: "Document 1: Sheha's letter" });
    await user.click(within(card).getByRole('button', { name: `Remove document "Sheha's letter"` }));
    const confirm = within(card).getByRole('group', { name: `Remove the document "Sheha's letter" from the draft?` });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(bodies).toEqual([]);

    await user.click(within(card).getByRole('button', { name: `Remove document "Sheha's letter"` }));
    await user.click(within(card).getByRole('button', { name: 'Yes, remove it' }));
    await waitFor(() => expect(bodies).toEqual([{ id: 'sheha_letter', base: 4, document: null }]));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: "Document 1: Sheha's letter" })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('The draft asks for no documents.')).toBeInTheDocument();
  });

  it("shows someone else's change rather than overwrite it, and saves on top of it when asked", async () => {
    const conflict: StudioConflict = { item: SHEHA_ITEM, revision: 9, by: 'Juma Policy', at: null };
    const bodies = saveDocumentServer(() =>
      refusalFor(saveDocument, 'studio.conflict', 'Someone else changed this meanwhile.', conflict),
    );
    const { user, backend } = openPage();
    const card = await screen.findByRole('region', { name: "Document 1: Sheha's letter" });
    await user.click(within(card).getByRole('button', { name: `Edit document "Sheha's letter"` }));
    await user.click(within(card).getByRole('textbox', { name: 'Name of the document in English' }));
    await user.paste(' (stamped)');
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('Juma Policy changed this while you were editing it (their version: revision 9).');
    expect(within(card).getByText('Not saved: someone else changed this meanwhile.')).toBeInTheDocument();
    // The draft is read again, so the rest of the page is current too.
    await waitFor(() => expect(backend.bodies('get_draft').length).toBeGreaterThanOrEqual(2));

    await user.click(within(alert).getByRole('button', { name: 'Keep mine (save on top)' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({
      id: 'sheha_letter',
      base: 9,
      document: { ...SHEHA, name: { en: "Sheha's letter (stamped)", sw: 'Barua ya Sheha' } },
    });
    await waitFor(() => expect(within(card).queryByRole('alert')).not.toBeInTheDocument());
  });

  it('"Use theirs" shows the document as the other editor saved it, and saves nothing of mine', async () => {
    const theirs = { ...SHEHA, name: { en: "Sheha's letter (signed)", sw: 'Barua ya Sheha (iliyosainiwa)' } };
    const conflict: StudioConflict = { item: SHEHA_ITEM, revision: 9, by: 'Juma Policy', at: null };
    const opened: { backend?: { draft: ReturnType<typeof draftAnswer> } } = {};
    const bodies = saveDocumentServer(() => {
      // The draft read again after the conflict holds their version.
      if (opened.backend)
        opened.backend.draft = draftAnswer({ ...DOCS_SET, documents: [theirs] }, 18, { [SHEHA_ITEM]: 9 });
      return refusalFor(saveDocument, 'studio.conflict', 'Someone else changed this meanwhile.', conflict);
    });
    const { user, backend } = openPage();
    opened.backend = backend;
    const card = await screen.findByRole('region', { name: "Document 1: Sheha's letter" });
    await user.click(within(card).getByRole('button', { name: `Edit document "Sheha's letter"` }));
    await user.click(within(card).getByRole('textbox', { name: 'Name of the document in English' }));
    await user.paste(' (stamped)');
    const alert = await within(card).findByRole('alert');
    await waitFor(() => expect(backend.bodies('get_draft').length).toBeGreaterThanOrEqual(2));
    await user.click(within(alert).getByRole('button', { name: 'Use theirs' }));
    const english = () =>
      within(screen.getByRole('region', { name: /^Document 1:/ })).getByRole('textbox', {
        name: 'Name of the document in English',
      });
    await waitFor(() => expect(english()).toHaveValue("Sheha's letter (signed)"));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(bodies).toHaveLength(1);
  });

  it('shows each problem next to its document', async () => {
    const problem: StudioProblem = {
      file: 'documents.json',
      message: 'the document "sheha_letter" has no "help" in en: write {"en": "…", "sw": "…"}.',
      severity: 'error',
      document: 'sheha_letter',
    };
    const { user } = openPage('en', [problem]);
    const card = await screen.findByRole('region', { name: "Document 1: Sheha's letter" });
    const problems = within(card).getByRole('list', { name: 'Problems found by the checks' });
    expect(problems).toHaveTextContent(`To fix before publishing: ${problem.message}`);
    // Only there: not above the list as a problem of the file as a whole.
    expect(screen.getAllByRole('list', { name: 'Problems found by the checks' })).toHaveLength(1);

    // From the overview, the documents are one link away.
    await user.click(screen.getByRole('link', { name: 'Overview' }));
    await user.click(await screen.findByRole('link', { name: 'Edit the documents' }));
    expect(await screen.findByRole('region', { name: "Document 1: Sheha's letter" })).toBeInTheDocument();
  });

  it('is in Swahili for a Swahili reader: headings, fields, problems and the confirmation', async () => {
    const problem: StudioProblem = {
      file: 'documents.json',
      message: 'the document "sheha_letter" has no "help" in sw.',
      severity: 'error',
      document: 'sheha_letter',
    };
    saveDocumentServer();
    const { user } = openPage('sw', [problem]);
    await screen.findByRole('heading', { level: 1, name: 'Hati' });
    const card = await screen.findByRole('region', { name: 'Hati 1: Barua ya Sheha' });
    expect(within(card).getByRole('list', { name: 'Matatizo yaliyopatikana na ukaguzi' })).toHaveTextContent(
      'Rekebisha kabla ya kuchapisha:',
    );
    await user.click(within(card).getByRole('button', { name: 'Hariri hati "Barua ya Sheha"' }));
    expect(within(card).getByRole('textbox', { name: 'Jina la hati kwa Kiswahili' })).toHaveValue('Barua ya Sheha');
    expect(within(card).getByRole('checkbox', { name: 'Jengo jipya' })).not.toBeChecked();
    await user.click(within(card).getByRole('button', { name: 'Ongeza sharti' }));
    const answer = within(card).getByRole('combobox', { name: 'Sharti 1: jibu' });
    await user.selectOptions(answer, 'construction.storey_count');
    expect(within(answer).getByRole('option', { selected: true })).toHaveTextContent(
      'Ujenzi: Idadi ya ghorofa (construction.storey_count)',
    );
    expect(
      within(within(card).getByRole('combobox', { name: 'Sharti 1: ulinganisho' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['ni', 'si', 'ni zaidi ya', 'ni angalau', 'ni chini ya', 'halizidi']);
    await user.click(within(card).getByRole('button', { name: 'Ondoa hati "Barua ya Sheha"' }));
    expect(
      within(card).getByRole('group', { name: 'Uondoe hati "Barua ya Sheha" kwenye rasimu?' }),
    ).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Ndiyo, iondoe' })).toBeInTheDocument();
  });
});
