import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../format-time';
import { useStudioSelector } from '../hooks';
import { LoadFailed } from '../LoadFailed';
import { Loading } from '../Loading';
import { PageHeading } from '../PageHeading';
import { mayAudit } from '../roles';
import { useGetAuditQuery } from '../studio-api';
import { useLanguage } from '../use-language';

/** The audit of every studio action, a page at a time (admins only; the server refuses others too). */
export function AuditPage() {
  const { t } = useTranslation('studio');
  const role = useStudioSelector((state) => state.staffSession.staff?.role);
  const allowed = mayAudit(role);
  return (
    <>
      <PageHeading title={t('audit.title')} />
      {allowed ? <AuditTable /> : <Alert severity="info">{t('audit.admins_only')}</Alert>}
    </>
  );
}

function AuditTable() {
  const { t } = useTranslation('studio');
  const language = useLanguage();
  // The pages shown, by the `before` each was asked with: newest first, "Older" adds the next.
  const [before, setBefore] = useState<number | undefined>(undefined);
  const { data, error, isFetching } = useGetAuditQuery(before === undefined ? {} : { before });
  if (!data) return error ? <LoadFailed error={error} /> : <Loading />;
  return (
    <>
      {/* Scrolls sideways on a narrow screen: a region the keyboard can reach and scroll (WCAG 2.1.1). */}
      <TableContainer sx={{ mb: 2 }} tabIndex={0} role="region" aria-labelledby="audit-caption">
        <Table size="small">
          <caption id="audit-caption">{t('audit.caption')}</caption>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {t('audit.at')}
              </TableCell>
              <TableCell component="th" scope="col">
                {t('audit.by')}
              </TableCell>
              <TableCell component="th" scope="col">
                {t('audit.action')}
              </TableCell>
              <TableCell component="th" scope="col">
                {t('audit.subject')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.entries.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell>{formatTime(entry.at, language)}</TableCell>
                <TableCell>{entry.by}</TableCell>
                <TableCell>{t(`audit.actions.${entry.action}`, { defaultValue: entry.action })}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{entry.subject}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {before !== undefined && (
        <Button sx={{ mr: 1 }} onClick={() => setBefore(undefined)}>
          {t('audit.newest')}
        </Button>
      )}
      {data.next_before !== undefined && (
        <Button variant="outlined" disabled={isFetching} onClick={() => setBefore(data.next_before)}>
          {t('audit.older')}
        </Button>
      )}
    </>
  );
}
