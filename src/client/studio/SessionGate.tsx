import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useStudioSelector } from './hooks';
import { Loading } from './Loading';
import { mayEdit } from './roles';
import { SignInPage } from './sign-in/SignInPage';
import { StudioLayout } from './StudioLayout';
import { useStaffCurrentQuery } from './studio-api';

/**
 * Who is signed in decides what shows: nobody (or a session that ended: any 401) → the sign-in; a
 * staff member whose role does not edit forms (an officer) → a word and Sign out; else the studio.
 */
export function SessionGate() {
  const { t } = useTranslation('studio');
  const { status, staff } = useStudioSelector((state) => state.staffSession);
  // Not asked again once signed out: the sign-in shows until a new session starts.
  const current = useStaffCurrentQuery(undefined, { skip: status === 'signed_out' });
  if (status === 'signed_out') return <SignInPage />;
  if (status === 'unknown') {
    if (current.isError) {
      return (
        <Alert
          severity="error"
          sx={{ m: 2 }}
          action={
            <Button color="inherit" onClick={() => void current.refetch()}>
              {t('app.retry')}
            </Button>
          }
        >
          {t('app.unavailable')}
        </Alert>
      );
    }
    return <Loading />;
  }
  return <StudioLayout allowed={mayEdit(staff?.role)} />;
}
