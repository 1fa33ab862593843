import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ConfirmDialog';
import { useDiscardDraftMutation } from '../studio-api';

/** Discard the draft: it becomes the live version again, every editor's unpublished change gone. */
export function DiscardDraft() {
  const { t } = useTranslation('studio');
  const [open, setOpen] = useState(false);
  const [discard, { isLoading, error, isSuccess }] = useDiscardDraftMutation();
  return (
    <Box component="section" aria-labelledby="discard-heading" sx={{ mb: 3 }}>
      <Typography id="discard-heading" component="h2" variant="h5" sx={{ mb: 1 }}>
        {t('discard.title')}
      </Typography>
      <Typography sx={{ mb: 1 }}>{t('discard.body')}</Typography>
      {isSuccess && (
        <Alert severity="success" sx={{ mb: 1 }}>
          {t('discard.done')}
        </Alert>
      )}
      {error && 'message' in error && (
        <Alert severity="error" role="alert" sx={{ mb: 1 }}>
          {error.message}
        </Alert>
      )}
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        {t('discard.button')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('discard.confirm_title')}
        confirm={t('discard.confirm')}
        busy={isLoading}
        onClose={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          void discard();
        }}
      >
        {t('discard.confirm_body')}
      </ConfirmDialog>
    </Box>
  );
}
