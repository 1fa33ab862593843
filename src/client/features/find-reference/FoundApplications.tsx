import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { FoundApplication } from '../../../shared/api/find-reference';

/** The applications found: each with its reference number, type, status and date, and where to go with it. */
export function FoundApplications({ applications }: { applications: FoundApplication[] }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language === 'sw' ? 'sw-TZ' : 'en-GB', { dateStyle: 'medium' });
  return (
    <section aria-labelledby="found-title">
      <Typography component="h2" variant="h5" id="found-title" tabIndex={-1} gutterBottom>
        {t('find_reference.results_title')}
      </Typography>
      {applications.length === 0 ? (
        <Typography role="status">{t('find_reference.none')}</Typography>
      ) : (
        <ul className="k-found-list" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {applications.map((application) => {
            const draft = application.status === 'draft';
            return (
              <li key={application.reference_number} style={{ marginBottom: '1.5rem' }}>
                <Typography
                  component="p"
                  sx={{ fontFamily: 'monospace', fontWeight: 700, fontSize: '1.5rem', overflowWrap: 'anywhere' }}
                >
                  {application.reference_number}
                </Typography>
                <Typography component="p">
                  {t('find_reference.type')}: {t(`request.types.${application.application_type}.title`)}
                </Typography>
                <Typography component="p">
                  {t('find_reference.status')}:{' '}
                  {t(`dashboard.status.${application.status}`, { defaultValue: application.status })}
                </Typography>
                <Typography component="p">
                  {t('find_reference.date')}: {date.format(new Date(application.date))}
                </Typography>
                <Link component={RouterLink} to={draft ? '/home/continue' : '/home/login'}>
                  {t(draft ? 'find_reference.continue' : 'find_reference.view', {
                    reference_number: application.reference_number,
                  })}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
