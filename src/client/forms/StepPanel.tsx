import { useEffect, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import type { JsonSchema } from '../../shared/forms';
import { FailedAlert } from './FormsLoadState';
import { StepForm, type StepFormProps } from './StepForm';
import type { TranslatedStep } from './translate-schema';
import { useStepValidator } from './validator-source';

export interface StepPanelProps {
  step: string;
  schema: JsonSchema;
  formsVersion: string;
  translated: TranslatedStep;
  /** Reads the forms again: a validator that does not fit means they changed on the server. */
  onReload: () => void;
  /** Told once, a moment after the step has shown (the wizard then makes the steps around it ready). */
  onShown?: () => void;
  formProps: Omit<StepFormProps, 'step' | 'translated' | 'validator'>;
}

/** How long after a step has shown `onShown` is told: the phone has painted it and is idle. */
const SHOWN_AFTER_MS = 500;

/** A step once its validator is loaded (a same-origin module per step, no eval). */
export function StepPanel({ step, schema, formsVersion, translated, onReload, onShown, formProps }: StepPanelProps) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const { validator, failed } = useStepValidator(step, schema, formsVersion, attempt);
  const shown = useRef(onShown);
  useEffect(() => {
    shown.current = onShown;
  });
  const ready = validator !== undefined;
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => shown.current?.(), SHOWN_AFTER_MS);
    return () => clearTimeout(timer);
  }, [ready]);
  if (failed) {
    return (
      <FailedAlert
        action={
          <Button
            color="inherit"
            onClick={() => {
              onReload();
              setAttempt((n) => n + 1);
            }}
          >
            {t('wizard.validator_failed.retry')}
          </Button>
        }
      >
        {t('wizard.validator_failed.body')}
      </FailedAlert>
    );
  }
  if (!validator) return <CircularProgress aria-label={t('wizard.loading')} />;
  return <StepForm step={step} translated={translated} validator={validator} {...formProps} />;
}
