import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderStudio } from './studio-render';

// What each role is shown (the server refuses the same calls whatever is shown): an editor edits and
// reads, a publisher publishes and rolls back, an admin also reads the audit, an officer has no studio.

const navLinks = () =>
  within(screen.getByRole('navigation', { name: 'Studio' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the studio by role', () => {
  it('an editor sees no Publish, no Roll back and no Audit', async () => {
    const { user } = renderStudio('/studio/diff', { role: 'policy_editor' });
    await screen.findByText("Construction: new required question 'Plot title deed number'");
    expect(navLinks()).toEqual([
      'Overview',
      'Steps by application type',
      'Documents',
      'Fees',
      'Diff & publish',
      'History',
      'Translations',
    ]);
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    expect(screen.getByText('Only a policy publisher or an administrator can publish the draft.')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'History' }));
    await screen.findByRole('heading', { level: 2, name: 'Version 2' });
    expect(screen.queryByRole('button', { name: /Roll back/ })).not.toBeInTheDocument();
  });

  it('a publisher sees Publish and Roll back, and no Audit', async () => {
    const { user } = renderStudio('/studio/diff', { role: 'policy_publisher' });
    expect(await screen.findByRole('button', { name: 'Publish' })).toBeInTheDocument();
    expect(navLinks()).not.toContain('Audit');
    await user.click(screen.getByRole('link', { name: 'History' }));
    // Every version but the live one can be rolled back to.
    expect(await screen.findByRole('button', { name: 'Roll back to version 2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Roll back to version 3' })).not.toBeInTheDocument();
  });

  it('only an admin sees the audit; its pages go back in time', async () => {
    const { backend, user } = renderStudio('/studio', {
      role: 'admin',
      setup: (b) =>
        (b.audit = (before) =>
          before === undefined
            ? {
                entries: [
                  { id: 9, at: '2026-11-20T09:30:00.000Z', by: 'Asha Policy', action: 'publish', subject: 'version 3' },
                ],
                next_before: 9,
              }
            : {
                entries: [
                  {
                    id: 8,
                    at: '2026-11-20T09:00:00.000Z',
                    by: 'Juma Editor',
                    action: 'save_question',
                    subject: 'construction.title_deed',
                  },
                ],
              }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    await user.click(screen.getByRole('link', { name: 'Audit' }));
    const table = await screen.findByRole('table', { name: 'Studio actions, newest first' });
    expect(within(table).getByRole('row', { name: /Asha Policy Published version 3/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(
      await screen.findByRole('row', { name: /Juma Editor Saved a question construction.title_deed/ }),
    ).toBeInTheDocument();
    expect(backend.bodies('audit')).toEqual([{}, { before: 9 }]);
  });

  it('a publisher who opens the audit by its address is told it is for admins, and asks nothing', async () => {
    const { backend } = renderStudio('/studio/audit', { role: 'policy_publisher' });
    expect(await screen.findByText('Only administrators see the audit.')).toBeInTheDocument();
    expect(backend.bodies('audit')).toEqual([]);
  });

  it('an officer has no studio: told why, no nav, no draft asked for', async () => {
    const { backend } = renderStudio('/studio', { role: 'officer' });
    expect(await screen.findByRole('heading', { level: 1, name: 'No access to the studio' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Studio' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(backend.bodies('get_draft')).toEqual([]);
  });

  it("says a refusal of the server (403) in the studio's words, not the server's", async () => {
    renderStudio('/studio/history', {
      role: 'policy_editor',
      setup: (b) => (b.answer.history = { code: 403, message: 'Access denied' }),
    });
    // Said where the history would be, and as the call's message: nothing says the server is away.
    await waitFor(() => expect(screen.getAllByText('Your role cannot do this.')).toHaveLength(2));
    expect(screen.queryByText(/cannot reach the server/)).not.toBeInTheDocument();
    expect(screen.queryByText('Access denied')).not.toBeInTheDocument();
  });
});
