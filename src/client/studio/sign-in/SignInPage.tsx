import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { StaffSignInAnswer } from '../../../shared/api/staff-session';
import { useStudioSelector } from '../hooks';
import { LanguageSwitch } from '../LanguageSwitch';
import { PageHeading } from '../PageHeading';
import { CodeStep } from './CodeStep';
import { PasswordStep } from './PasswordStep';

/** Sign in: login and password, then the second factor (the authenticator's code, or the SMS's). */
export function SignInPage() {
  const { t } = useTranslation('studio');
  const reason = useStudioSelector((state) => state.staffSession.reason);
  const [pending, setPending] = useState<StaffSignInAnswer | null>(null);
  return (
    <>
      <Box
        component="header"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1.5,
          px: 2,
          py: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography component="p" variant="h6" sx={{ flexGrow: 1 }}>
          {t('app.name')}
        </Typography>
        <LanguageSwitch />
      </Box>
      <Box component="main" id="main" sx={{ p: 2, maxWidth: 480, mx: 'auto' }}>
        <PageHeading title={pending ? t('sign_in.code_title') : t('sign_in.title')} />
        {reason && !pending && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t(`sign_in.reason_${reason}`)}
          </Alert>
        )}
        {pending ? (
          <CodeStep pending={pending} onRestart={() => setPending(null)} />
        ) : (
          <PasswordStep onSent={setPending} />
        )}
      </Box>
    </>
  );
}
