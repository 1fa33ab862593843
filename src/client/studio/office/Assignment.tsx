import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { StaffApplication } from '../../../shared/api/back-office';
import { useStudioSelector } from '../hooks';
import { useAssignApplicationMutation } from './office-api';
import { failureText, Outcome, type OutcomeState } from './Outcome';

/**
 * Who works the application (issue 33, item 2): an officer takes it while nobody has it, or gives back
 * their own; an administrator gives it to an officer by login, or to nobody. The server decides who may.
 */
export function Assignment({ application }: { application: StaffApplication }) {
  const { t } = useTranslation('office');
  const staff = useStudioSelector((state) => state.staffSession.staff);
  const [assign, assigning] = useAssignApplicationMutation();
  const [login, setLogin] = useState('');
  const [outcome, setOutcome] = useState<OutcomeState>(null);
  if (!staff || application.status === 'draft') return null;
  const { assignee, reference_number } = application;
  const mineNow = assignee?.login === staff.login;
  const send = async (to: string | null) => {
    const result = await assign({ reference_number, assignee: to });
    if ('error' in result) {
      setOutcome({ ok: false, text: failureText(result.error, t('assignment.failed')) });
      return;
    }
    setLogin('');
    setOutcome({
      ok: true,
      text: result.data.assignee ? t('assignment.done', { name: result.data.assignee.name }) : t('assignment.released'),
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (login.trim()) void send(login.trim());
  };
  return (
    <Box component="section" aria-labelledby="assignment-title" sx={{ mb: 3 }}>
      <Typography id="assignment-title" component="h2" variant="h5" sx={{ mb: 1 }}>
        {t('assignment.title')}
      </Typography>
      <Typography sx={{ mb: 1 }}>
        {assignee
          ? mineNow
            ? t('assignment.yours')
            : t('assignment.theirs', { name: assignee.name })
          : t('assignment.nobody')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {!assignee && (
          <Button variant="contained" disabled={assigning.isLoading} onClick={() => void send(staff.login)}>
            {t('assignment.take')}
          </Button>
        )}
        {assignee && (mineNow || staff.role === 'admin') && (
          <Button variant="outlined" disabled={assigning.isLoading} onClick={() => void send(null)}>
            {mineNow ? t('assignment.give_back') : t('assignment.unassign')}
          </Button>
        )}
      </Box>
      {staff.role === 'admin' && (
        <Box component="form" onSubmit={submit} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
          <TextField
            size="small"
            label={t('assignment.login')}
            value={login}
            onChange={(event) => setLogin(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 64, autoComplete: 'off' } }}
          />
          <Button type="submit" variant="outlined" disabled={assigning.isLoading}>
            {t('assignment.assign')}
          </Button>
        </Box>
      )}
      <Outcome outcome={outcome} />
    </Box>
  );
}
