import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderStudio } from './studio-render';

// Signing in to the studio: login and password, then the second factor; a 401 anywhere and Sign out
// bring the sign-in back, saying why.

describe('studio sign-in', () => {
  it('signs in with a password and the SMS code, said with the phone it went to', async () => {
    const { backend, user } = renderStudio('/studio');
    await screen.findByRole('heading', { level: 1, name: 'Sign in to the form studio' });
    await user.type(screen.getByLabelText(/^Login/), 'asha');
    await user.type(screen.getByLabelText(/^Password/), 'pw');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await screen.findByRole('heading', { level: 1, name: 'Enter your code' });
    expect(screen.getByText('We sent a code by SMS to +2557•••••123. Enter it here.')).toBeInTheDocument();
    expect(backend.bodies('sign_in')).toEqual([{ login: 'asha', password: 'pw' }]);

    await user.type(screen.getByLabelText(/^Code/), '246810');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    expect(backend.bodies('verify')).toEqual([{ sign_in_id: 'pending-1', code: '246810' }]);
    expect(screen.getByText('Asha Policy (policy editor)')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Studio' })).toBeInTheDocument();
  });

  it("asks for the authenticator's code when that is the second factor, and says a wrong code", async () => {
    const { backend, user } = renderStudio('/studio', {
      setup: (b) => (b.signIn = { sign_in_id: 'pending-2', second_factor: 'totp', expires_in_s: 300 }),
    });
    await user.type(await screen.findByLabelText(/^Login/), 'asha');
    await user.type(screen.getByLabelText(/^Password/), 'pw');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('Enter the 6-digit code your authenticator app shows for Kibali.');

    await user.type(screen.getByLabelText(/^Code/), '111111');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is not right.');
    expect(screen.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeInTheDocument();
    expect(backend.bodies('get_draft')).toEqual([]);
  });

  it('says the SMS went only if the password was right when the server shows no phone (the login is under lock)', async () => {
    const { user } = renderStudio('/studio', {
      setup: (b) => (b.signIn = { sign_in_id: 'pending-3', second_factor: 'sms', expires_in_s: 300 }),
    });
    await user.type(await screen.findByLabelText(/^Login/), 'asha');
    await user.type(screen.getByLabelText(/^Password/), 'pw');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('If your password is right, we sent a code by SMS to your staff phone. Enter it here.');
    expect(screen.queryByText(/We sent a code by SMS to/)).not.toBeInTheDocument();
  });

  it('refuses an empty form with an error summary, and asks the server nothing', async () => {
    const { backend, user } = renderStudio('/studio');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('heading', { level: 2, name: 'There is a problem' });
    const box = summary.closest('[role="alert"]') as HTMLElement;
    expect(within(box).getByRole('link', { name: 'Enter your login' })).toBeInTheDocument();
    expect(within(box).getByRole('link', { name: 'Enter your password' })).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveFocus());
    expect(backend.bodies('sign_in')).toEqual([]);
  });

  it('shows the sign-in again, saying the session ended, when any call answers 401', async () => {
    const { backend, user } = renderStudio('/studio', { role: 'policy_editor' });
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    // The session ends on the server; the next call (the diff page's) is refused.
    backend.staff = null;
    await user.click(screen.getByRole('link', { name: 'Diff & publish' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign in to the form studio' });
    expect(screen.getByText('Your session has ended. Sign in again to go on.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Studio' })).not.toBeInTheDocument();
  });

  it('signs out', async () => {
    const { backend, user } = renderStudio('/studio', { role: 'policy_editor' });
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByText('You have signed out.');
    expect(backend.bodies('sign_out')).toHaveLength(1);
    expect(screen.queryByText('Asha Policy (policy editor)')).not.toBeInTheDocument();
  });

  it('signs in in Swahili, the same way', async () => {
    const { user } = renderStudio('/studio', { language: 'sw' });
    await screen.findByRole('heading', { level: 1, name: 'Ingia kwenye studio ya fomu' });
    await user.type(screen.getByLabelText(/^Jina la kuingia/), 'asha');
    await user.type(screen.getByLabelText(/^Nenosiri/), 'pw');
    await user.click(screen.getByRole('button', { name: 'Endelea' }));
    expect(
      await screen.findByText('Tumetuma namba ya siri kwa ujumbe mfupi kwenda +2557•••••123. Iweke hapa.'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Namba ya siri/), '246810');
    await user.click(screen.getByRole('button', { name: 'Ingia' }));
    await screen.findByRole('heading', { level: 1, name: 'Muhtasari' });
  });
});
