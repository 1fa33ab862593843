import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { StaffApplication } from '../../../shared/api/back-office';
import { useSetStatusMutation } from './office-api';
import { failureText, Outcome, type OutcomeState } from './Outcome';

/**
 * The moves the application may make now (set_status, as the API and the command line make them), with
 * a remark the applicant reads; the answer is said where the form is, and the page shows the new stage.
 */
export function StatusMove({ application }: { application: StaffApplication }) {
  const { t } = useTranslation('office');
  const [move, setMove] = useState('');
  const [remark, setRemark] = useState('');
  const [send, sending] = useSetStatusMutation();
  const [outcome, setOutcome] = useState<OutcomeState>(null);
  if (application.allowed_moves.length === 0) return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!move) {
      setOutcome({ ok: false, text: t('move.choose') });
      return;
    }
    const result = await send({
      reference_number: application.reference_number,
      status: move,
      ...(remark.trim() ? { remark: remark.trim() } : {}),
    });
    if ('error' in result) {
      setOutcome({ ok: false, text: failureText(result.error, t('move.failed')) });
      return;
    }
    setOutcome({ ok: true, text: t('move.done', { status: t(`status.${result.data.status}`) }) });
    setMove('');
    setRemark('');
  };
  return (
    <Box component="section" aria-labelledby="move-title" sx={{ mb: 3 }}>
      <Typography id="move-title" component="h2" variant="h5" sx={{ mb: 1 }}>
        {t('move.title')}
      </Typography>
      <Box component="form" onSubmit={(event) => void submit(event)} sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
        <FormControl>
          <FormLabel id="move-label">{t('move.to')}</FormLabel>
          <RadioGroup aria-labelledby="move-label" value={move} onChange={(event) => setMove(event.target.value)}>
            {application.allowed_moves.map((status) => (
              <FormControlLabel key={status} value={status} control={<Radio />} label={t(`status.${status}`)} />
            ))}
          </RadioGroup>
        </FormControl>
        <TextField
          label={t('move.remark')}
          helperText={t('move.remark_help')}
          multiline
          minRows={2}
          value={remark}
          onChange={(event) => setRemark(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={sending.isLoading}>
            {t('move.submit')}
          </Button>
        </Box>
        <Outcome outcome={outcome} />
      </Box>
    </Box>
  );
}
