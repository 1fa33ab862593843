import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../format-time';
import { LoadFailed } from '../LoadFailed';
import { Loading } from '../Loading';
import { PageHeading } from '../PageHeading';
import { useGetDraftQuery } from '../studio-api';
import { useLanguage } from '../use-language';
import { DiscardDraft } from './DiscardDraft';
import { DocumentList } from './DocumentList';
import { FlowList } from './FlowList';

/** The draft as the applicant meets it: each application type's steps in order, then the documents. */
export function OverviewPage() {
  const { t } = useTranslation('studio');
  const language = useLanguage();
  const { data, error } = useGetDraftQuery();
  if (!data) {
    return (
      <>
        <PageHeading title={t('overview.title')} />
        {error ? <LoadFailed error={error} /> : <Loading />}
      </>
    );
  }
  const { draft, live_version, problems } = data;
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.length - errors;
  return (
    <>
      <PageHeading title={t('overview.title')} />
      <Box sx={{ mb: 3 }}>
        <Typography>{t('overview.based_on', { version: draft.based_on, live: live_version })}</Typography>
        <Typography>
          {draft.updated_by
            ? t('overview.saved_by', { name: draft.updated_by, at: formatTime(draft.updated_at, language) })
            : t('overview.unchanged')}
        </Typography>
        <Alert role="status" severity={errors ? 'error' : warnings ? 'warning' : 'success'} sx={{ mt: 1 }}>
          {errors || warnings
            ? `${t('overview.errors', { count: errors })} ${t('overview.warnings', { count: warnings })}`
            : t('overview.no_problems')}
        </Alert>
      </Box>
      <FlowList set={draft.set} problems={problems} />
      <DocumentList set={draft.set} problems={problems} />
      <DiscardDraft />
    </>
  );
}
