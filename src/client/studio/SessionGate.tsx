import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useStudioSelector } from './hooks';
import { Loading } from './Loading';
import { mayEdit, mayWorkApplications } from './roles';
import { SignInPage } from './sign-in/SignInPage';
import { StudioLayout } from './StudioLayout';
import { useStaffCurrentQuery } from './studio-api';

/** The staff app's two parts: the form studio (/studio) and the officers' workspace (/office). */
export type StaffArea = 'studio' | 'office';

/**
 * Who is signed in decides what shows: nobody (or a session that ended: any 401) → the sign-in; a
 * staff member whose role has no part in this area (an officer in the studio, a policy editor in the
 * office) → a word, a link to the area they work in, and Sign out; else the area's pages.
 */
export function SessionGate({ area = 'studio' }: { area?: StaffArea }) {
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
  const allowed = area === 'office' ? mayWorkApplications(staff?.role) : mayEdit(staff?.role);
  return <StudioLayout area={area} allowed={allowed} />;
}
