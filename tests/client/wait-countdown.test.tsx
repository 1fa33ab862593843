import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../src/client/app/i18n';
import { retryAfterOf, WaitCountdown } from '../../src/client/components/WaitCountdown';
import type { Language } from '../../src/shared/reference-data';
import { allTexts } from './locales';
import { en, sw } from './texts';

function renderCountdown(seconds: number, language: Language = 'en') {
  const i18n = createI18n(language, allTexts);
  return render(
    <I18nextProvider i18n={i18n}>
      <WaitCountdown seconds={seconds} />
    </I18nextProvider>,
  );
}

const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

afterEach(() => {
  vi.useRealTimers();
});

describe('a wait asked for by a 429, counted down', () => {
  it('takes the wait from a 429 only', () => {
    expect(retryAfterOf({ code: 429, data: { retry_after_s: 42.2 } })).toBe(43);
    expect(retryAfterOf({ code: 429, data: {} })).toBeUndefined();
    expect(retryAfterOf({ code: 422, data: { retry_after_s: 43 } })).toBeUndefined();
    expect(retryAfterOf(undefined)).toBeUndefined();
  });

  it('says the seconds left, one fewer each second, then that the applicant can try again now', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    renderCountdown(43);
    const seconds = (count: number) => en('wait.again_in', { time: en('wait.seconds', { count }) });
    expect(screen.getByRole('timer')).toHaveTextContent(seconds(43));
    expect(screen.getByRole('timer')).toHaveTextContent('You can try again in 43 seconds.');
    // The end is said once, politely; meanwhile the live region is empty (the count is not read every second).
    expect(screen.getByRole('status')).toHaveTextContent('');
    await tick(1000);
    expect(screen.getByRole('timer')).toHaveTextContent(seconds(42));
    await tick(40_000);
    expect(screen.getByRole('timer')).toHaveTextContent(seconds(2));
    await tick(1000);
    expect(screen.getByRole('timer')).toHaveTextContent('You can try again in 1 second.');
    await tick(1000);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(en('wait.ready'));
  });

  it('counts minutes and seconds in Swahili', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    renderCountdown(900, 'sw');
    expect(screen.getByRole('timer')).toHaveTextContent(
      sw('wait.again_in', { time: sw('wait.minutes', { minutes: 15, seconds: 0 }) }),
    );
    await tick(1000);
    expect(screen.getByRole('timer')).toHaveTextContent('Unaweza kujaribu tena baada ya dakika 14 na sekunde 59.');
    await tick(14 * 60_000 + 16_000);
    expect(screen.getByRole('timer')).toHaveTextContent('Unaweza kujaribu tena baada ya sekunde 43.');
  });
});
