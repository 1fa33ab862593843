import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import type { JsonSchema } from '../../../shared/forms';
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
  formProps: Omit<StepFormProps, 'step' | 'translated' | 'validator'>;
}

/** A step once its validator is loaded (a same-origin module per step, no eval). */
export function StepPanel({ step, schema, formsVersion, translated, onReload, formProps }: StepPanelProps) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const { validator, failed } = useStepValidator(step, schema, formsVersion, attempt);
  if (failed) {
    return (
      <Alert
        severity="error"
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
      </Alert>
    );
  }
  if (!validator) return <CircularProgress aria-label={t('wizard.loading')} />;
  return <StepForm step={step} translated={translated} validator={validator} {...formProps} />;
}
