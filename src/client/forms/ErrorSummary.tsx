import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import type { SummaryItem } from './field-paths';

/**
 * Moves focus to a field by its id: into a radio group or MUI select, and scrolls it into view. A table
 * (an error about its rows as a whole) has no element of that id: its title takes the focus.
 */
export function focusField(id: string): void {
  const title = document.getElementById(`${id}__title`);
  if (title && !document.getElementById(id)) title.tabIndex = -1;
  const element = document.getElementById(`mui-component-select-${id}`) ?? document.getElementById(id) ?? title;
  if (!element) return;
  const focusable = 'input:not([type=hidden]):not([aria-hidden=true]), select, textarea, button, [tabindex]';
  const target = element.matches(focusable)
    ? element
    : (element.querySelector<HTMLElement>('input:checked') ?? element.querySelector<HTMLElement>(focusable) ?? element);
  target.focus();
  target.scrollIntoView?.({ block: 'center' });
}

export interface ErrorSummaryProps {
  items: SummaryItem[];
  /** Bumped on every failed attempt: the summary takes focus each time. */
  attempt: number;
  /** The step being shown; errors of other steps lead there instead. */
  currentStep?: string;
  onGoToStep?: (step: string) => void;
}

/**
 * What needs fixing, at the top of the step (role alert, focused), each line a link to its field:
 * RJSF's own error list is off, so this is the one list, with client and server errors alike.
 */
export function ErrorSummary({ items, attempt, currentStep, onGoToStep }: ErrorSummaryProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const shown = items.length > 0;
  useEffect(() => {
    if (shown && attempt > 0) ref.current?.focus();
  }, [attempt, shown]);
  if (!shown) return null;

  const line = (item: SummaryItem) => {
    const text = item.label ? `${item.label}: ${item.message}` : item.message;
    if (item.step && item.step !== currentStep && onGoToStep) {
      return (
        <Link component="button" type="button" onClick={() => onGoToStep(item.step!)} sx={{ textAlign: 'start' }}>
          {text}
        </Link>
      );
    }
    if (!item.id) return text;
    const id = item.id;
    return (
      <Link
        href={`#${id}`}
        onClick={(event) => {
          event.preventDefault();
          focusField(id);
        }}
      >
        {text}
      </Link>
    );
  };

  return (
    <Alert
      ref={ref}
      severity="error"
      role="alert"
      tabIndex={-1}
      aria-labelledby="error-summary-title"
      sx={{ mb: 3, '&:focus': { outline: '3px solid', outlineOffset: 2 } }}
    >
      <AlertTitle id="error-summary-title" component="h2">
        {t('wizard.errors.title', { count: items.length })}
      </AlertTitle>
      {/* Links at least 24 px high with space between them (WCAG 2.2 target size). */}
      <Box
        component="ul"
        sx={{ m: 0, pl: 2.5, '& li': { py: 0.5 }, '& li > *': { display: 'inline-block', minHeight: 24 } }}
      >
        {items.map((item, index) => (
          <li key={`${item.id ?? item.step ?? ''}-${index}`}>{line(item)}</li>
        ))}
      </Box>
    </Alert>
  );
}
