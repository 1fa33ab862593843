import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { endedShown, type SessionEnded } from '../../app/session-slice';
import { PageHeading } from '../../components/PageHeading';
import { dashboardDataInvalidated, type CodeChallenge } from '../../session/session-api';
import { CodeStep } from './CodeStep';
import { LookupStep } from './LookupStep';

/** Why the last session ended, said on the page (a toast would be gone before someone away comes back). */
function EndedNotice({ ended, onClose }: { ended: SessionEnded; onClose: () => void }) {
  const { t } = useTranslation();
  if (ended.reason === 'logout')
    return (
      <Alert severity="info" role="status" onClose={onClose} closeText={t('toast.close')} sx={{ mb: 3 }}>
        {t('session.logged_out')}
      </Alert>
    );
  return (
    <Alert severity="warning" onClose={onClose} closeText={t('toast.close')} sx={{ mb: 3 }}>
      {ended.reason === 'expired' ? t('session.expired') : ended.message || t('session.ended')}
    </Alert>
  );
}

/**
 * /home/login, the spec's View: the reference number and a captcha ("View Application"), then the
 * code sent by SMS to the phone on file; the right code signs in and opens the dashboard.
 */
export default function ViewPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const ended = useAppSelector((s) => s.session.ended);
  const signedIn = useAppSelector((s) => s.session.user);
  // Kept for this visit of the page; the session slice forgets it at once.
  const [notice, setNotice] = useState(ended ?? null);
  const [reference, setReference] = useState('');
  const [challenge, setChallenge] = useState<CodeChallenge | null>(null);
  /** Where the lookup step puts the focus when it (re)appears. */
  const [lookupFocus, setLookupFocus] = useState<'none' | 'reference' | 'captcha'>('none');
  const [lookupNote, setLookupNote] = useState('');

  useEffect(() => {
    if (!ended) return;
    dispatch(endedShown());
    // Nothing of the application shown before stays in memory.
    dispatch(dashboardDataInvalidated());
  }, [ended, dispatch]);

  const backToLookup = (focus: 'reference' | 'captcha', note = '') => {
    setChallenge(null);
    setLookupNote(note);
    setLookupFocus(focus);
  };

  return (
    <>
      <PageHeading titleKey="titles.view">{t('titles.view')}</PageHeading>
      {notice && <EndedNotice ended={notice} onClose={() => setNotice(null)} />}
      {signedIn && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('view.signed_in', { reference_number: signedIn.reference_number })}{' '}
          <Link component={RouterLink} to="/dashboard/application">
            {t('view.to_dashboard')}
          </Link>
        </Alert>
      )}
      <Typography sx={{ mb: 3 }}>{t('view.intro')}</Typography>
      <Typography sx={{ mb: 3 }}>
        <Link component={RouterLink} to="/home/find_reference">
          {t('find_reference.link')}
        </Link>
      </Typography>
      {challenge ? (
        <CodeStep
          reference={reference}
          challenge={challenge}
          onNewCode={() => backToLookup('captcha', t('view.new_code_note'))}
          onOtherReference={() => backToLookup('reference')}
        />
      ) : (
        <LookupStep
          reference={reference}
          onReference={setReference}
          focus={lookupFocus}
          note={lookupNote}
          onChallenge={(next) => {
            setLookupNote('');
            setChallenge(next);
          }}
        />
      )}
    </>
  );
}
