import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderStudio } from './studio-render';

// History: every version with who, when, why and its changes in words; Roll back (publishers) asks
// why and to confirm, then publishes the old content as a new version.

describe('history and rollback', () => {
  it('lists the versions, the live one marked, with their changes in words', async () => {
    renderStudio('/studio/history', { role: 'policy_editor' });
    const live = (await screen.findByRole('heading', { level: 2, name: /Version 3/ })).closest('section')!;
    expect(within(live).getByText('live')).toBeInTheDocument();
    expect(within(live).getByText(/^Published by Juma Publisher/)).toBeInTheDocument();
    expect(within(live).getByText('Why: Plot area in Swahili')).toBeInTheDocument();
    expect(within(live).getByText("Document 'Old map' removed")).toBeInTheDocument();
    const older = screen.getByRole('heading', { level: 2, name: 'Version 2' }).closest('section')!;
    expect(within(older).queryByText('live')).not.toBeInTheDocument();
  });

  it('rolls back to an earlier version, with a reason asked for and confirmed', async () => {
    const { backend, user } = renderStudio('/studio/history', { role: 'policy_publisher' });
    await user.click(await screen.findByRole('button', { name: 'Roll back to version 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roll back to version 2?' });
    await user.click(within(dialog).getByRole('button', { name: 'Roll back' }));
    expect(within(dialog).getByText('Enter why you roll back')).toBeInTheDocument();
    expect(backend.bodies('rollback')).toEqual([]);

    await user.type(within(dialog).getByLabelText(/^Why roll back/), 'Roof');
    await user.click(within(dialog).getByRole('button', { name: 'Roll back' }));
    expect(await screen.findByText('Version 4 is published, with the content of version 2.')).toBeInTheDocument();
    expect(backend.bodies('rollback')).toEqual([{ version: 2, summary: 'Roof' }]);
    // The history is asked again: the new version shows.
    expect(backend.bodies('history').length).toBeGreaterThanOrEqual(2);
  });

  it('cancelling a rollback sends nothing', async () => {
    const { backend, user } = renderStudio('/studio/history', { role: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Roll back to version 2' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(backend.bodies('rollback')).toEqual([]);
  });
});
