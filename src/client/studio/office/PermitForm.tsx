import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { IssuePermitRequest, StaffApplication } from '../../../shared/api/back-office';
import {
  APPROVED_USE_MAX_LENGTH,
  PERMIT_CONDITION_MAX_LENGTH,
  PERMIT_CONDITIONS_MAX,
} from '../../../shared/api/permits';
import { todayIso } from '../../../shared/dashboard';
import { lastDayOfYears } from '../../../shared/working-days';
import { formatDay } from '../format-time';
import { FileViewer } from './FileViewer';
import { useIssuePermitMutation, usePreviewPermitMutation } from './office-api';
import { failureText, Outcome, type OutcomeState } from './Outcome';
import { base64File, useShownFile } from './staff-file';

/** The validity offered, in years; two unless the officer chooses otherwise. */
const VALIDITY_YEARS = [1, 2, 3, 4, 5] as const;
const DEFAULT_YEARS = 2;

/**
 * Issue a permit (issue 33, item 6): its number, the approved use in the unit's words, the storeys
 * (else the applicant's), the conditions one per line, the validity; previewed as the PDF it will be
 * before it can be issued, and issued only as previewed (a change asks for a new preview).
 */
export function PermitForm({ application }: { application: StaffApplication }) {
  const { t, i18n } = useTranslation('office');
  const [number, setNumber] = useState('');
  const [use, setUse] = useState('');
  const [storeys, setStoreys] = useState('');
  const [from, setFrom] = useState(() => todayIso());
  const [years, setYears] = useState<number>(DEFAULT_YEARS);
  const [conditions, setConditions] = useState<string[]>([]);
  const [remark, setRemark] = useState('');
  const [preview, previewing] = usePreviewPermitMutation();
  const [issue, issuing] = useIssuePermitMutation();
  const [shown, setShown] = useShownFile();
  /** The fields the preview shown was made of: the permit is issued only as previewed. */
  const [previewOf, setPreviewOf] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<OutcomeState>(null);
  const until = /^\d{4}-\d{2}-\d{2}$/.test(from) ? lastDayOfYears(from, years) : '';
  const body: IssuePermitRequest = {
    reference_number: application.reference_number,
    permit_number: number.trim(),
    valid_from: from,
    valid_until: until,
    approved_use: use.trim(),
    ...(storeys.trim() !== '' ? { storeys: Number(storeys) } : {}),
    conditions: conditions.map((c) => c.trim()).filter(Boolean),
  };
  const fields = JSON.stringify(body);
  const previewed = shown !== null && previewOf === fields;
  const complete = body.permit_number !== '' && body.approved_use !== '' && until !== '';

  const showPreview = async () => {
    if (!complete) {
      setOutcome({ ok: false, text: t('permit_form.incomplete') });
      return;
    }
    const result = await preview(body);
    if ('error' in result) {
      setOutcome({ ok: false, text: failureText(result.error, t('permit_form.preview_failed')) });
      return;
    }
    const file = base64File(result.data.content_base64, result.data.mime_type, result.data.file_name);
    if (!file) return setOutcome({ ok: false, text: t('permit_form.preview_failed') });
    setOutcome(null);
    setShown(file);
    setPreviewOf(fields);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!previewed) {
      setOutcome({ ok: false, text: t('permit_form.preview_first') });
      return;
    }
    const result = await issue({ ...body, ...(remark.trim() ? { remark: remark.trim() } : {}) });
    if ('error' in result) {
      setOutcome({ ok: false, text: failureText(result.error, t('permit_form.failed')) });
      return;
    }
    setShown(null);
    setOutcome({ ok: true, text: t('permit_form.done', { permit_number: result.data.permit.permit_number }) });
  };
  const setCondition = (index: number, value: string) =>
    setConditions((all) => all.map((c, i) => (i === index ? value : c)));
  return (
    <Box component="section" aria-labelledby="permit-form-title" sx={{ mb: 3 }}>
      <Typography id="permit-form-title" component="h2" variant="h5" sx={{ mb: 1 }}>
        {t(application.permit_moves_to === 'renewed' ? 'permit_form.title_renewal' : 'permit_form.title')}
      </Typography>
      <Box component="form" onSubmit={(event) => void submit(event)} sx={{ display: 'grid', gap: 2, maxWidth: 720 }}>
        <TextField
          label={t('permit_form.number')}
          helperText={t('permit_form.number_help')}
          required
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 40 } }}
          sx={{ maxWidth: 360 }}
        />
        <TextField
          label={t('permit_form.use')}
          helperText={t('permit_form.use_help')}
          required
          value={use}
          onChange={(event) => setUse(event.target.value)}
          slotProps={{ htmlInput: { maxLength: APPROVED_USE_MAX_LENGTH } }}
        />
        <TextField
          label={t('permit_form.storeys')}
          helperText={t('permit_form.storeys_help')}
          value={storeys}
          onChange={(event) => setStoreys(event.target.value.replace(/[^0-9]/g, ''))}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 } }}
          sx={{ maxWidth: 360 }}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          <TextField
            type="date"
            label={t('permit_form.from')}
            required
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ maxWidth: 220 }}
          />
          <TextField
            select
            label={t('permit_form.validity')}
            value={years}
            onChange={(event) => setYears(Number(event.target.value))}
            helperText={until ? t('permit_form.until', { date: formatDay(until, i18n.language) }) : ' '}
            sx={{ minWidth: 220 }}
          >
            {VALIDITY_YEARS.map((n) => (
              <MenuItem key={n} value={n}>
                {t('permit_form.years', { count: n })}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1 }}>
          <Typography component="legend" sx={{ fontWeight: 700, mb: 1 }}>
            {t('permit_form.conditions')}
          </Typography>
          {conditions.length === 0 && <Typography>{t('permit_form.no_conditions')}</Typography>}
          {conditions.map((condition, index) => (
            <Box key={index} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <TextField
                label={t('permit_form.condition', { n: index + 1 })}
                value={condition}
                onChange={(event) => setCondition(index, event.target.value)}
                slotProps={{ htmlInput: { maxLength: PERMIT_CONDITION_MAX_LENGTH } }}
                sx={{ flex: 1 }}
              />
              <Button
                onClick={() => setConditions((all) => all.filter((_, i) => i !== index))}
                aria-label={t('permit_form.remove_condition', { n: index + 1 })}
              >
                {t('permit_form.remove')}
              </Button>
            </Box>
          ))}
          {conditions.length < PERMIT_CONDITIONS_MAX && (
            <Box>
              <Button variant="outlined" onClick={() => setConditions((all) => [...all, ''])}>
                {t('permit_form.add_condition')}
              </Button>
            </Box>
          )}
        </Box>
        <TextField
          label={t('move.remark')}
          helperText={t('move.remark_help')}
          multiline
          minRows={2}
          value={remark}
          onChange={(event) => setRemark(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button variant="outlined" disabled={previewing.isLoading} onClick={() => void showPreview()}>
            {t('permit_form.preview')}
          </Button>
          <Button type="submit" variant="contained" disabled={issuing.isLoading}>
            {t('permit_form.issue')}
          </Button>
        </Box>
        {shown && !previewed && <Typography>{t('permit_form.changed')}</Typography>}
        <Outcome outcome={outcome} />
      </Box>
      {shown && (
        <FileViewer
          file={shown}
          title={t('permit_form.preview_title', { permit_number: body.permit_number })}
          onClose={() => setShown(null)}
        />
      )}
    </Box>
  );
}
