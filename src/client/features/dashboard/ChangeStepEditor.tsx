import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ApiFailure } from '../../app/api';
import { isLanguage } from '../../app/i18n';
import type { AskedForms } from '../../../shared/api/change-requests';
import type { FieldError } from '../../../shared/envelope';
import { useSplash } from '../../app/splash-api';
import { StepPanel } from '../../forms/StepPanel';
import { splashLabels, translateStep } from '../../forms/translate-schema';
import { WIZARD_NAMESPACES } from '../../forms/wizard-i18n';
import { useGetChangeRequestsQuery, useSaveChangeStepMutation } from './dashboard-api';

/**
 * One asked step answered again with the wizard's own generated form (the RJSF schema and UI schema,
 * translated, the step's precompiled validator): loaded only when the applicant opens it (a chunk of
 * its own, never on the wizard's first step). The step is the application's own forms version's
 * (`forms`, from get_change_requests), as is its validator: the editor checks what the server checks,
 * even after a newer version is published for new applications.
 */
export default function ChangeStepEditor({
  step,
  forms,
  initial,
  onClose,
}: {
  step: string;
  forms: AskedForms;
  initial: Record<string, unknown>;
  onClose: () => void;
}) {
  const { i18n } = useTranslation(WIZARD_NAMESPACES);
  const { t: text } = useTranslation();
  const splash = useSplash();
  const [save] = useSaveChangeStepMutation();
  // A validator that does not fit the step (the reference lists changed meanwhile): the step again.
  const { refetch } = useGetChangeRequestsQuery();
  const lng = isLanguage(i18n.language) ? i18n.language : 'en';

  const form = Object.hasOwn(forms.steps, step) ? forms.steps[step] : undefined;
  const translated = useMemo(() => {
    if (!form) return undefined;
    const texts = forms.texts[lng] ?? {};
    return translateStep(form, {
      t: (key: string) => (Object.hasOwn(texts, key) ? texts[key]! : key),
      referenceLabel: splashLabels(splash, lng),
    });
  }, [form, forms.texts, splash, lng]);

  if (!form || !translated) return null;
  return (
    <Box component="section" aria-labelledby="change-step-title" sx={{ mb: 4 }}>
      <Typography component="h2" variant="h2" id="change-step-title" gutterBottom>
        {text('dashboard.changes.editing', { step: translated.title })}
      </Typography>
      <StepPanel
        step={step}
        schema={form.schema}
        formsVersion={forms.version}
        translated={translated}
        onReload={() => void refetch()}
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
