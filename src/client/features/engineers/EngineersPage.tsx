import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Engineer, EngineerRole } from '../../../shared/reference-data';
import { isLanguage } from '../../app/i18n';
import { EmptyState } from '../../components/EmptyState';
import { Icon } from '../../components/Icon';
import { PageHeading } from '../../components/PageHeading';
import { telHref } from '../../components/contact';
import { useSplash } from '../../app/splash-api';
import {
  ENGINEER_PAGE_SIZES,
  engineerParams,
  engineersQuery,
  SEARCH_MAX_LENGTH,
  useGetEngineersQuery,
  type EngineerParams,
} from './engineers-api';
import './engineers.css';

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
    <article className="k-engineer">
      <h2 className="k-engineer__name">{engineer.name}</h2>
      {role && <p className="k-engineer__role">{role.name[lng]}</p>}
      <p>{t('engineers.experience', { count: engineer.experience_years })}</p>
      <p className="k-muted">{t('engineers.registration', { number: engineer.registration_number })}</p>
      <p className="k-engineer__contacts">
        <a
          className="k-link"
          href={`mailto:${engineer.email}`}
          aria-label={t('engineers.email', { name: engineer.name, address: engineer.email })}
        >
          {engineer.email}
        </a>
        <a
          className="k-link"
          href={telHref(engineer.mobile)}
          aria-label={t('engineers.call', { name: engineer.name, phone: engineer.mobile })}
        >
          {engineer.mobile}
        </a>
      </p>
    </article>
  );
}

/** Rows per page, where the list is, and the first/previous/next/last buttons. */
function Pagination(props: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  const { t } = useTranslation();
  const sizeId = useId();
  const last = Math.max(1, Math.ceil(props.total / props.pageSize));
  const from = (props.page - 1) * props.pageSize + 1;
  const to = Math.min(props.total, props.page * props.pageSize);
  const buttons = [
    { key: 'first_page', icon: 'first', page: 1, disabled: props.page <= 1 },
    { key: 'previous_page', icon: 'previous', page: props.page - 1, disabled: props.page <= 1 },
    { key: 'next_page', icon: 'next', page: props.page + 1, disabled: props.page >= last },
    { key: 'last_page', icon: 'last', page: last, disabled: props.page >= last },
  ] as const;
  return (
    <nav className="k-pagination" aria-label={t('engineers.pagination')}>
      <span className="k-pagination__size">
        <label htmlFor={sizeId}>{t('engineers.rows_per_page')}</label>
        <select
          id={sizeId}
          className="k-select"
          value={props.pageSize}
          onChange={(e) => props.onPageSize(Number(e.target.value))}
        >
          {ENGINEER_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </span>
      <span className="k-pagination__shown">{t('engineers.displayed', { from, to, count: props.total })}</span>
      <span className="k-pagination__buttons">
        {buttons.map((button) => (
          <button
            key={button.key}
            type="button"
            className="k-icon-button"
            aria-label={t(`engineers.${button.key}`)}
            disabled={button.disabled}
            onClick={() => props.onPage(button.page)}
          >
            <Icon name={button.icon} />
          </button>
        ))}
      </span>
    </nav>
  );
}

/**
 * The public engineers list: search by name, email or phone, a role filter with All, and pages. Plain
 * elements (engineers.css): no MUI on this page, one of the most visited, opened on phones.
 */
export default function EngineersPage() {
  const { t, i18n } = useTranslation();
  const lng = isLanguage(i18n.language) ? i18n.language : 'en';
  const { engineer_roles: roles } = useSplash();
  const [state, update] = useEngineerParams();
  const [draft, setDraft] = useState(state.search);
  const searchId = useId();
  const roleId = useId();
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
      <p className="k-intro">{t('engineers.intro')}</p>
      <search className="k-filters">
        <div className="k-field k-field--wide">
          <label htmlFor={searchId}>{t('engineers.search')}</label>
          <input
            id={searchId}
            type="search"
            className="k-input"
            value={draft}
            maxLength={SEARCH_MAX_LENGTH}
            onChange={(e) => setDraft(e.target.value)}
          />
        </div>
        <div className="k-field">
          <label htmlFor={roleId}>{t('engineers.role')}</label>
          <select
            id={roleId}
            className="k-select"
            value={state.role}
            onChange={(e) => update({ role: e.target.value, page: 1 })}
          >
            <option value="">{t('engineers.all')}</option>
            {roles.map((role) => (
              <option key={role.code} value={role.code}>
                {role.name[lng]}
              </option>
            ))}
          </select>
        </div>
      </search>
      <p role="status" className="k-muted k-results" aria-busy={isFetching}>
        {data ? t('engineers.results', { count: data.total }) : ''}
      </p>
      {data && data.items.length === 0 && <EmptyState />}
      {data && data.items.length > 0 && (
        <ul className={isFetching ? 'k-engineers k-engineers--fetching' : 'k-engineers'}>
          {data.items.map((engineer) => (
            <li key={engineer.id}>
              <EngineerCard engineer={engineer} role={rolesById.get(engineer.role_id)} />
            </li>
          ))}
        </ul>
      )}
      {data && data.total > 0 && (
        <Pagination
          page={state.page}
          pageSize={state.pageSize}
          total={data.total}
          onPage={(page) => update({ page })}
          onPageSize={(pageSize) => update({ pageSize, page: 1 })}
        />
      )}
    </>
  );
}
