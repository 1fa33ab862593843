import type { Ref } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

export interface OneTimeCodeFieldProps {
  id: string;
  inputRef: Ref<HTMLInputElement>;
  value: string;
  onChange: (value: string) => void;
  /** Said under the field (and announced) when the code was refused. */
  error: string;
}

/** The one-time code from the SMS: numeric keypad, the phone's code autofill, the error announced. */
export function OneTimeCodeField({ id, inputRef, value, onChange, error }: OneTimeCodeFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      id={id}
      inputRef={inputRef}
      label={t('view.code')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error || ' '}
      slotProps={{
        htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 10 },
        formHelperText: { role: error ? 'alert' : undefined } as object,
      }}
    />
  );
}
