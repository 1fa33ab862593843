import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

/** A list's pages: Previous and Next as links to their query, and which page this is of how many. */
export function PageNav({ page, pages, hrefOf }: { page: number; pages: number; hrefOf: (page: number) => string }) {
  const { t } = useTranslation('office');
  if (pages <= 1) return null;
  return (
    <Box component="nav" aria-label={t('queue.pages')} sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
      {page > 1 && (
        <Button component={RouterLink} to={hrefOf(page - 1)}>
          {t('queue.previous')}
        </Button>
      )}
      <Typography>{t('queue.page_of', { page, pages })}</Typography>
      {page < pages && (
        <Button component={RouterLink} to={hrefOf(page + 1)}>
          {t('queue.next')}
        </Button>
      )}
    </Box>
  );
}
