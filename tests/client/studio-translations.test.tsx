import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStudio } from './studio-render';

// The translation round trip: the draft's texts downloaded as a CSV file, a translated file uploaded
// back, and what it did listed: updated, still missing, changed in English, unknown.

const CSV = 'key,en,sw,en_at_export\nconstruction.title,Construction,Ujenzi,Construction\n';

describe('translations', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('downloads the texts as the file the server names', async () => {
    // jsdom has no object URLs: the browser's part of a download is stood in for, the file checked.
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:kibali/texts';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { backend, user } = renderStudio('/studio/translations', {
      role: 'policy_editor',
      setup: (b) => (b.exported = { csv: CSV, file_name: 'kibali-texts-draft-17.csv' }),
    });
    const download = await screen.findByRole('button', { name: 'Download the CSV' });
    await waitFor(() => expect(download).toBeEnabled());
    await user.click(download);
    await vi.waitFor(() => expect(clicked).toEqual(['kibali-texts-draft-17.csv']));
    expect(backend.bodies('export_texts')).toEqual([{}]);
    expect((await blobs[0]!.text()).replace(/^\uFEFF/, '')).toBe(CSV);
    click.mockRestore();
  });

  it('uploads a translated file and lists what it did', async () => {
    const { backend, user } = renderStudio('/studio/translations', {
      role: 'policy_editor',
      setup: (b) =>
        (b.importResult = {
          updated: 3,
          missing: ['construction.plot_area.title'],
          changed_in_english: ['personal.title', 'repair.title'],
          unknown: ['old.key'],
        }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Translations' });
    const input = screen.getByLabelText('CSV file');
    await user.upload(input, new File([`\uFEFF${CSV}`], 'texts.csv', { type: 'text/csv' }));
    const upload = screen.getByRole('button', { name: 'Upload' });
    await waitFor(() => expect(upload).toBeEnabled());
    await user.click(upload);

    expect(await screen.findByText('3 texts updated.')).toBeInTheDocument();
    const list = (name: string) =>
      within(screen.getByRole('heading', { name }).closest('section')!)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(list('1 text still missing')).toEqual(['construction.plot_area.title']);
    expect(list('2 texts whose English changed: check their Swahili')).toEqual(['personal.title', 'repair.title']);
    expect(list('1 text in the file that the draft does not have (ignored)')).toEqual(['old.key']);
    // The file as written (its BOM dropped), on top of the texts' revision the editor saw.
    expect(backend.bodies('import_texts')).toEqual([{ base: 4, csv: CSV }]);
  });

  it('asks for a file before sending anything', async () => {
    const { backend, user } = renderStudio('/studio/translations', { role: 'policy_editor' });
    // Upload is disabled (pointer-events: none) until the draft is read.
    const upload = await screen.findByRole('button', { name: 'Upload' });
    await waitFor(() => expect(upload).toBeEnabled());
    await user.click(upload);
    expect(await screen.findByRole('link', { name: 'Choose the CSV file' })).toBeInTheDocument();
    expect(backend.bodies('import_texts')).toEqual([]);
  });

  it("says the server's refusal of a file", async () => {
    const { user } = renderStudio('/studio/translations', {
      role: 'policy_editor',
      setup: (b) => (b.answer.import_texts = { code: 422, message: 'Line 3 has 2 columns, not 4.' }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Translations' });
    await user.upload(screen.getByLabelText('CSV file'), new File([CSV], 'texts.csv', { type: 'text/csv' }));
    const upload = screen.getByRole('button', { name: 'Upload' });
    await waitFor(() => expect(upload).toBeEnabled());
    await user.click(upload);
    expect(await screen.findByRole('alert')).toHaveTextContent('Line 3 has 2 columns, not 4.');
  });
});
