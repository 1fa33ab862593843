import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Engineer, EngineerRole } from '../../../shared/reference-data';
import { isLanguage } from '../../app/i18n';
import { EmptyState } from '../../components/EmptyState';
import { PageHeading } from '../../components/PageHeading';
import { telHref } from '../../components/contact';
import { useSplash } from '../splash/splash-api';
import {
  ENGINEER_PAGE_SIZES,
  engineerParams,
  engineersQuery,
  SEARCH_MAX_LENGTH,
  useGetEngineersQuery,
  type EngineerParams,
} from './engineers-api';

const SEARCH_DELAY_MS = 400;

/** The list's state in the URL, and a way to change it there. */
function useEngineerParams() {
  const [params, setParams] = useSearchParams();
  const state = engineerParams(params);
  const update = (changes: Partial<EngineerParams>) => {
    const next = { ...state, ...changes };
    const out = new URLSearchParams();
    if (next.search) out.set('q', next.search);
    if (next.role) out.set('role', next.role);
    if (next.page > 1) out.set('page', String(next.page));
    if (next.pageSize !== ENGINEER_PAGE_SIZES[0]) out.set('size', String(next.pageSize));
    setParams(out, { replace: true });
  };
  return [state, update] as const;
}

function EngineerCard({ engineer, role }: { engineer: Engineer; role: EngineerRole | undefined }) {
  const { t, i18n } = useTranslation();
  const lng = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <Card variant="outlined" component="article" sx={{ height: '100%' }}>
      <CardContent>
        <Typography component="h2" variant="h3">
          {engineer.name}
        </Typography>
        {role && <Typography sx={{ color: 'primary.main', fontWeight: 600 }}>{role.name[lng]}</Typography>}
        <Typography variant="body2">{t('engineers.experience', { count: engineer.experience_years })}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('engineers.registration', { number: engineer.registration_number })}
        </Typography>
        <Stack sx={{ mt: 1 }}>
          <Link
            href={`mailto:${engineer.email}`}
            aria-label={t('engineers.email', { name: engineer.name, address: engineer.email })}
          >
            {engineer.email}
          </Link>
          <Link
            href={telHref(engineer.mobile)}
            aria-label={t('engineers.call', { name: engineer.name, phone: engineer.mobile })}
          >
            {engineer.mobile}
          </Link>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The public engineers list: search by name, email or phone, a role filter with All, and pages. */
export default function EngineersPage() {
  const { t, i18n } = useTranslation();
  const lng = isLanguage(i18n.language) ? i18n.language : 'en';
  const { engineer_roles: roles } = useSplash();
  const [state, update] = useEngineerParams();
  const [draft, setDraft] = useState(state.search);
  // The URL can change the search without typing (the Engineers link, back/forward): the box follows it.
  const [urlSearch, setUrlSearch] = useState(state.search);
  if (urlSearch !== state.search) {
    setUrlSearch(state.search);
    if (draft.trim() !== state.search) setDraft(state.search);
  }

  useEffect(() => {
    if (draft.trim() === state.search) return;
    const timer = setTimeout(() => update({ search: draft.trim(), page: 1 }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text starts a search
  }, [draft]);

  const { data, currentData, isFetching } = useGetEngineersQuery(engineersQuery(state));

  // A shared or old link can name a page past the end (the list has shrunk): show the last page instead.
  const lastPage = currentData ? Math.max(1, Math.ceil(currentData.total / state.pageSize)) : state.page;
  useEffect(() => {
    if (state.page > lastPage) update({ page: lastPage });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a page past the end moves the list
  }, [state.page, lastPage]);
  const rolesById = new Map(roles.map((r) => [r.id, r]));

  return (
    <>
      <PageHeading titleKey="titles.engineers">{t('engineers.title')}</PageHeading>
      <Typography sx={{ mb: 2 }}>{t('engineers.intro')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }} component="search">
        <TextField
          type="search"
          label={t('engineers.search')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          slotProps={{ htmlInput: { maxLength: SEARCH_MAX_LENGTH } }}
          sx={{ flex: 2 }}
        />
        <TextField
          select
          id="engineer-role"
          label={t('engineers.role')}
          value={state.role}
          onChange={(e) => update({ role: e.target.value, page: 1 })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ flex: 1, minWidth: 200 }}
        >
          <MenuItem value="">{t('engineers.all')}</MenuItem>
          {roles.map((role) => (
            <MenuItem key={role.code} value={role.code}>
              {role.name[lng]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Typography role="status" sx={{ mb: 1, color: 'text.secondary' }} aria-busy={isFetching}>
        {data ? t('engineers.results', { count: data.total }) : ''}
      </Typography>
      {data && data.items.length === 0 && <EmptyState />}
      {data && data.items.length > 0 && (
        <Grid
          component="ul"
          container
          spacing={2}
          sx={{ listStyle: 'none', p: 0, m: 0, opacity: isFetching ? 0.6 : 1 }}
        >
          {data.items.map((engineer) => (
            <Grid component="li" key={engineer.id} size={{ xs: 12, sm: 6, md: 4 }}>
              <EngineerCard engineer={engineer} role={rolesById.get(engineer.role_id)} />
            </Grid>
          ))}
        </Grid>
      )}
      {data && data.total > 0 && (
        <Box component="nav" aria-label={t('engineers.pagination')}>
          <TablePagination
            component="div"
            count={data.total}
            page={state.page - 1}
            rowsPerPage={state.pageSize}
            rowsPerPageOptions={ENGINEER_PAGE_SIZES}
            onPageChange={(_, page) => update({ page: page + 1 })}
            onRowsPerPageChange={(e) => update({ pageSize: Number(e.target.value), page: 1 })}
            labelRowsPerPage={t('engineers.rows_per_page')}
            labelDisplayedRows={({ from, to, count }) => t('engineers.displayed', { from, to, count })}
            getItemAriaLabel={(type) => t(`engineers.${type}_page`)}
            showFirstButton
            showLastButton
          />
        </Box>
      )}
    </>
  );
}
