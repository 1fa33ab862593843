import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { amountOf, amountText } from './fee-edits';

export interface AmountFieldProps {
  label: string;
  value: unknown;
  onChange: (value: number | string) => void;
  /** Blank means "none" (a band without an end): then undefined is given. */
  optional?: boolean;
  onClear?: () => void;
}

/** A whole number of Tanzanian shillings (or storeys), typed as digits; the unit is in the label. */
export function AmountField({ label, value, onChange, optional, onClear }: AmountFieldProps) {
  const { t } = useTranslation('studio');
  return (
    <TextField
      label={label}
      value={amountText(value)}
      onChange={(event) => {
        const text = event.target.value;
        if (optional && text.trim() === '' && onClear) onClear();
        else onChange(amountOf(text));
      }}
      helperText={optional ? t('fees.blank_no_end') : undefined}
      slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
      sx={{ flex: '1 1 11rem', maxWidth: '100%' }}
    />
  );
}
