import { act, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../src/client/app/i18n';
import { NavBar } from '../../src/client/layout/NavBar';
import { allTexts } from './locales';

// The phone's menu is a <details>, so that it opens before the app has started. Opened then, and a link
// tapped as the app takes the page over (before the app has seen that it is open), it must still close:
// a browser test saw it stay open over the next page on a loaded machine.

function Where() {
  return <output aria-label="where">{useLocation().pathname}</output>;
}

function renderNavBar() {
  const i18n = createI18n('en', allTexts);
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/home/landing']}>
        <NavBar />
        <Where />
      </MemoryRouter>
    </I18nextProvider>,
  );
  const t = i18n.getFixedT('en');
  const details = screen.getByLabelText(t('nav.open_menu')).closest('details')!;
  const panel = details.querySelector<HTMLElement>('nav')!;
  expect(panel).toHaveAttribute('aria-label', t('nav.label'));
  return { t, details, panel };
}

/** Lets the browser's queued events run (a <details> says it toggled in a task of its own). */
const tasks = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

describe('the phone menu', () => {
  it('closes when a link is tapped though the app had not yet seen it open', async () => {
    const { t, details, panel } = renderNavBar();
    // Opened as before the app took over: the element open, its toggle event not yet heard.
    details.open = true;
    act(() => within(panel).getByText(t('nav.engineers')).click());
    await tasks();
    expect(screen.getByLabelText('where')).toHaveTextContent('/home/engineers');
    expect(details.open).toBe(false);
  });

  it('closes with its Close button, and opens again', async () => {
    const { t, details, panel } = renderNavBar();
    details.open = true;
    await tasks();
    act(() => within(panel).getByText(t('nav.close_menu')).click());
    await tasks();
    expect(details.open).toBe(false);
    details.open = true;
    await tasks();
    expect(details.open).toBe(true);
  });
});
