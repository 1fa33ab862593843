import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';

export interface SummaryError {
  /** The field the error is about (its id), when it is about one. */
  id?: string;
  message: string;
}

/**
 * What stopped a form, above it: focused on each failed attempt, each line a link to its field.
 * The studio's own (features of the public app are not imported here: the studio is another app).
 */
export function ErrorSummary({ errors, attempt }: { errors: SummaryError[]; attempt: number }) {
  const { t } = useTranslation('studio');
  const ref = useRef<HTMLDivElement>(null);
  const shown = errors.length > 0;
  useEffect(() => {
    if (shown && attempt > 0) ref.current?.focus();
  }, [attempt, shown]);
  if (!shown) return null;
  return (
    <Alert severity="error" ref={ref} tabIndex={-1} sx={{ mb: 2 }}>
      <AlertTitle component="h2">{t('form.error_summary')}</AlertTitle>
      <ul style={{ margin: 0, paddingInlineStart: '1.2em' }}>
        {errors.map((error) => (
          <li key={`${error.id ?? ''} ${error.message}`}>
            {error.id ? (
              <Link
                href={`#${error.id}`}
                onClick={(event) => {
                  event.preventDefault();
                  document.getElementById(error.id!)?.focus();
                }}
              >
                {error.message}
              </Link>
            ) : (
              error.message
            )}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
