import { useId, useState } from 'react';
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
import { ConfirmDialog } from '../ConfirmDialog';
import { ProblemList } from '../editor/ProblemList';
import { inLanguage } from '../form-texts';
import { useLanguage } from '../use-language';
import { AmountField } from './AmountField';
import { AnswerSelect } from './AnswerSelect';
import { aboutPart, withoutPart, withRatesByUse, type FeeAnswer } from './fee-edits';

export interface FeeTypeCardProps {
  type: string;
  fees: TypeFees;
  problems: StudioProblem[];
  /** The type's own answers a part can count (numbers) or pick its rate by (lists). */
  answers: { numbers: FeeAnswer[]; lists: FeeAnswer[] };
  onChange: (fees: TypeFees) => void;
  /** The type's fees taken out of the schedule (asked first). */
  onRemove: () => void;
}

/** A part switched on or off: a checkbox whose label names the type (several cards on one page). */
function PartSwitch(props: { label: string; checked: boolean; disabled?: boolean; onChange: (on: boolean) => void }) {
  return (
    <FormControlLabel
      control={
        <Checkbox
          checked={props.checked}
          disabled={props.disabled}
          onChange={(event) => props.onChange(event.target.checked)}
        />
      }
      label={props.label}
    />
  );
}

/** The parts the card shows problems under; a problem about any other part is shown at the top. */
const PARTS = ['base', 'area', 'use', 'storeys', 'minimum', 'round_to', 'exemption'];

/** One application type's fees: base, area rates, storey bands, minimum, rounding and the exemption. */
export function FeeTypeCard({ type, fees, problems, answers, onChange, onRemove }: FeeTypeCardProps) {
  const { t } = useTranslation('studio');
  const language = useLanguage();
  const [removing, setRemoving] = useState(false);
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
        onChange={(value) => set({ [part]: value })}
      />
      <ProblemList problems={about(part)} id={`fees-${type}-${part}-problems`} />
    </Stack>
  );
  const area = fees.area;
  const bands = fees.storeys?.bands ?? [];
  const setBands = (next: StoreyBand[]) => fees.storeys && set({ storeys: { ...fees.storeys, bands: next } });
  const setBand = (index: number, band: StoreyBand) => setBands(bands.map((b, i) => (i === index ? band : b)));
  const reason = fees.exemption?.reason ?? { en: '', sw: '' };
  const firstNumber = answers.numbers[0]?.answer;
  const useAnswer = answers.lists.find((a) => a.answer === fees.use);
  const labelOfUse = (use: string) => {
    const words = useAnswer?.valueLabels?.[use];
    return words ? inLanguage(words, language, use) : t(`fees.uses.${use}`, { defaultValue: use });
  };
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
        <Box>
          <PartSwitch
            label={t('fees.by_area', { flow })}
            checked={area !== undefined}
            disabled={area === undefined && firstNumber === undefined}
            onChange={(on) =>
              on ? set({ area: { answer: firstNumber!, rate: 0 } }) : onChange(withoutPart(fees, 'area', 'use'))
            }
          />
          {firstNumber === undefined && area === undefined && (
            <Typography variant="body2">{t('fees.no_number_answers', { flow })}</Typography>
          )}
        </Box>
        {area && (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
            <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
              {t('fees.area_legend')}
            </Typography>
            <ProblemList problems={[...about('area'), ...about('use')]} id={`fees-${type}-area-problems`} />
            <Stack spacing={2}>
              <AnswerSelect
                label={t('fees.area_answer', { flow })}
                value={area.answer}
                answers={answers.numbers}
                onChange={(picked) => set({ area: { ...area, answer: picked.answer } })}
              />
              <PartSwitch
                label={t('fees.by_use', { flow })}
                checked={area.rates !== undefined}
                disabled={area.rates === undefined && answers.lists.length === 0}
                onChange={(on) => onChange(withRatesByUse(fees, on ? (useAnswer ?? answers.lists[0]) : undefined))}
              />
              {area.rates === undefined && answers.lists.length === 0 && (
                <Typography variant="body2">{t('fees.no_list_answers', { flow })}</Typography>
              )}
              {area.rates && (
                <AnswerSelect
                  label={t('fees.use_answer', { flow })}
                  value={fees.use}
                  answers={answers.lists}
                  onChange={(picked) => onChange(withRatesByUse(fees, picked))}
                />
              )}
              <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
                {area.rates ? (
                  Object.entries(area.rates).map(([use, rate]) => (
                    <AmountField
                      key={use}
                      label={t('fees.rate_for', { use: labelOfUse(use), flow })}
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
            </Stack>
          </Box>
        )}
        <Box>
          <PartSwitch
            label={t('fees.by_storeys', { flow })}
            checked={fees.storeys !== undefined}
            disabled={fees.storeys === undefined && firstNumber === undefined}
            onChange={(on) =>
              on
                ? set({ storeys: { answer: firstNumber!, bands: [{ from: 1, per_storey: 0 }] } })
                : onChange(withoutPart(fees, 'storeys'))
            }
          />
        </Box>
        {fees.storeys && (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
            <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
              {t('fees.storeys_legend')}
            </Typography>
            <ProblemList problems={about('storeys')} id={`fees-${type}-storeys-problems`} />
            <Stack spacing={2}>
              <AnswerSelect
                label={t('fees.storeys_answer', { flow })}
                value={fees.storeys.answer}
                answers={answers.numbers}
                onChange={(picked) => fees.storeys && set({ storeys: { ...fees.storeys, answer: picked.answer } })}
              />
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
          <PartSwitch
            label={t('fees.exempt', { flow })}
            checked={fees.exemption !== undefined}
            onChange={(on) =>
              on ? set({ exemption: { reason: { en: '', sw: '' } } }) : onChange(withoutPart(fees, 'exemption'))
            }
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
        <Box>
          <Button color="error" variant="outlined" onClick={() => setRemoving(true)}>
            {t('fees.remove_type', { flow })}
          </Button>
        </Box>
      </Stack>
      <ConfirmDialog
        open={removing}
        title={t('fees.remove_type_title', { flow })}
        confirm={t('fees.remove_type_confirm')}
        onConfirm={() => {
          setRemoving(false);
          onRemove();
        }}
        onClose={() => setRemoving(false)}
      >
        <Typography>{t('fees.remove_type_body', { flow })}</Typography>
      </ConfirmDialog>
    </Paper>
  );
}
