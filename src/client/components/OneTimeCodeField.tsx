import type { KeyboardEventHandler, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { TextFieldWithError } from './TextFieldWithError';

export interface OneTimeCodeFieldProps {
  id: string;
  inputRef: Ref<HTMLInputElement>;
  value: string;
  onChange: (value: string) => void;
  /** Said under the field (and announced) when the code was refused. */
  error?: string;
  /** Under the field while there is no error: a blank line by default; null where errors are said elsewhere. */
  help?: string | null;
  /** Its label; "Code" by default. */
  label?: string;
  onKeyDown?: KeyboardEventHandler<HTMLDivElement>;
}

/** The one-time code from the SMS: numeric keypad, the phone's code autofill, the error announced. */
export function OneTimeCodeField({ label, onChange, ...props }: OneTimeCodeFieldProps) {
  const { t } = useTranslation();
  return (
    <TextFieldWithError
      {...props}
      label={label ?? t('view.code')}
      onChange={(event) => onChange(event.target.value)}
      htmlInput={{ inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 10 }}
    />
  );
}
