import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ApplicationOutline } from '../../../shared/api/change-requests';
import { CHANGE_REMARK_MAX } from '../../../shared/api/change-requests';
import type { StaffApplication } from '../../../shared/api/back-office';
import { Loading } from '../Loading';
import { DeadlineField, useDeadline } from './DeadlineField';
import { emptyDraft, requestsOf, type ChangesDraft, type DocumentAsk, type StepAsk } from './changes-draft';
import { useGetApplicationOutlineQuery, useReturnForChangesMutation } from './office-api';
import { failureText, Outcome, RetryAlert, type OutcomeState } from './Outcome';

const NO_STEP: StepAsk = { asked: false, fields: [], remark: '' };
const NO_DOCUMENT: DocumentAsk = { action: '', remark: '' };

/**
 * Ask for changes (issue 33, item 4): a checklist of the application's own steps (each, or some of its
 * questions, those asked only under a condition included) and of its documents (replace one, or add
 * another), a remark for each, and a deadline in working days whose date is shown before sending.
 */
export function ChangesBuilder({ application }: { application: StaffApplication }) {
  const { t } = useTranslation('office');
  const options = useGetApplicationOutlineQuery({ reference_number: application.reference_number });
  if (options.isError) return <RetryAlert text={t('changes.options_failed')} onRetry={() => void options.refetch()} />;
  if (!options.data) return <Loading />;
  return <ChangesForm application={application} options={options.data} />;
}

function ChangesForm({ application, options }: { application: StaffApplication; options: ApplicationOutline }) {
  const { t, i18n } = useTranslation('office');
  const label = (text: { en: string; sw: string }) => (i18n.language === 'sw' ? text.sw : text.en);
  const [draft, setDraft] = useState<ChangesDraft>(emptyDraft);
  const [remark, setRemark] = useState('');
  const deadline = useDeadline(options);
  const [send, sending] = useReturnForChangesMutation();
  const [outcome, setOutcome] = useState<OutcomeState>(null);
  const setStep = (step: string, change: Partial<StepAsk>) =>
    setDraft((d) => ({ ...d, steps: { ...d.steps, [step]: { ...(d.steps[step] ?? NO_STEP), ...change } } }));
  const setDocument = (code: string, change: Partial<DocumentAsk>) =>
    setDraft((d) => ({
      ...d,
      documents: { ...d.documents, [code]: { ...(d.documents[code] ?? NO_DOCUMENT), ...change } },
    }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { requests, missing } = requestsOf(options, draft);
    if (requests.length === 0) return setOutcome({ ok: false, text: t('changes.none_asked') });
    if (missing.length > 0) return setOutcome({ ok: false, text: t('changes.remark_needed') });
    if (deadline.days === null) return setOutcome({ ok: false, text: t('changes.deadline_needed') });
    const result = await send({
      reference_number: application.reference_number,
      requests,
      deadline_working_days: deadline.days,
      ...(remark.trim() ? { remark: remark.trim() } : {}),
    });
    if ('error' in result) return setOutcome({ ok: false, text: failureText(result.error, t('changes.failed')) });
    setOutcome({ ok: true, text: t('changes.sent') });
    setDraft(emptyDraft());
    setRemark('');
  };
  return (
    <Box component="section" aria-labelledby="changes-title" sx={{ mb: 3 }}>
      <Typography id="changes-title" component="h2" variant="h5" sx={{ mb: 1 }}>
        {t('changes.title')}
      </Typography>
      <Box component="form" onSubmit={(event) => void submit(event)} sx={{ display: 'grid', gap: 2, maxWidth: 800 }}>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1 }}>
          <Typography component="legend" sx={{ fontWeight: 700, mb: 1 }}>
            {t('changes.steps')}
          </Typography>
          {options.steps.map((step) => {
            const ask = draft.steps[step.step] ?? NO_STEP;
            const title = label(step.title);
            return (
              <Box key={step.step} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={ask.asked}
                      onChange={(event) => setStep(step.step, { asked: event.target.checked })}
                    />
                  }
                  label={t('changes.ask_step', { step: title })}
                />
                {ask.asked && (
                  <Box sx={{ pl: 4, display: 'grid', gap: 1 }}>
                    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                      <Typography component="legend" variant="body2">
                        {t('changes.which_questions', { step: title })}
                      </Typography>
                      <Box sx={{ display: 'flex', flexDirection: 'column' }}>
                        {step.fields.map((field) => (
                          <FormControlLabel
                            key={field.name}
                            control={
                              <Checkbox
                                size="small"
                                checked={ask.fields.includes(field.name)}
                                onChange={(event) =>
                                  setStep(step.step, {
                                    fields: event.target.checked
                                      ? [...ask.fields, field.name]
                                      : ask.fields.filter((name) => name !== field.name),
                                  })
                                }
                              />
                            }
                            label={
                              field.conditional
                                ? t('changes.conditional', { question: label(field.title) })
                                : label(field.title)
                            }
                          />
                        ))}
                      </Box>
                    </Box>
                    <TextField
                      size="small"
                      required
                      label={t('changes.remark_on', { name: title })}
                      value={ask.remark}
                      onChange={(event) => setStep(step.step, { remark: event.target.value })}
                      slotProps={{ htmlInput: { maxLength: CHANGE_REMARK_MAX } }}
                    />
                  </Box>
                )}
              </Box>
            );
          })}
        </Box>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1 }}>
          <Typography component="legend" sx={{ fontWeight: 700, mb: 1 }}>
            {t('changes.documents')}
          </Typography>
          {options.documents.map((document) => {
            const ask = draft.documents[document.document_type] ?? NO_DOCUMENT;
            const name = label(document.name);
            const uploaded = application.attachments.some(
              (a) => a.document_type === document.document_type && a.status !== 'replaced',
            );
            return (
              <Box
                key={document.document_type}
                sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}
              >
                <TextField
                  select
                  size="small"
                  label={name}
                  value={ask.action}
                  onChange={(event) =>
                    setDocument(document.document_type, { action: event.target.value as DocumentAsk['action'] })
                  }
                  sx={{ flex: '1 1 280px' }}
                  helperText={uploaded ? t('changes.uploaded') : t('changes.not_uploaded')}
                >
                  <MenuItem value="">{t('changes.not_asked')}</MenuItem>
                  <MenuItem value="replace">{t('changes.replace')}</MenuItem>
                  <MenuItem value="add">{t('changes.add')}</MenuItem>
                </TextField>
                {ask.action && (
                  <TextField
                    size="small"
                    required
                    label={t('changes.remark_on', { name })}
                    value={ask.remark}
                    onChange={(event) => setDocument(document.document_type, { remark: event.target.value })}
                    slotProps={{ htmlInput: { maxLength: CHANGE_REMARK_MAX } }}
                    sx={{ flex: '2 1 320px' }}
                  />
                )}
              </Box>
            );
          })}
        </Box>
        <DeadlineField deadline={deadline} />
        <TextField
          label={t('changes.remark')}
          helperText={t('move.remark_help')}
          multiline
          minRows={2}
          value={remark}
          onChange={(event) => setRemark(event.target.value)}
          slotProps={{ htmlInput: { maxLength: CHANGE_REMARK_MAX } }}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={sending.isLoading}>
            {t('changes.send')}
          </Button>
        </Box>
        <Outcome outcome={outcome} />
      </Box>
    </Box>
  );
}
