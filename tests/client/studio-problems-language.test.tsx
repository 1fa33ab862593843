import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StudioProblem } from '../../src/shared/api/studio';
import { SET } from './studio-backend';
import { draftAnswer } from './studio-editor-render';
import { renderStudio } from './studio-render';

// The checker's problems in the staff member's language: a problem with a code is said by its text in
// locales/<language>/checks.json; one without (or with a code that has no text), in English, marked so.

const coded: StudioProblem = {
  file: 'documents.json',
  path: [2, 'help'],
  message: 'the document "sheha_letter" has no "help" in sw: write {"en": "…", "sw": "…"}.',
  severity: 'error',
  code: 'document_text_missing',
  params: { document: 'sheha_letter', part: 'help', language: 'sw' },
  document: 'sheha_letter',
};
const plain: StudioProblem = {
  file: 'documents.json',
  message: 'documents.json must be a list in brackets [ … ] of documents.',
  severity: 'error',
};
const unknownCode: StudioProblem = {
  file: 'documents.json',
  message: 'a problem the studio has no words for yet.',
  severity: 'warning',
  code: 'no_such_check',
  params: { name: 'x' },
};

function openDocuments(language: 'en' | 'sw') {
  return renderStudio('/studio/documents', {
    role: 'policy_editor',
    language,
    setup: (b) => (b.draft = draftAnswer(SET, 17, {}, [coded, plain, unknownCode])),
  });
}

/** The language a text is read in: the nearest lang attribute above it. */
const languageOf = (element: HTMLElement) => element.closest('[lang]')?.getAttribute('lang');

describe("the checker's problems in the studio", () => {
  it('are in Swahili for a Swahili reader when they have a code, and in English, marked so, when not', async () => {
    openDocuments('sw');
    const card = await screen.findByRole('region', { name: /^Hati \d+: Barua ya Sheha$/ });
    const list = within(card).getByRole('list', { name: 'Matatizo yaliyopatikana na ukaguzi' });
    const said = within(list).getByText('hati "sheha_letter" haina "help" kwa sw: andika {"en": "…", "sw": "…"}.');
    expect(languageOf(said)).toBe('sw');
    expect(list).toHaveTextContent('Rekebisha kabla ya kuchapisha: hati "sheha_letter" haina "help" kwa sw');
    expect(screen.queryByText(coded.message)).not.toBeInTheDocument();

    for (const problem of [plain, unknownCode]) {
      const english = screen.getByText(problem.message);
      expect(english).toHaveAttribute('lang', 'en');
    }
  });

  it('say a coded problem in English as the checker wrote it for an English reader', async () => {
    openDocuments('en');
    const card = await screen.findByRole('region', { name: /^Document \d+: Sheha's letter$/ });
    const said = within(card).getByText(coded.message);
    expect(languageOf(said)).toBe('en');
    expect(within(card).getByRole('list', { name: 'Problems found by the checks' })).toHaveTextContent(
      `To fix before publishing: ${coded.message}`,
    );
  });
});
