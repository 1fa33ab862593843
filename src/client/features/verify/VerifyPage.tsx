import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { PLOT_FIELDS, VERIFY_PAGE_PATH, permitNumberProperty, type VerifiedPermit } from '../../../shared/api/permits';
import { formatLongDate } from '../../../shared/text-format';
import { isLanguage } from '../../app/i18n';
import { PageHeading } from '../../components/PageHeading';
import { useVerifyPermitQuery } from './verify-api';
import { useVerifyTexts } from './verify-texts';
import './verify.css';

/**
 * /home/verify/<permit number>?s=<signature>: what a permit's QR code opens, for anyone (an
 * inspector, a neighbour, a buyer). Light like the engineers page (no MUI): it is opened on a phone
 * at a building site. It says whether the permit is valid, not yet valid, expired, renewed or
 * revoked, with its public facts, and warns loudly when the link's signature is not the portal's.
 * /home/verify alone asks for a number.
 */
export default function VerifyPage() {
  const texts = useVerifyTexts();
  const { t } = useTranslation();
  if (texts === 'failed')
    return (
      <p className="k-verify__notice k-verify__notice--warning" role="alert">
        {/* The page's own texts did not arrive: the shell's words (it tries again once back online). */}
        {t('errors.network')}
      </p>
    );
  if (texts === 'loading') return null;
  return <VerifyContent />;
}

const PERMIT_NUMBER = new RegExp(permitNumberProperty.pattern);
const SIGNATURE = /^[A-Za-z0-9_-]{1,128}$/;

function VerifyContent() {
  const { t } = useTranslation();
  const { permitNumber } = useParams();
  const [search] = useSearchParams();
  const signature = search.get('s') ?? undefined;
  const number = permitNumber?.trim();
  return (
    <div className="k-verify">
      <PageHeading titleKey="verify:title">{t('verify:title')}</PageHeading>
      {number && PERMIT_NUMBER.test(number) ? (
        <PermitCheck
          key={`${number} ${signature ?? ''}`}
          permitNumber={number}
          // A signature that cannot be one is sent as a wrong one: the warning, not a refusal.
          signature={signature === undefined ? undefined : SIGNATURE.test(signature) ? signature : '-'}
        />
      ) : (
        <NumberForm initial={number ?? ''} invalid={number !== undefined} />
      )}
    </div>
  );
}

function NumberForm({ initial, invalid }: { initial: string; invalid: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState(invalid);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = value.trim().toUpperCase();
    if (!PERMIT_NUMBER.test(number)) return setError(true);
    void navigate(`${VERIFY_PAGE_PATH}/${encodeURIComponent(number)}`);
  };
  return (
    <form className="k-verify__form" onSubmit={submit} noValidate>
      <p>{t('verify:intro')}</p>
      <label htmlFor={`${id}-number`}>{t('verify:number_label')}</label>
      <p id={`${id}-hint`} className="k-verify__hint">
        {t('verify:number_hint')}
      </p>
      <input
        id={`${id}-number`}
        className="k-verify__input"
        value={value}
        maxLength={permitNumberProperty.maxLength}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        aria-invalid={error}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(event) => {
          setValue(event.target.value);
          setError(false);
        }}
      />
      {error && (
        <p id={`${id}-error`} className="k-verify__error" role="alert">
          {t('verify:number_invalid')}
        </p>
      )}
      <button type="submit" className="k-button k-button--contained">
        {t('verify:check')}
      </button>
    </form>
  );
}

function PermitCheck({ permitNumber, signature }: { permitNumber: string; signature: string | undefined }) {
  const { t } = useTranslation();
  const { data, error, isFetching, refetch } = useVerifyPermitQuery({
    permit_number: permitNumber,
    ...(signature === undefined ? {} : { signature }),
  });
  if (isFetching && !data)
    return (
      <p className="k-verify__notice" role="status">
        {t('verify:checking')}
      </p>
    );
  const code = error && 'code' in error ? error.code : undefined;
  if (code === 404)
    return (
      <>
        <section className="k-verify__notice k-verify__notice--danger" role="alert" aria-labelledby="verify-status">
          <h2 id="verify-status" className="k-verify__status">
            {t('verify:not_found_title', { permit_number: permitNumber })}
          </h2>
          <p>{t('verify:not_found_body')}</p>
        </section>
        <AnotherPermit />
      </>
    );
  if (error || !data)
    return (
      <div className="k-verify__notice k-verify__notice--warning" role="alert">
        <p>{t('verify:failed')}</p>
        <button type="button" className="k-button k-button--outlined" onClick={() => void refetch()}>
          {t('verify:try_again')}
        </button>
      </div>
    );
  return (
    <>
      <PermitStatus permit={data} />
      <PermitFacts permit={data} />
      <AnotherPermit />
    </>
  );
}

/** The state first (announced), then what the signature says: a forged link's warning before any fact. */
function PermitStatus({ permit }: { permit: VerifiedPermit }) {
  const { t, i18n } = useTranslation();
  const date = (value: string | null) => (value ? formatLongDate(value, i18n.language) : '');
  const params = {
    valid_from: date(permit.valid_from),
    valid_until: date(permit.valid_until),
    revoked_on: date(permit.revoked_on),
    renewed_by: permit.renewed_by ?? '',
    permit_number: permit.permit_number,
  };
  const good = permit.status === 'valid' && permit.signature !== 'mismatch';
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <>
      {permit.signature === 'mismatch' && (
        <section className="k-verify__notice k-verify__notice--danger" role="alert" aria-labelledby="verify-forged">
          <h2 id="verify-forged" className="k-verify__status">
            {t('verify:signature.mismatch_title')}
          </h2>
          <p>{t('verify:signature.mismatch_body', params)}</p>
        </section>
      )}
      <section
        className={`k-verify__notice ${good ? 'k-verify__notice--good' : permit.status === 'valid' ? '' : 'k-verify__notice--warning'}`}
        role="status"
        aria-labelledby="verify-status"
      >
        <h2 id="verify-status" className="k-verify__status" tabIndex={-1} ref={heading}>
          {t(`verify:status.${permit.status}`, params)}
        </h2>
        <p>{t(`verify:status_detail.${permit.status}`, params)}</p>
        {permit.renewed_by && (
          <p>
            <Link className="k-link" to={`${VERIFY_PAGE_PATH}/${encodeURIComponent(permit.renewed_by)}`}>
              {t('verify:renewed_link', params)}
            </Link>
          </p>
        )}
        {permit.signature !== 'mismatch' && <p>{t(`verify:signature.${permit.signature}`)}</p>}
      </section>
    </>
  );
}

function PermitFacts({ permit }: { permit: VerifiedPermit }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const notStated = t('verify:not_stated');
  const plot = PLOT_FIELDS.filter((field) => permit.plot[field]);
  const rows: [string, string][] = [
    [t('verify:permit_number'), permit.permit_number],
    ...(permit.owner_name !== undefined
      ? [[t('verify:owner'), permit.owner_name || notStated] as [string, string]]
      : []),
    ...(plot.length === 0
      ? [[t('verify:plot'), notStated] as [string, string]]
      : plot.map((field) => [t(`verify:plot_fields.${field}`), permit.plot[field]!] as [string, string])),
    [t('verify:approved_use'), permit.approved_use ?? notStated],
    [t('verify:storeys'), permit.storeys === null ? notStated : t('verify:storeys_count', { count: permit.storeys })],
    [t('verify:valid_from'), formatLongDate(permit.valid_from, language)],
    [t('verify:valid_until'), formatLongDate(permit.valid_until, language)],
    [t('verify:issuing_unit'), permit.issuing_unit[language]],
  ];
  return (
    <section aria-labelledby="verify-facts" className="k-verify__facts">
      <h2 id="verify-facts" className="k-verify__subtitle">
        {t('verify:facts_title')}
      </h2>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label} className="k-verify__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {permit.owner_name === undefined && <p className="k-verify__hint">{t('verify:owner_hidden')}</p>}
    </section>
  );
}

function AnotherPermit() {
  const { t } = useTranslation();
  return (
    <p>
      <Link className="k-link" to={VERIFY_PAGE_PATH}>
        {t('verify:check_another')}
      </Link>
    </p>
  );
}
