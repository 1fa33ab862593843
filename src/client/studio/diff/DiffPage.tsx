import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useStudioSelector } from '../hooks';
import { LoadFailed } from '../LoadFailed';
import { Loading } from '../Loading';
import { PageHeading } from '../PageHeading';
import { mayPublish } from '../roles';
import { useGetDiffQuery, useGetDraftQuery } from '../studio-api';
import { ChangeList } from './ChangeList';
import { ImpactSummary } from './ImpactSummary';
import { PublishForm } from './PublishForm';

/** The draft against the live version, in words; who it touches; and Publish, for publishers. */
export function DiffPage() {
  const { t } = useTranslation('studio');
  const role = useStudioSelector((state) => state.staffSession.staff?.role);
  const diff = useGetDiffQuery();
  const draft = useGetDraftQuery();
  return (
    <>
      <PageHeading title={t('diff.title')} />
      {!diff.data ? (
        diff.error ? (
          <LoadFailed error={diff.error} />
        ) : (
          <Loading />
        )
      ) : (
        <>
          {/* A version published since the draft began (by the command line, or a rollback): undone by this draft. */}
          {draft.data && draft.data.draft.based_on < diff.data.live_version && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('diff.behind_live', { version: draft.data.draft.based_on, live: diff.data.live_version })}
            </Alert>
          )}
          <Box component="section" aria-labelledby="changes-heading" sx={{ mb: 3 }}>
            <Typography id="changes-heading" component="h2" variant="h5" sx={{ mb: 1 }}>
              {t('diff.changes', { version: diff.data.live_version })}
            </Typography>
            <ChangeList changes={diff.data.changes} set={draft.data?.draft.set} none={t('diff.no_changes')} />
          </Box>
          <ImpactSummary impact={diff.data.impact} />
        </>
      )}
      {mayPublish(role) ? (
        draft.data && diff.data && <PublishForm draft={draft.data} changes={diff.data.changes.length} />
      ) : (
        <Alert severity="info">{t('publish.publishers_only')}</Alert>
      )}
    </>
  );
}
