import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { HistoryEntry } from '../../../shared/api/studio';
import { ChangeList } from '../diff/ChangeList';
import { formatTime } from '../format-time';
import { useStudioSelector } from '../hooks';
import { mayPublish } from '../roles';
import { useLanguage } from '../use-language';
import { RollbackButton } from './RollbackButton';

export function VersionEntry({ entry }: { entry: HistoryEntry }) {
  const { t } = useTranslation('studio');
  const language = useLanguage();
  const role = useStudioSelector((state) => state.staffSession.staff?.role);
  const headingId = `version-${entry.version}`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 3, pb: 2, borderBottom: 1, borderColor: 'divider' }}>
      <Typography id={headingId} component="h2" variant="h5" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        {t('history.version', { version: entry.version })}
        {entry.live && <Chip color="success" size="small" label={t('history.live')} />}
      </Typography>
      <Typography>
        {t('history.published', { name: entry.published_by, at: formatTime(entry.published_at, language) })}
      </Typography>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{t('history.reason', { reason: entry.reason })}</Typography>
      <ChangeList changes={entry.changes} none={t('history.first')} />
      {!entry.live && mayPublish(role) && <RollbackButton version={entry.version} />}
    </Box>
  );
}
