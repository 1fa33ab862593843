import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../../shared/envelope';
import { Details } from '../../components/Details';
import { visuallyHidden } from '../../components/visually-hidden';
import { answerTexts } from '../../forms/answer-texts';
import { answerRows } from '../../forms/answers-format';
import { moduleReviewRows, type ModuleRowsSource } from './step-modules/review-rows';
import { DeclarationCheck } from './DeclarationCheck';
import { useDeclaration } from './use-declaration';
import { ErrorSummary } from '../../forms/ErrorSummary';
import { serverSummary, type SummaryItem } from '../../forms/field-paths';
import type { SaveOutcome } from '../../forms/StepForm';
import type { TranslatedStep } from '../../forms/translate-schema';
import type { StepAnswers } from './wizard-slice';

// Its own chunk: the estimate's table and texts load with the review, never with the first step.
const ReviewFeeEstimate = lazy(() => import('./ReviewFeeEstimate'));

export interface ReviewStepProps {
  steps: readonly string[];
  translate: (step: string) => TranslatedStep;
  answers: Record<string, StepAnswers>;
  /** What the step modules add to their answers (the engineer's name, the documents' files): see review-rows.ts. */
  modules?: ModuleRowsSource;
  focusHeading: boolean;
  onChangeStep: (step: string) => void;
  onPrevious: () => void;
  /** Submit with the applicant's declaration (true: ticked). */
  onSubmit: (declaration: boolean) => Promise<SaveOutcome>;
  onErrors: (errors: FieldError[]) => void;
}

/** Every answer before Submit, a Change link per step; a failed Submit lists what to fix, by step. */
export function ReviewStep(props: ReviewStepProps) {
  const { steps, translate, answers } = props;
  const { t, i18n } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ attempt: number; items: SummaryItem[] }>({ attempt: 0, items: [] });
  const texts = answerTexts(t, i18n.language);
  useEffect(() => {
    if (props.focusHeading) heading.current?.focus();
  }, [props.focusHeading]);

  const declaration = useDeclaration();

  const submit = async () => {
    if (!declaration.ready()) return;
    setBusy(true);
    const outcome = await props.onSubmit(declaration.checked);
    setBusy(false);
    if (outcome.ok) return;
    if (declaration.refused(outcome.errors)) return;
    props.onErrors(outcome.errors);
    const items =
      outcome.errors.length > 0
        ? serverSummary(
            outcome.errors,
            (step) => translate(step),
            texts.rows,
            (step) => translate(step).title,
            (step) => answers[step],
          )
        : [{ message: outcome.message }];
    setFailure((f) => ({ attempt: f.attempt + 1, items }));
  };

  return (
    <section aria-labelledby="step-title">
      <Typography ref={heading} id="step-title" component="h2" variant="h2" tabIndex={-1} gutterBottom>
        {t('wizard.review.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('wizard.review.intro')}</Typography>
      <ErrorSummary items={failure.items} attempt={failure.attempt} onGoToStep={props.onChangeStep} />
      {steps.map((step) => {
        const translated = translate(step);
        const rows = [
          ...answerRows(translated.schema, translated.uiSchema, answers[step], texts),
          ...(props.modules
            ? moduleReviewRows(props.modules.moduleOf(step), answers[step], {
                ...props.modules,
                t,
                lng: i18n.language,
                uiSchema: () => translated.uiSchema,
              })
            : []),
        ];
        return (
          <Box key={step} sx={{ mb: 3, pb: 2, borderBottom: 1, borderColor: 'divider' }}>
            <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
              <Typography component="h3" variant="h6">
                {translated.title}
              </Typography>
              {/* Never squeezed by a long title into "Badilish-a" on a phone. */}
              <Link component="button" type="button" onClick={() => props.onChangeStep(step)} sx={{ flexShrink: 0 }}>
                {t('wizard.review.change')}
                <Box component="span" sx={visuallyHidden}>
                  {` ${translated.title}`}
                </Box>
              </Link>
            </Stack>
            {rows.length === 0 ? (
              <Typography color="text.secondary">{t('wizard.review.no_answers')}</Typography>
            ) : (
              <Details rows={rows} />
            )}
          </Box>
        );
      })}
      <Suspense fallback={null}>
        <ReviewFeeEstimate />
      </Suspense>
      <DeclarationCheck {...declaration.props} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 3 }}>
        <Button variant="outlined" onClick={props.onPrevious} disabled={busy}>
          {t('wizard.buttons.previous')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy}>
          {t('wizard.buttons.submit')}
        </Button>
      </Stack>
    </section>
  );
}
