import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { StaffEvent } from '../../../shared/api/back-office';
import { formatTime } from '../format-time';

/** The application's history, newest first: what happened, who did it, when, and the remark. */
export function HistoryList({ history }: { history: StaffEvent[] }) {
  const { t, i18n } = useTranslation('office');
  // A move says the stage it reached; another action its name; a line of the applicant's its status word.
  const whatHappened = (event: StaffEvent) => {
    if (event.status_changed || !event.action) return t(`status.${event.status}`);
    if (event.action === 'assign_application') {
      const nameOf = (who: unknown) => (who as { name?: string } | null)?.name ?? t('queue.nobody');
      return t('history.assigned', { from: nameOf(event.details.from), to: nameOf(event.details.to) });
    }
    const key = `history.action.${event.action}`;
    return i18n.exists(key, { ns: 'office' }) ? t(key) : t('history.action.other');
  };
  return (
    <Box component="section" aria-labelledby="history-title">
      <Typography id="history-title" component="h2" variant="h5" sx={{ mt: 4, mb: 1 }}>
        {t('history.title')}
      </Typography>
      <Box component="ol" sx={{ pl: 3, m: 0 }}>
        {history.map((event, index) => (
          <Box component="li" key={index} sx={{ mb: 1 }}>
            <Typography>
              {t('history.line', {
                what: whatHappened(event),
                who: event.by?.name ?? t('history.applicant'),
                at: formatTime(event.at, i18n.language),
              })}
            </Typography>
            {event.remark && (
              <Typography variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'pre-wrap' }}>
                {event.remark}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
