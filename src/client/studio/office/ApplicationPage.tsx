import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { OFFICE_PAGE } from '../../../shared/api/staff-session';
import { formatTime } from '../format-time';
import { Loading } from '../Loading';
import { PageHeading } from '../PageHeading';
import { AnswersView } from './AnswersView';
import { Assignment } from './Assignment';
import { ChangeRounds } from './ChangeRounds';
import { ChangesBuilder } from './ChangesBuilder';
import { DocumentsReview } from './DocumentsReview';
import { HistoryList } from './HistoryList';
import { InvoiceForm } from './InvoiceForm';
import { InvoicesList } from './InvoicesList';
import { OpenRoundActions } from './OpenRoundActions';
import { PermitForm } from './PermitForm';
import { PermitsList } from './PermitsList';
import { useGetStaffApplicationQuery } from './office-api';
import { StatusMove } from './StatusMove';

/**
 * One application as the unit works it (issue 33, item 3, in part): who applied and how to reach them,
 * its stage, the moves it may make now, its documents to accept or reject, its invoices and its
 * history, newest first.
 */
export default function ApplicationPage() {
  const { t, i18n } = useTranslation('office');
  const { reference = '' } = useParams();
  const application = useGetStaffApplicationQuery({ reference_number: reference });
  if (application.isError) {
    const notFound = application.error.code === 404;
    return (
      <>
        <PageHeading area="office" title={t(notFound ? 'application.not_found' : 'application.failed')} />
        {!notFound && (
          <Button onClick={() => void application.refetch()} sx={{ mr: 2 }}>
            {t('queue.retry')}
          </Button>
        )}
        <Link component={RouterLink} to={OFFICE_PAGE}>
          {t('application.back')}
        </Link>
      </>
    );
  }
  const a = application.data;
  if (!a) return <Loading />;
  const facts: [string, string][] = [
    [t('application.stage'), t(`status.${a.status}`)],
    [t('queue.type'), t(`type.${a.application_type}`)],
    [t('application.submitted'), formatTime(a.submitted_at, i18n.language) || t('application.none')],
    [t('application.phone'), a.phone ?? t('application.none')],
    [t('application.id_number'), a.id_number ?? t('application.none')],
    [t('application.language'), t(`language.${a.language}`)],
  ];
  return (
    <>
      <Link component={RouterLink} to={OFFICE_PAGE} sx={{ display: 'inline-block', mb: 1 }}>
        {t('application.back')}
      </Link>
      <PageHeading
        area="office"
        title={t('application.title', { reference: a.reference_number, name: a.applicant_name })}
      />
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 0.5, m: 0, mb: 3 }}
      >
        {facts.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt" sx={{ fontWeight: 700 }}>
              {term}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Assignment application={a} />
      <AnswersView application={a} />
      <DocumentsReview application={a} />
      <StatusMove application={a} />
      {a.stored_status === 'under_review' && <ChangesBuilder application={a} />}
      {a.stored_status === 'returned' && <OpenRoundActions application={a} />}
      <ChangeRounds application={a} />
      {a.status === 'approved' && <InvoiceForm application={a} />}
      {a.permit_moves_to && <PermitForm application={a} />}
      <InvoicesList application={a} />
      <PermitsList application={a} />
      <HistoryList history={a.history} />
      {a.status === 'withdrawn' && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('application.withdrawn')}
        </Alert>
      )}
    </>
  );
}
