import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedOut } from '../../src/client/app/session-slice';
import { renderApp } from './render';
import { en, sw } from './texts';

/** Issue 17, item 14: the notice's close button is named in the chosen language (MUI's own is English). */

describe("the notice's close button", () => {
  it.each([
    ['en', en],
    ['sw', sw],
  ] as const)('is named in the chosen language (%s)', async (language, t) => {
    const { store, router } = renderApp('/home/login', { language });
    await screen.findByRole('heading', { level: 1, name: t('titles.view') });
    // The session ended elsewhere meanwhile: View, opened again, says so in a notice the applicant can close.
    await act(() => router.navigate('/home/landing'));
    act(() => {
      store.dispatch(signedOut({ reason: 'logout' }));
    });
    await act(() => router.navigate('/home/login'));
    await screen.findByText(t('session.logged_out'));
    expect(await screen.findByRole('button', { name: language === 'en' ? 'Close' : 'Funga' })).toBeInTheDocument();
  });
});
