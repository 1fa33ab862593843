import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderStudio } from './studio-render';

// The overview: each application type's steps in the applicant's order, each a link to its editor with
// its problems; the documents; who saved last; discard (confirmed). And the page's heading takes focus.

describe('the overview', () => {
  it('lists the steps of each application type in order, with their problems, and links to their editors', async () => {
    const { user, where } = renderStudio('/studio', {
      role: 'policy_editor',
      setup: (b) =>
        (b.draft.problems = [
          { file: 'steps/construction.schema.json', message: 'No label', severity: 'error', step: 'construction' },
          { file: 'steps/construction.schema.json', message: 'Long', severity: 'warning', step: 'construction' },
        ]),
    });
    const heading = await screen.findByRole('heading', { level: 3, name: 'New building' });
    const steps = within(heading.nextElementSibling as HTMLElement).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual(['Personal details', 'Construction2 problems']);
    const repair = screen.getByRole('heading', { level: 3, name: 'Repair' }).nextElementSibling as HTMLElement;
    expect(
      within(repair)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Personal details', 'Repairs']);
    expect(screen.getByText(/1 error must be fixed before publishing\. 1 warning\./)).toBeInTheDocument();
    expect(screen.getByText(/Last saved by Asha Policy/)).toBeInTheDocument();
    expect(screen.getByText("Sheha's letter (required)")).toBeInTheDocument();

    await user.click(within(heading.nextElementSibling as HTMLElement).getByRole('link', { name: 'Construction' }));
    await waitFor(() => expect(where.location?.pathname).toBe('/studio/step/construction'));
    // The page that opens takes the focus with its heading (the placeholder's, until the editor comes).
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  });

  it('shows the titles in Swahili when the studio is in Swahili, and the tab says the page', async () => {
    const { user } = renderStudio('/studio', { role: 'policy_editor' });
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    expect(document.title).toBe('Overview – Kibali form studio');
    await user.click(screen.getByRole('button', { name: 'Kiswahili' }));
    await screen.findByRole('heading', { level: 1, name: 'Muhtasari' });
    expect(screen.getByRole('heading', { level: 3, name: 'Jengo jipya' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Ujenzi' })).toHaveLength(1);
    expect(document.title).toBe('Muhtasari – Studio ya fomu za Kibali');
    expect(document.documentElement.lang).toBe('sw');
  });

  it('discards the draft only once confirmed', async () => {
    const { backend, user } = renderStudio('/studio', { role: 'policy_editor' });
    await user.click(await screen.findByRole('button', { name: 'Discard the draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard every unpublished change?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(backend.bodies('discard_draft')).toEqual([]);

    // The dialog has closed (the page behind it is no longer hidden).
    await user.click(await screen.findByRole('button', { name: 'Discard the draft' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('The draft was discarded: it is the live version again.')).toBeInTheDocument();
    expect(backend.bodies('discard_draft')).toEqual([{}]);
  });

  it('moves the focus to the heading of each page the nav opens', async () => {
    const { user } = renderStudio('/studio', { role: 'policy_editor' });
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    await user.click(screen.getByRole('link', { name: 'Translations' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Translations' })).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Translations' })).toHaveAttribute('aria-current', 'page');
  });
});
