import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { APPLICATION_TYPES } from '../../../shared/wizard-driver';
import { Loading } from '../Loading';
import { PageHeading } from '../PageHeading';
import { PageNav } from './PageNav';
import { useListApplicationsQuery } from './office-api';
import { QueueTable } from './QueueTable';
import { QUEUE_PAGE_SIZE, QUEUE_STAGES, queueParams, queueQueryOf, queueRequest, type QueueQuery } from './queue-query';
import { RetryAlert } from './Outcome';

/**
 * The work queue (issue 33, item 1): the applications by stage, filtered by type and overdue, found by
 * the search box, 25 to a page; the query is in the address. Each row says how long the application
 * has been at its stage in working days against the stage's service standard, and flags what is over.
 */
export default function QueuePage({ mine = false }: { mine?: boolean }) {
  const { t } = useTranslation('office');
  const [params, setParams] = useSearchParams();
  const query = { ...queueQueryOf(params), mine };
  // The rows of this query only (currentData): never the last query's while this one loads.
  const { currentData, isError, refetch } = useListApplicationsQuery(queueRequest(query));
  const list = { data: currentData, isError, refetch };
  const go = (next: Partial<QueueQuery>) => setParams(queueParams({ ...query, page: 1, ...next }));
  const link = (next: Partial<QueueQuery>) => `?${queueParams({ ...query, page: 1, ...next }).toString()}`;
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / QUEUE_PAGE_SIZE)) : 1;

  return (
    <>
      <PageHeading area="office" title={t(mine ? 'queue.mine_title' : 'queue.title')} />
      <Box component="nav" aria-label={t('queue.stages')} sx={{ mb: 2 }}>
        <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}>
          {[undefined, ...QUEUE_STAGES].map((stage) => {
            const current = query.stage === stage;
            return (
              <li key={stage ?? 'all'}>
                <Button
                  component={RouterLink}
                  to={link({ stage })}
                  variant={current ? 'contained' : 'outlined'}
                  size="small"
                  aria-current={current ? 'page' : undefined}
                >
                  {t(`stage.${stage ?? 'all'}`)}
                </Button>
              </li>
            );
          })}
        </Box>
      </Box>
      <QueueFilters key={params.toString()} query={query} onSearch={go} />
      {list.isError ? (
        <RetryAlert text={t('queue.failed')} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Loading />
      ) : (
        <>
          <Typography role="status" sx={{ my: 1.5 }}>
            {t('queue.count', { count: list.data.total })}
          </Typography>
          {list.data.items.length > 0 && <QueueTable items={list.data.items} />}
          {list.data.items.length === 0 && query.page > pages && (
            <Button component={RouterLink} to={`?${queueParams({ ...query, page: pages }).toString()}`}>
              {t('queue.last_page', { page: pages })}
            </Button>
          )}
          <PageNav
            page={query.page}
            pages={pages}
            hrefOf={(page) => `?${queueParams({ ...query, page }).toString()}`}
          />
        </>
      )}
    </>
  );
}

/** The type, the overdue box and the search box: applied together with Search (the address changes). */
function QueueFilters({ query, onSearch }: { query: QueueQuery; onSearch: (next: Partial<QueueQuery>) => void }) {
  const { t } = useTranslation('office');
  const [type, setType] = useState(query.type ?? '');
  const [overdue, setOverdue] = useState(query.overdue);
  const [search, setSearch] = useState(query.q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ type: APPLICATION_TYPES.find((known) => known === type), overdue, q: search });
  };
  return (
    <Box
      component="form"
      role="search"
      aria-label={t('queue.filters')}
      onSubmit={submit}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}
    >
      <TextField
        label={t('queue.search')}
        helperText={t('queue.search_help')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 100 } }}
        sx={{ minWidth: 320, flex: '1 1 320px' }}
      />
      <TextField
        select
        label={t('queue.type')}
        value={type}
        onChange={(event) => setType(event.target.value)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 200 }}
      >
        <option value="">{t('queue.any_type')}</option>
        {APPLICATION_TYPES.map((known) => (
          <option key={known} value={known}>
            {t(`type.${known}`)}
          </option>
        ))}
      </TextField>
      <FormControlLabel
        control={<Checkbox checked={overdue} onChange={(event) => setOverdue(event.target.checked)} />}
        label={t('queue.overdue_only')}
      />
      <Button type="submit" variant="contained">
        {t('queue.apply')}
      </Button>
    </Box>
  );
}
