import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from './visually-hidden';

/** The wait a refused call asks for: a 429's `retry_after_s` (its `Retry-After`), in whole seconds. */
export function retryAfterOf(failure: { code: number; data?: unknown } | undefined): number | undefined {
  if (failure?.code !== 429) return undefined;
  const seconds = (failure.data as { retry_after_s?: unknown } | undefined)?.retry_after_s;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

/** The seconds left until `until` (a time in ms), counted down each second; 0 once it has passed. */
export function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

export interface WaitCountdownProps {
  /** The wait asked for, in seconds, from when this was shown. */
  seconds: number;
}

/**
 * "You can try again in 43 seconds.", counting down each second, then "You can try again now.". The count
 * is a timer a screen reader reads when asked (not every second); the end is said once, politely.
 */
export function WaitCountdown({ seconds }: WaitCountdownProps) {
  const { t } = useTranslation();
  const [until] = useState(() => Date.now() + seconds * 1000);
  const left = useSecondsLeft(until);
  const time =
    left < 60
      ? t('wait.seconds', { count: left })
      : t('wait.minutes', { minutes: Math.floor(left / 60), seconds: left % 60 });
  return (
    <>
      {left > 0 ? (
        <span role="timer" className="k-wait">
          {t('wait.again_in', { time })}
        </span>
      ) : (
        <span aria-hidden="true" className="k-wait">
          {t('wait.ready')}
        </span>
      )}
      <span role="status" style={visuallyHidden}>
        {left > 0 ? '' : t('wait.ready')}
      </span>
    </>
  );
}
