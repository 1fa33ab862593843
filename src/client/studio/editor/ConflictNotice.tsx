import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { StudioConflict } from '../../../shared/api/studio';

interface ConflictNoticeProps {
  conflict: StudioConflict;
  onTheirs: () => void;
  onMine: () => void;
}

/**
 * Someone saved the same thing since this editor last saw it: who, when and their version, and the
 * editor's choice. Nothing is overwritten without it.
 */
export function ConflictNotice({ conflict, onTheirs, onMine }: ConflictNoticeProps) {
  const { t, i18n } = useTranslation('studio');
  const who = conflict.by ?? t('editor.conflict.someone');
  const when = conflict.at
    ? new Intl.DateTimeFormat(i18n.language === 'sw' ? 'sw-TZ' : 'en-GB', {
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(new Date(conflict.at))
    : null;
  const removed = conflict.question === null;
  return (
    <Alert severity="warning" role="alert">
      <p style={{ margin: 0 }}>
        {t(removed ? 'editor.conflict.removed' : 'editor.conflict.changed', { who, revision: conflict.revision })}
        {when && ` ${t('editor.conflict.at', { when })}`}
      </p>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ mt: 1 }}>
        <Button variant="outlined" onClick={onTheirs}>
          {t('editor.conflict.theirs')}
        </Button>
        <Button variant="contained" onClick={onMine}>
          {t('editor.conflict.mine')}
        </Button>
      </Stack>
    </Alert>
  );
}
