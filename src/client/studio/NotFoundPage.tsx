import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { STUDIO_PAGE } from '../../shared/api/studio';
import { PageHeading } from './PageHeading';

export function NotFoundPage() {
  const { t } = useTranslation('studio');
  return (
    <>
      <PageHeading title={t('not_found.title')} />
      <Link component={RouterLink} to={STUDIO_PAGE}>
        {t('not_found.back')}
      </Link>
    </>
  );
}
