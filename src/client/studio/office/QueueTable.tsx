import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { ApplicationsPage } from '../../../shared/api/back-office';
import { OFFICE_PAGE } from '../../../shared/api/staff-session';
import { formatDay } from '../format-time';

type QueueItem = ApplicationsPage['items'][number];

/** The address of an application's page in the workspace. */
export const applicationPage = (reference: string) => `${OFFICE_PAGE}/applications/${encodeURIComponent(reference)}`;

/** A page of the queue: one row per application, its clock against the stage's standard. */
export function QueueTable({ items }: { items: QueueItem[] }) {
  const { t, i18n } = useTranslation('office');
  return (
    <TableContainer>
      <Table size="small" aria-label={t('queue.table')}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t('queue.reference')}</TableCell>
            <TableCell scope="col">{t('queue.applicant')}</TableCell>
            <TableCell scope="col">{t('queue.type')}</TableCell>
            <TableCell scope="col">{t('queue.stage')}</TableCell>
            <TableCell scope="col">{t('queue.since')}</TableCell>
            <TableCell scope="col">{t('queue.clock')}</TableCell>
            <TableCell scope="col">{t('queue.assignee')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.reference_number} sx={item.over ? { bgcolor: 'warning.light' } : undefined}>
              <TableCell component="th" scope="row">
                <Link component={RouterLink} to={applicationPage(item.reference_number)} sx={{ fontWeight: 700 }}>
                  {item.reference_number}
                </Link>
              </TableCell>
              <TableCell>{item.applicant_name}</TableCell>
              <TableCell>{t(`type.${item.application_type}`)}</TableCell>
              <TableCell>{t(`status.${item.status}`)}</TableCell>
              <TableCell>{formatDay(item.stage_since, i18n.language)}</TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                  <span>
                    {item.standard_days === null
                      ? t('queue.days', { count: item.days_at_stage })
                      : t('queue.days_of_standard', { count: item.days_at_stage, standard: item.standard_days })}
                  </span>
                  {item.over && (
                    <Chip
                      size="small"
                      color="error"
                      label={t(item.standard_days === null ? 'queue.changes_overdue' : 'queue.over')}
                    />
                  )}
                </Box>
              </TableCell>
              <TableCell>{item.assignee?.name ?? t('queue.nobody')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
