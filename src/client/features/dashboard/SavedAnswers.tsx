import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../app/i18n';
import { EmptyState } from '../../components/EmptyState';
import { useSplash } from '../../app/splash-api';
import { answerTexts } from '../../forms/answer-texts';
import { answerRows, type AnswerRow } from '../../forms/answers-format';
import { FormsLoadState } from '../../forms/FormsLoadState';
import { useForms } from '../../forms/forms-query';
import { splashLabels, translateStep } from '../../forms/translate-schema';
import { WIZARD_NAMESPACES } from '../../forms/wizard-i18n';
import { Details } from '../../components/Details';
import { moduleOf } from '../../../shared/step-modules';

/**
 * The answers of a step module (src/shared/step-modules.ts) shown elsewhere or not the applicant's to
 * read (proofs, attachment ids).
 */
const HIDDEN: Record<string, string[]> = { documents: ['documents', 'scales'], engineer: ['validation_token'] };

/** Answers of a step the served forms do not know (any more): their own names, as plain text. */
function plainRows(answers: Record<string, unknown>): AnswerRow[] {
  return Object.entries(answers)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([name, value]) => ({
      label: name.replace(/_/g, ' '),
      value: typeof value === 'object' ? JSON.stringify(value) : String(value),
    }));
}

/**
 * Saved answers, step by step, the way the wizard's review shows them: the forms' titles and option
 * labels in the chosen language (the served forms, and the forms texts, which load with this page).
 */
export function SavedAnswers({
  steps,
  answers,
  headingLevel,
}: {
  steps: string[];
  answers: Record<string, Record<string, unknown>>;
  headingLevel: 'h2' | 'h3';
}) {
  const { t, i18n } = useTranslation(WIZARD_NAMESPACES);
  const forms = useForms();
  const splash = useSplash();
  const lng = isLanguage(i18n.language) ? i18n.language : 'en';

  const sections = useMemo(() => {
    if (!forms.data) return [];
    const options = {
      t: (key: string) => t(`forms:${key}`),
      referenceLabel: splashLabels(splash, lng),
    };
    const texts = answerTexts(t, lng);
    return steps.map((step) => {
      const form = forms.data!.steps[step];
      const given = answers[step] ?? {};
      if (!form) return { step, title: step.replace(/_/g, ' '), rows: plainRows(given) };
      const translated = translateStep(form, options);
      const module = moduleOf(form) ?? '';
      for (const name of Object.hasOwn(HIDDEN, module) ? HIDDEN[module]! : [])
        translated.uiSchema[name] = { 'ui:widget': 'hidden' };
      return { step, title: translated.title, rows: answerRows(translated.schema, translated.uiSchema, given, texts) };
    });
  }, [forms.data, steps, answers, splash, lng, t]);

  if (!forms.data) return <FormsLoadState failed={forms.isError} onRetry={() => void forms.refetch()} />;
  if (sections.every((s) => s.rows.length === 0)) return <EmptyState />;
  return (
    <>
      {sections
        .filter((s) => s.rows.length > 0)
        .map((s) => (
          <Box component="section" key={s.step} aria-labelledby={`answers-${s.step}`} sx={{ mb: 4 }}>
            <Typography
              component={headingLevel}
              variant={headingLevel === 'h2' ? 'h2' : 'h3'}
              id={`answers-${s.step}`}
              gutterBottom
            >
              {s.title}
            </Typography>
            <Details rows={s.rows} />
          </Box>
        ))}
    </>
  );
}
