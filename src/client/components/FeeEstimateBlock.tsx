import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FeeEstimateAnswer } from '../../shared/api/fees';
import type { FeeLine } from '../../shared/fees/fee-estimate';
import type { LocalizedText } from '../../shared/reference-data';
import { formatMoney, formatNumber } from '../../shared/text-format';

const cell = {
  borderBottom: 1,
  borderColor: 'divider',
  py: 0.75,
  px: 1,
  textAlign: 'left',
  verticalAlign: 'top',
} as const;
const number = { ...cell, textAlign: 'right', whiteSpace: 'nowrap' } as const;

/**
 * The fee estimate and how it was computed, line by line (src/shared/fees/fee-estimate.ts), in the
 * reader's language: a table with its caption, amounts written as the language writes them. Its texts
 * are the dashboard's (`fees.*`, loaded with this block), so the wizard's first step carries none.
 */
export function FeeEstimateBlock({
  answer,
  level = 'h2',
}: {
  answer: FeeEstimateAnswer | null | undefined;
  /** Its heading's level where it stands (h3 inside the review step). */
  level?: 'h2' | 'h3';
}) {
  const { t, i18n } = useTranslation('dashboard');
  const lng = i18n.language;
  const text = (value: LocalizedText) => value[lng === 'sw' ? 'sw' : 'en'];
  if (!answer) return null;
  const heading = (
    <Typography component={level} variant={level} gutterBottom id="fee-estimate-heading">
      {t('fees.title')}
    </Typography>
  );
  const { estimate, missing } = answer;
  if (!estimate) {
    const reason =
      missing?.reason === 'missing_answer'
        ? t('fees.missing_answer', { question: missing.question ? text(missing.question) : missing.answer })
        : t(missing?.reason === 'no_fees_for_type' ? 'fees.no_fees_for_type' : 'fees.no_schedule');
    return (
      <Box component="section" aria-labelledby="fee-estimate-heading" sx={{ my: 3 }}>
        {heading}
        <Typography>{reason}</Typography>
      </Box>
    );
  }
  const name = (line: FeeLine) =>
    line.detail ? t('fees.line_detail', { name: text(line.name), detail: text(line.detail) }) : text(line.name);
  const quantity = (line: FeeLine) =>
    line.unit === 'm2'
      ? t('fees.area_quantity', { quantity: formatNumber(line.quantity, lng) })
      : formatNumber(line.quantity, lng);
  const rate = (line: FeeLine) =>
    line.unit === 'fixed'
      ? ''
      : t(line.unit === 'm2' ? 'fees.rate_m2' : 'fees.rate_storey', { rate: formatMoney(line.rate_tzs, lng) });
  return (
    <Box component="section" aria-labelledby="fee-estimate-heading" sx={{ my: 3 }}>
      {heading}
      <Typography sx={{ mb: 1 }}>{t('fees.intro')}</Typography>
      {/* Scrolled sideways on a narrow phone: reachable and named for the keyboard and screen readers. */}
      <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('fees.caption')}>
        <Box component="table" sx={{ borderCollapse: 'collapse', width: '100%' }}>
          <Box component="caption" sx={{ textAlign: 'left', fontWeight: 700, mb: 1 }}>
            {t('fees.caption')}
          </Box>
          <thead>
            <tr>
              <Box component="th" scope="col" sx={cell}>
                {t('fees.item')}
              </Box>
              <Box component="th" scope="col" sx={number}>
                {t('fees.quantity')}
              </Box>
              <Box component="th" scope="col" sx={number}>
                {t('fees.rate')}
              </Box>
              <Box component="th" scope="col" sx={number}>
                {t('fees.amount')}
              </Box>
            </tr>
          </thead>
          <tbody>
            {estimate.lines.map((line, i) => (
              <tr key={`${line.kind}-${i}`}>
                <Box component="th" scope="row" sx={{ ...cell, fontWeight: 400 }}>
                  {name(line)}
                </Box>
                <Box component="td" sx={number}>
                  {quantity(line)}
                </Box>
                <Box component="td" sx={number}>
                  {rate(line)}
                </Box>
                <Box component="td" sx={number}>
                  {formatMoney(line.amount_tzs, lng)}
                </Box>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <Box component="th" scope="row" colSpan={3} sx={{ ...cell, fontWeight: 700 }}>
                {t('fees.total')}
              </Box>
              <Box component="td" sx={{ ...number, fontWeight: 700 }}>
                {formatMoney(estimate.total_tzs, lng)}
              </Box>
            </tr>
          </tfoot>
        </Box>
      </Box>
      {estimate.exemption && (
        <Typography sx={{ mt: 1 }}>{t('fees.exempt', { reason: text(estimate.exemption) })}</Typography>
      )}
    </Box>
  );
}
