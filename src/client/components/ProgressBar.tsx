import { useEffect, useState } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import Box from '@mui/material/Box';
import { useNavigation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../app/hooks';
import { selectCallsPending } from '../app/store';

const FAILURE_SHOWN_MS = 1200;

/** A thin bar at the top while a page or any API call is loading; it turns red briefly when a call fails. */
export function ProgressBar() {
  const { t } = useTranslation();
  const navigating = useNavigation().state !== 'idle';
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
    <Box sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.snackbar + 1, height: 4 }}>
      {active && <LinearProgress aria-label={t('progress.label')} data-testid="progress-bar" />}
      {!active && failedShown && (
        <LinearProgress
          variant="determinate"
          value={100}
          color="error"
          aria-hidden="true"
          data-testid="progress-failed"
        />
      )}
    </Box>
  );
}
