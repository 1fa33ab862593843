import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DECLARATION_PATH } from '../../../shared/api/declaration';
import type { FieldError } from '../../../shared/envelope';

/**
 * The declaration's state on the review step: `ready()` before Submit (unticked: its error shows and
 * the focus goes to it, nothing is sent), `refused(errors)` after (the server's 422 on /declaration
 * shows on the checkbox, not in the summary of answers to fix).
 */
export function useDeclaration() {
  const { t } = useTranslation();
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const ref = useRef<HTMLInputElement>(null);
  const showError = (message: string) => {
    setError(message);
    ref.current?.focus();
  };
  return {
    checked,
    ready(): boolean {
      if (checked) return true;
      showError(t('wizard.declaration.required'));
      return false;
    },
    refused(errors: FieldError[]): boolean {
      const own = errors.find((e) => e.path === DECLARATION_PATH);
      if (!own) return false;
      showError(own.message);
      return true;
    },
    props: {
      ref,
      checked,
      error,
      onChange: (next: boolean) => {
        setChecked(next);
        if (next) setError(undefined);
      },
    },
  };
}
