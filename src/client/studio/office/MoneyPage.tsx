import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import {
  PAYMENT_EXCEPTION_KINDS,
  SETTLE_HOWS,
  type MoneyTotals,
  type PaymentException,
  type PaymentExceptionKind,
  type SettleHow,
} from '../../../shared/api/payment-exceptions';
import { formatTime, formatNumber } from '../format-time';
import { Loading } from '../Loading';
import { PageHeading } from '../PageHeading';
import { useListPaymentExceptionsQuery, useSettlePaymentExceptionMutation } from './office-api';
import { failureText, Outcome, RetryAlert, type OutcomeState } from './Outcome';
import { PageNav } from './PageNav';
import { applicationPage } from './QueueTable';

const MONEY_PAGE_SIZE = 25;
const TOTALS = [
  'payments_tzs',
  'applied_tzs',
  'unmatched_tzs',
  'over_payments_tzs',
  'refunds_tzs',
  'open_tzs',
] as const;

const isKind = (text: string | null): text is PaymentExceptionKind =>
  (PAYMENT_EXCEPTION_KINDS as readonly (string | null)[]).includes(text);

/**
 * The money desk (issue 33, item 5): the money no invoice takes (unmatched payments, over-payments,
 * refunds due on cancelled invoices and withdrawn applications), open ones first, each settled in the
 * page with a recorded action; the unit's totals to the shilling. The query is kept in the URL.
 */
export default function MoneyPage() {
  const { t, i18n } = useTranslation('office');
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const kind = isKind(kindParam) ? kindParam : undefined;
  const settled = params.get('settled') === '1';
  const page = Math.max(1, Math.min(100_000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const list = useListPaymentExceptionsQuery({
    ...(kind ? { kind } : {}),
    settled,
    page,
    page_size: MONEY_PAGE_SIZE,
  });
  const hrefOf = (to: { kind?: string; settled?: boolean; page?: number }) => {
    const next = new URLSearchParams();
    const k = 'kind' in to ? to.kind : kind;
    if (k) next.set('kind', k);
    if (to.settled ?? settled) next.set('settled', '1');
    if ((to.page ?? 1) > 1) next.set('page', String(to.page));
    return `?${next.toString()}`;
  };
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / MONEY_PAGE_SIZE)) : 1;
  return (
    <>
      <PageHeading area="office" title={t('money.title')} />
      {list.data && <Totals totals={list.data.totals} />}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, my: 2 }}>
        <TextField
          select
          size="small"
          label={t('money.kind')}
          value={kind ?? ''}
          onChange={(event) => setParams(hrefOf({ kind: event.target.value || undefined }).slice(1))}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 260 }}
        >
          <MenuItem value="">{t('money.all_kinds')}</MenuItem>
          {PAYMENT_EXCEPTION_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`money.kinds.${k}`)}
            </MenuItem>
          ))}
        </TextField>
        <Box component="nav" aria-label={t('money.which')} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          {[false, true].map((s) => (
            <Button
              key={String(s)}
              component={RouterLink}
              to={hrefOf({ settled: s })}
              variant={settled === s ? 'contained' : 'outlined'}
              aria-current={settled === s ? 'page' : undefined}
            >
              {t(s ? 'money.settled' : 'money.open')}
            </Button>
          ))}
        </Box>
      </Box>
      {list.isError ? (
        <RetryAlert text={t('money.failed')} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Loading />
      ) : (
        <>
          <Typography role="status" sx={{ mb: 1 }}>
            {t('money.count', { count: list.data.total })}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
            {list.data.items.map((item) => (
              <ExceptionItem key={item.exception_id} item={item} language={i18n.language} />
            ))}
          </Box>
          <PageNav page={page} pages={pages} hrefOf={(to) => hrefOf({ page: to })} />
        </>
      )}
    </>
  );
}

function Totals({ totals }: { totals: MoneyTotals }) {
  const { t, i18n } = useTranslation('office');
  return (
    <Box
      component="dl"
      aria-label={t('money.totals')}
      sx={{ display: 'grid', gridTemplateColumns: 'max-content max-content', columnGap: 3, rowGap: 0.5, m: 0 }}
    >
      {TOTALS.map((key) => (
        <Box key={key} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ fontWeight: 700 }}>
            {t(`money.totals_of.${key}`)}
          </Typography>
          <Typography component="dd" sx={{ m: 0, textAlign: 'right' }}>
            {t('money.tzs', { amount: formatNumber(totals[key], i18n.language) })}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function ExceptionItem({ item, language }: { item: PaymentException; language: string }) {
  const { t } = useTranslation('office');
  const [how, setHow] = useState<SettleHow | ''>('');
  const [invoiceId, setInvoiceId] = useState('');
  const [remark, setRemark] = useState('');
  const [settle, settling] = useSettlePaymentExceptionMutation();
  const [outcome, setOutcome] = useState<OutcomeState>(null);
  const amount = t('money.tzs', { amount: formatNumber(item.amount_tzs, language) });
  const title = t('money.item', { kind: t(`money.kinds.${item.kind}`), amount });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!how) return setOutcome({ ok: false, text: t('money.choose_how') });
    if (how === 'applied' && !invoiceId.trim()) return setOutcome({ ok: false, text: t('money.invoice_needed') });
    if (how === 'other' && !remark.trim()) return setOutcome({ ok: false, text: t('money.remark_needed') });
    const result = await settle({
      exception_id: item.exception_id,
      how,
      ...(how === 'applied' ? { invoice_id: invoiceId.trim() } : {}),
      ...(remark.trim() ? { remark: remark.trim() } : {}),
    });
    if ('error' in result) setOutcome({ ok: false, text: failureText(result.error, t('money.settle_failed')) });
  };
  const facts: [string, string][] = [
    [
      t('money.paid'),
      `${t('money.tzs', { amount: formatNumber(item.payment_amount_tzs, language) })}, ${formatTime(item.paid_at, language)}`,
    ],
    [t('money.channel'), t(`money.channels.${item.channel}`, { defaultValue: item.channel })],
    [t('money.transaction'), item.transaction_id],
    [t('money.control_number'), item.control_number ?? t('application.none')],
    [t('money.payer_phone'), item.payer_phone ?? t('application.none')],
    [t('money.receipt'), item.receipt_number ?? t('application.none')],
  ];
  return (
    <Box component="li" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
      <Typography component="h2" variant="h6">
        {title}
      </Typography>
      {item.reference_number && (
        <Link component={RouterLink} to={applicationPage(item.reference_number)}>
          {t('money.application', { reference: item.reference_number })}
        </Link>
      )}
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, m: 0, my: 1 }}>
        {facts.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ fontWeight: 700 }}>
              {term}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {item.settled ? (
        <Typography>
          {t('money.settled_line', {
            how: t(`money.hows.${item.settled.how}`),
            by: item.settled.by.name,
            at: formatTime(item.settled.at, language),
          })}
          {item.settled.remark ? ` ${item.settled.remark}` : ''}
        </Typography>
      ) : (
        <Box component="form" onSubmit={(event) => void submit(event)} sx={{ display: 'grid', gap: 1, maxWidth: 640 }}>
          <RadioGroup
            row
            aria-label={t('money.how', { item: title })}
            value={how}
            onChange={(event) => setHow(event.target.value as SettleHow)}
          >
            {SETTLE_HOWS.map((h) => (
              <FormControlLabel key={h} value={h} control={<Radio />} label={t(`money.hows.${h}`)} />
            ))}
          </RadioGroup>
          {how === 'applied' && (
            <TextField
              size="small"
              label={t('money.invoice_id')}
              value={invoiceId}
              onChange={(event) => setInvoiceId(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 64 } }}
            />
          )}
          <TextField
            size="small"
            label={t('money.remark')}
            value={remark}
            onChange={(event) => setRemark(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={settling.isLoading}
              aria-label={t('money.settle_named', { item: title })}
            >
              {t('money.settle')}
            </Button>
          </Box>
          <Outcome outcome={outcome} />
        </Box>
      )}
    </Box>
  );
}
