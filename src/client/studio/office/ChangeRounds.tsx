import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { StaffApplication } from '../../../shared/api/back-office';
import type { ApplicationOutline } from '../../../shared/api/change-requests';
import { formatDay } from '../format-time';
import { answerText } from './answer-text';
import { useGetApplicationOutlineQuery } from './office-api';

type Round = StaffApplication['change_rounds'][number];

/**
 * Every round of requests for changes (issue 33, item 4), newest first: what was asked and why, by whom,
 * by when, and the applicant's answers before and after, side by side, question by question.
 */
export function ChangeRounds({ application }: { application: StaffApplication }) {
  const { t } = useTranslation('office');
  const options = useGetApplicationOutlineQuery({ reference_number: application.reference_number });
  if (application.change_rounds.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="rounds-title" sx={{ mb: 3 }}>
      <Typography id="rounds-title" component="h2" variant="h5" sx={{ mb: 1 }}>
        {t('rounds.title')}
      </Typography>
      {[...application.change_rounds].reverse().map((round) => (
        <RoundView key={round.number} round={round} options={options.data} />
      ))}
    </Box>
  );
}

function RoundView({ round, options }: { round: Round; options: ApplicationOutline | undefined }) {
  const { t, i18n } = useTranslation('office');
  const label = (text: { en: string; sw: string } | undefined, fallback: string) =>
    text ? (i18n.language === 'sw' ? text.sw : text.en) : fallback;
  const stepOf = (step: string) => options?.steps.find((s) => s.step === step);
  const fieldOf = (step: string, field: string) => stepOf(step)?.fields.find((f) => f.name === field);
  const fieldTitle = (step: string, field: string) => label(fieldOf(step, field)?.title, field);
  const documentName = (code: string) => label(options?.documents.find((d) => d.document_type === code)?.name, code);
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, mb: 2 }}>
      <Typography component="h3" variant="h6">
        {t('rounds.round', { number: round.number, status: t(`rounds.status.${round.status}`) })}
      </Typography>
      <Typography>
        {t('rounds.asked', {
          by: round.asked_by ?? t('application.none'),
          due: formatDay(round.due_date, i18n.language),
        })}
        {round.overdue ? ` ${t('rounds.overdue')}` : ''}
      </Typography>
      <Box component="ul" sx={{ pl: 3 }}>
        {round.requests.map((request, index) => (
          <li key={index}>
            {request.kind === 'step'
              ? t('rounds.step_request', {
                  step: label(stepOf(request.step)?.title, request.step),
                  questions:
                    (request.fields ?? []).map((f) => fieldTitle(request.step, f)).join(', ') || t('rounds.whole_step'),
                  remark: request.remark,
                })
              : t(`rounds.document_request_${request.action}`, {
                  document: documentName(request.document_type),
                  remark: request.remark,
                })}
          </li>
        ))}
      </Box>
      {round.note && <Typography sx={{ whiteSpace: 'pre-wrap' }}>{t('rounds.note', { note: round.note })}</Typography>}
      {Object.entries(round.changes.steps).map(([step, change]) => {
        const before = (change.before ?? {}) as Record<string, unknown>;
        const after = change.after as Record<string, unknown>;
        const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
          (field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]),
        );
        const title = label(stepOf(step)?.title, step);
        return (
          <Table
            key={step}
            size="small"
            aria-label={t('rounds.changes_of', { step: title, number: round.number })}
            sx={{ my: 1 }}
          >
            <TableHead>
              <TableRow>
                <TableCell scope="col">{t('rounds.question')}</TableCell>
                <TableCell scope="col">{t('rounds.before')}</TableCell>
                <TableCell scope="col">{t('rounds.after')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {fields.length === 0 && (
                <TableRow>
                  <TableCell colSpan={3}>{t('rounds.unchanged')}</TableCell>
                </TableRow>
              )}
              {fields.map((field) => (
                <TableRow key={field}>
                  <TableCell component="th" scope="row">
                    {fieldTitle(step, field)}
                  </TableCell>
                  <TableCell>{answerText(before[field], fieldOf(step, field), t, i18n.language)}</TableCell>
                  <TableCell>{answerText(after[field], fieldOf(step, field), t, i18n.language)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        );
      })}
      {round.changes.documents.map((document) => (
        <Typography key={document.attachment_id}>
          {t('rounds.document_uploaded', {
            document: documentName(document.document_type),
            at: formatDay(document.at, i18n.language),
          })}
        </Typography>
      ))}
    </Box>
  );
}
