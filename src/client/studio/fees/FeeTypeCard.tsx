import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { StudioProblem } from '../../../shared/api/studio';
import type { StoreyBand, TypeFees } from '../../../shared/fees/fee-schedule';
import { ProblemList } from '../editor/ProblemList';
import { AmountField } from './AmountField';
import { aboutPart } from './fee-edits';

export interface FeeTypeCardProps {
  type: string;
  fees: TypeFees;
  problems: StudioProblem[];
  onChange: (fees: TypeFees) => void;
}

/** The parts the card shows problems under; a problem about any other part is shown at the top. */
const PARTS = ['base', 'area', 'use', 'storeys', 'minimum', 'round_to', 'exemption'];

/** One application type's fees: base, area rates, storey bands, minimum, rounding and the exemption. */
export function FeeTypeCard({ type, fees, problems, onChange }: FeeTypeCardProps) {
  const { t } = useTranslation('studio');
  const headingId = useId();
  const flow = t(`flows.${type}`, { defaultValue: type });
  const set = (part: Partial<TypeFees>) => onChange({ ...fees, ...part });
  const about = (part: string) => problems.filter((p) => aboutPart(p, part));
  const general = problems.filter((p) => !PARTS.some((part) => aboutPart(p, part)));
  const amounts = (part: 'base' | 'minimum' | 'round_to') => (
    <Stack spacing={1} sx={{ flex: '1 1 11rem' }}>
      <AmountField
        label={t(`fees.${part}`, { flow })}
        value={fees[part]}
        onChange={(value) => set({ [part]: value } as Partial<TypeFees>)}
      />
      <ProblemList problems={about(part)} id={`fees-${type}-${part}-problems`} />
    </Stack>
  );
  const area = fees.area;
  const bands = fees.storeys?.bands ?? [];
  const setBands = (next: StoreyBand[]) => fees.storeys && set({ storeys: { ...fees.storeys, bands: next } });
  const setBand = (index: number, band: StoreyBand) => setBands(bands.map((b, i) => (i === index ? band : b)));
  const reason = fees.exemption?.reason ?? { en: '', sw: '' };
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack spacing={2}>
        <Typography id={headingId} component="h2" variant="h6">
          {flow}
        </Typography>
        <ProblemList problems={general} id={`fees-${type}-problems`} />
        <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
          {amounts('base')}
          {amounts('minimum')}
          {amounts('round_to')}
        </Stack>
        {area && (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
            <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
              {t('fees.area_legend')}
            </Typography>
            <ProblemList problems={[...about('area'), ...about('use')]} id={`fees-${type}-area-problems`} />
            <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
              {area.rates ? (
                Object.entries(area.rates).map(([use, rate]) => (
                  <AmountField
                    key={use}
                    label={t('fees.rate_for', { use: t(`fees.uses.${use}`, { defaultValue: use }), flow })}
                    value={rate}
                    onChange={(value) => set({ area: { ...area, rates: { ...area.rates, [use]: value as number } } })}
                  />
                ))
              ) : (
                <AmountField
                  label={t('fees.rate', { flow })}
                  value={area.rate}
                  onChange={(value) => set({ area: { ...area, rate: value as number } })}
                />
              )}
            </Stack>
          </Box>
        )}
        {fees.storeys && (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
            <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
              {t('fees.storeys_legend')}
            </Typography>
            <ProblemList problems={about('storeys')} id={`fees-${type}-storeys-problems`} />
            <Stack spacing={2}>
              {bands.map((band, index) => (
                <Box
                  key={index}
                  role="group"
                  aria-label={t('fees.band', { number: index + 1, flow })}
                  sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
                >
                  <AmountField
                    label={t('fees.band_from', { number: index + 1 })}
                    value={band.from}
                    onChange={(value) => setBand(index, { ...band, from: value as number })}
                  />
                  <AmountField
                    label={t('fees.band_to', { number: index + 1 })}
                    value={band.to}
                    optional
                    onClear={() => {
                      const { to: _to, ...rest } = band; // eslint-disable-line @typescript-eslint/no-unused-vars
                      setBand(index, rest);
                    }}
                    onChange={(value) => setBand(index, { ...band, to: value as number })}
                  />
                  <AmountField
                    label={t('fees.band_per_storey', { number: index + 1 })}
                    value={band.per_storey}
                    onChange={(value) => setBand(index, { ...band, per_storey: value as number })}
                  />
                  <Button
                    color="error"
                    onClick={() => setBands(bands.filter((_b, i) => i !== index))}
                    aria-label={t('fees.band_remove', { number: index + 1, flow })}
                    sx={{ minHeight: 44 }}
                  >
                    {t('editor.remove')}
                  </Button>
                </Box>
              ))}
              <Box>
                <Button
                  variant="outlined"
                  onClick={() => {
                    const last = bands.at(-1);
                    const from = last ? (typeof last.to === 'number' ? last.to : last.from) + 1 : 1;
                    setBands([...bands, { from, per_storey: 0 }]);
                  }}
                  aria-label={t('fees.band_add_to', { flow })}
                >
                  {t('fees.band_add')}
                </Button>
              </Box>
            </Stack>
          </Box>
        )}
        <Box>
          <FormControlLabel
            control={
              <Checkbox
                checked={fees.exemption !== undefined}
                onChange={(event) => {
                  if (event.target.checked) set({ exemption: { reason: { en: '', sw: '' } } });
                  else {
                    const { exemption: _e, ...rest } = fees; // eslint-disable-line @typescript-eslint/no-unused-vars
                    onChange(rest);
                  }
                }}
              />
            }
            label={t('fees.exempt', { flow })}
          />
          <ProblemList problems={about('exemption')} id={`fees-${type}-exemption-problems`} />
          {fees.exemption && (
            <Stack spacing={2} sx={{ mt: 1 }}>
              {(['en', 'sw'] as const).map((language) => (
                <TextField
                  key={language}
                  label={t(`fees.reason_${language}`)}
                  value={reason[language] ?? ''}
                  multiline
                  slotProps={{ htmlInput: { maxLength: 500 } }}
                  onChange={(event) => set({ exemption: { reason: { ...reason, [language]: event.target.value } } })}
                />
              ))}
            </Stack>
          )}
        </Box>
      </Stack>
    </Paper>
  );
}
