import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { canVisit, isReadyToSubmit, progress, type Answers } from '../../../shared/wizard-driver';
import { visuallyHidden } from '../../components/visually-hidden';
import { REVIEW } from './wizard-slice';

export interface WizardProgressProps {
  steps: readonly string[];
  current: string;
  /** Answers of the saved steps only: what the driver counts as complete. */
  saved: Answers;
  titleOf: (step: string) => string;
  onGoTo: (step: string) => void;
}

/** Where the applicant is: "Step 2 of 4", steps saved, and (on wider screens) a stepper of titles. */
export function WizardProgress({ steps, current, saved, titleOf, onGoTo }: WizardProgressProps) {
  const { t } = useTranslation();
  const done = progress(steps, saved);
  const all = [...steps, REVIEW];
  const index = all.indexOf(current);
  const reachable = (step: string) =>
    step !== current && (step === REVIEW ? isReadyToSubmit(steps, saved) : canVisit(steps, saved, step));
  const where =
    current === REVIEW
      ? t('wizard.progress.review')
      : t('wizard.progress.step', { step: index + 1, total: steps.length, title: titleOf(current) });

  return (
    <Box sx={{ mb: 3 }}>
      <Typography id="wizard-where" sx={{ fontWeight: 600 }}>
        {where}
      </Typography>
      <Typography id="wizard-saved" variant="body2" sx={{ mb: 1 }}>
        {t('wizard.progress.saved', { done: done.done, total: done.total })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={done.percent}
        aria-labelledby="wizard-saved"
        sx={{ height: 8, borderRadius: 1 }}
      />
      <Stepper
        activeStep={index}
        alternativeLabel
        nonLinear
        aria-label={t('wizard.progress.steps')}
        sx={{ mt: 3, display: { xs: 'none', md: 'flex' } }}
      >
        {all.map((step, i) => {
          const title = step === REVIEW ? t('wizard.review.title') : titleOf(step);
          const completed = step !== REVIEW && step in saved;
          // In words, "Step 3: Construction": the circle's number (or tick) is a picture a screen reader skips.
          const name = t('wizard.progress.step_name', { step: i + 1, title });
          return (
            <Step key={step} completed={completed}>
              {reachable(step) ? (
                <StepButton onClick={() => onGoTo(step)} aria-label={name}>
                  {title}
                </StepButton>
              ) : (
                <StepLabel>
                  <Box component="span" sx={visuallyHidden}>
                    {name}
                  </Box>
                  <span aria-hidden="true">{title}</span>
                </StepLabel>
              )}
            </Step>
          );
        })}
      </Stepper>
    </Box>
  );
}
