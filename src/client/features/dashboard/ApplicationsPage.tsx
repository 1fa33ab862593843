import { useRef, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { OneTimeCodeField } from '../../components/OneTimeCodeField';
import type { ApplicationSummary } from '../../../shared/api/dashboard';
import type { ApiFailure } from '../../app/api';
import { EmptyState } from '../../components/EmptyState';
import { PageHeading } from '../../components/PageHeading';
import type { CodeChallenge } from '../../session/session-api';
import { DASHBOARD_HOME, useOpenSession } from '../../session/use-open-session';
import { useGetApplicationsQuery, useOpenApplicationMutation, useVerifyOpenCodeMutation } from './dashboard-api';
import { formatDate, newestFirst, statusText, typeText } from './format';
import { CardList, ListCard, QueryState } from './parts';
import { Details } from '../../components/Details';

interface Opening {
  reference: string;
  challenge: CodeChallenge;
}

/** The code sent for another application; the right one switches the session to it. */
function CodeDialog({ opening, onClose, onResend }: { opening: Opening; onClose: () => void; onResend: () => void }) {
  const { t } = useTranslation();
  const [verify, verifying] = useVerifyOpenCodeMutation();
  const openSession = useOpenSession();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const codeInput = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') {
      setError(t('view.code_missing'));
      return codeInput.current?.focus();
    }
    setError('');
    try {
      const answer = await verify({ challenge_id: opening.challenge.challenge_id, code: code.trim() }).unwrap();
      onClose();
      openSession(answer, DASHBOARD_HOME);
    } catch (failure) {
      setError((failure as ApiFailure).message || t('errors.network'));
      codeInput.current?.focus();
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="open-code-title"
      aria-describedby="open-code-sent"
      // Into the code field once the dialog is shown (autoFocus loses to the dialog's own focus).
      slotProps={{ transition: { onEntered: () => codeInput.current?.focus() } }}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id="open-code-title">
          {t('dashboard.application_list.code_title', { reference_number: opening.reference })}
        </DialogTitle>
        <DialogContent>
          <Typography id="open-code-sent" sx={{ mb: 2 }}>
            {t('view.code_sent', {
              reference_number: opening.reference,
              sent_to: opening.challenge.sent_to,
              minutes: Math.max(1, Math.round(opening.challenge.expires_in_s / 60)),
            })}
          </Typography>
          <OneTimeCodeField id="open-code" inputRef={codeInput} value={code} onChange={setCode} error={error} />
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onResend}>{t('view.resend')}</Button>
          <Button onClick={onClose}>{t('dashboard.forms.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={verifying.isLoading}>
            {t('view.verify')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function ApplicationItem({
  application,
  busy,
  onOpen,
}: {
  application: ApplicationSummary;
  busy: boolean;
  onOpen: () => void;
}) {
  const { t, i18n } = useTranslation();
  const reference = application.reference_number;
  return (
    <ListCard highlight={application.current}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography component="h2" variant="h3" sx={{ fontFamily: 'monospace', fontSize: '1.2rem' }}>
          {reference}
        </Typography>
        {application.current && <Chip size="small" color="primary" label={t('dashboard.application_list.current')} />}
      </Stack>
      <Details
        rows={[
          { label: t('dashboard.summary.type'), value: typeText(t, application.application_type) },
          { label: t('dashboard.summary.status'), value: statusText(t, application.status) },
          { label: t('dashboard.summary.submitted'), value: formatDate(application.submitted_at, i18n.language) },
        ]}
      />
      {!application.current && (
        <Button
          variant="outlined"
          sx={{ mt: 2 }}
          disabled={busy}
          onClick={onOpen}
          aria-label={t('dashboard.application_list.open_named', { reference_number: reference })}
        >
          {t('dashboard.application_list.open')}
        </Button>
      )}
    </ListCard>
  );
}

/**
 * /dashboard/applications: the applicant's applications (same ID number and phone). Opening another
 * one asks for a code sent to its phone, then the dashboard shows that one.
 */
export default function ApplicationsPage() {
  const { t } = useTranslation();
  const { data, isError, refetch } = useGetApplicationsQuery();
  const [open, opening] = useOpenApplicationMutation();
  const [current, setCurrent] = useState<Opening | null>(null);
  const [error, setError] = useState<{ reference: string; message: string } | null>(null);

  const start = async (reference: string) => {
    setError(null);
    try {
      const challenge = await open({ reference_number: reference }).unwrap();
      setCurrent({ reference, challenge });
    } catch (failure) {
      setCurrent(null);
      setError({ reference, message: (failure as ApiFailure).message || t('errors.network') });
    }
  };

  return (
    <>
      <PageHeading titleKey="titles.dashboard_applications">{t('titles.dashboard_applications')}</PageHeading>
      <Typography sx={{ mb: 3 }}>{t('dashboard.application_list.intro')}</Typography>
      {error && (
        <Typography role="alert" color="error" sx={{ mb: 2, fontWeight: 600 }}>
          {t('dashboard.application_list.open_failed', { reference_number: error.reference, message: error.message })}
        </Typography>
      )}
      {!data ? (
        <QueryState failed={isError} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <EmptyState />
      ) : (
        <CardList label={t('titles.dashboard_applications')}>
          {newestFirst(data, (a) => a.submitted_at).map((application) => (
            <ApplicationItem
              key={application.reference_number}
              application={application}
              busy={opening.isLoading}
              onOpen={() => void start(application.reference_number)}
            />
          ))}
        </CardList>
      )}
      {current && (
        <CodeDialog
          key={current.challenge.challenge_id}
          opening={current}
          onClose={() => setCurrent(null)}
          onResend={() => void start(current.reference)}
        />
      )}
    </>
  );
}
