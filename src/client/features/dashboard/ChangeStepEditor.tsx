import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ApiFailure } from '../../app/api';
import { isLanguage } from '../../app/i18n';
import type { FieldError } from '../../../shared/envelope';
import { useSplash } from '../splash/splash-api';
import { FormsLoadState } from '../wizard/FormsLoadState';
import { useForms } from '../wizard/forms-query';
import { StepPanel } from '../wizard/StepPanel';
import { translateStep } from '../wizard/translate-schema';
import { WIZARD_NAMESPACES } from '../wizard/wizard-i18n';
import { useSaveChangeStepMutation } from './dashboard-api';

/**
 * One asked step answered again with the wizard's own generated form (the RJSF schema and UI schema
 * of the forms, translated, the step's precompiled validator): loaded only when the applicant opens
 * it (a chunk of its own, never on the wizard's first step). The server validates the answers again
 * under the application's own forms version.
 */
export default function ChangeStepEditor({
  step,
  initial,
  onClose,
}: {
  step: string;
  initial: Record<string, unknown>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(WIZARD_NAMESPACES);
  const { t: text } = useTranslation();
  const forms = useForms();
  const splash = useSplash();
  const [save] = useSaveChangeStepMutation();
  const lng = isLanguage(i18n.language) ? i18n.language : 'en';

  const translated = useMemo(() => {
    const form = forms.data?.steps[step];
    if (!form) return undefined;
    return translateStep(form, {
      t: (key: string) => t(`forms:${key}`),
      referenceLabel: (list: string, id: unknown) =>
        (splash[list as keyof typeof splash] as { id: number; name?: Record<string, string> }[] | undefined)?.find(
          (item) => item.id === id,
        )?.name?.[lng],
    });
  }, [forms.data, step, splash, lng, t]);

  if (!forms.data) return <FormsLoadState failed={forms.isError} onRetry={() => void forms.refetch()} />;
  if (!translated) return null;
  return (
    <Box component="section" aria-labelledby="change-step-title" sx={{ mb: 4 }}>
      <Typography component="h2" variant="h2" id="change-step-title" gutterBottom>
        {text('dashboard.changes.editing', { step: translated.title })}
      </Typography>
      <StepPanel
        step={step}
        schema={forms.data.steps[step]!.schema}
        formsVersion={forms.data.version}
        translated={translated}
        onReload={() => void forms.refetch()}
        formProps={{
          initial,
          initialErrors: [],
          focusHeading: true,
          onSave: async (answers) => {
            try {
              await save({ step, data: answers }).unwrap();
              onClose();
              return { ok: true };
            } catch (caught) {
              const failure = caught as ApiFailure;
              const errors = (failure.data as { errors?: FieldError[] } | undefined)?.errors ?? [];
              return { ok: false, errors, message: failure.message || text('errors.network') };
            }
          },
          onEdit: () => undefined,
          onGoToStep: () => undefined,
          stepTitleOf: () => translated.title,
        }}
      />
      <Button onClick={onClose} sx={{ mt: 2 }}>
        {text('dashboard.changes.cancel')}
      </Button>
    </Box>
  );
}
