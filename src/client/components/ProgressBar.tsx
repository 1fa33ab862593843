import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../app/hooks';
import { usePageLoading } from '../app/page-loads';
import { selectCallsPending } from '../app/store';

const FAILURE_SHOWN_MS = 1200;

/** A thin bar at the top while a page or any API call is loading; it turns red briefly when a call fails. */
export function ProgressBar() {
  const { t } = useTranslation();
  const navigating = usePageLoading();
  const calling = useAppSelector(selectCallsPending);
  const failures = useAppSelector((s) => s.ui.failures);
  // The failure count already shown and faded; a newer failure shows red until its timer ends.
  const [fadedFailures, setFadedFailures] = useState(0);
  const failedShown = failures > fadedFailures;

  useEffect(() => {
    if (failures === 0) return;
    const timer = setTimeout(() => setFadedFailures(failures), FAILURE_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [failures]);

  const active = navigating || calling;
  return (
    <div className="k-progress">
      {active && (
        <div
          role="progressbar"
          aria-label={t('progress.label')}
          className="k-progress__bar"
          data-testid="progress-bar"
        />
      )}
      {!active && failedShown && (
        <div className="k-progress__bar k-progress__bar--failed" aria-hidden="true" data-testid="progress-failed" />
      )}
    </div>
  );
}
