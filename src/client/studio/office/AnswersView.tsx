import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { StaffApplication } from '../../../shared/api/back-office';
import { answerText, inLanguage, type OutlineField } from './answer-text';
import { useGetApplicationOutlineQuery } from './office-api';
import { RetryAlert } from './Outcome';

type Answers = Record<string, unknown>;
const isRecord = (value: unknown): value is Answers =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The applicant's answers as they gave them (issue 33, item 3): step by step in the application's own
 * forms version, each question in the reader's language, a choice by its words, numbers in the reader's
 * format, a list of rows (floors, materials) as a table.
 */
export function AnswersView({ application }: { application: StaffApplication }) {
  const { t, i18n } = useTranslation('office');
  const outline = useGetApplicationOutlineQuery({ reference_number: application.reference_number });
  const answers: Answers = application.answers;
  return (
    <Box component="section" aria-labelledby="answers-title" sx={{ mb: 3 }}>
      <Typography id="answers-title" component="h2" variant="h5" sx={{ mb: 1 }}>
        {t('answers.title')}
      </Typography>
      {outline.isError && <RetryAlert text={t('answers.failed')} onRetry={() => void outline.refetch()} />}
      {outline.data?.steps.map((step) => {
        const given = answers[step.step];
        if (!isRecord(given)) return null;
        const fields = step.fields.filter((field) => given[field.name] !== undefined);
        const title = inLanguage(step.title, i18n.language);
        return (
          <Box key={step.step} sx={{ mb: 2 }}>
            <Typography component="h3" variant="h6">
              {title}
            </Typography>
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: 'minmax(12rem, 40%) 1fr', columnGap: 3, rowGap: 0.5, m: 0 }}
            >
              {fields.map((field) => (
                <Box key={field.name} sx={{ display: 'contents' }}>
                  <Typography component="dt" sx={{ fontWeight: 700 }}>
                    {inLanguage(field.title, i18n.language)}
                  </Typography>
                  <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                    <Answer field={field} value={given[field.name]} />
                  </Box>
                </Box>
              ))}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

function Answer({ field, value }: { field: OutlineField; value: unknown }) {
  const { t, i18n } = useTranslation('office');
  const columns = field.columns;
  if (!columns || !Array.isArray(value) || !value.every(isRecord))
    return <Typography sx={{ whiteSpace: 'pre-wrap' }}>{answerText(value, field, t, i18n.language)}</Typography>;
  return (
    <Table size="small" aria-label={inLanguage(field.title, i18n.language)}>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column.name} scope="col">
              {inLanguage(column.title, i18n.language)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {value.map((row, index) => (
          <TableRow key={index}>
            {columns.map((column) => (
              <TableCell key={column.name}>{answerText(row[column.name], undefined, t, i18n.language)}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
