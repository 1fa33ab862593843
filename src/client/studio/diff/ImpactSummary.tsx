import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ChangeImpact } from '../../../shared/api/studio';
import { inLanguage } from '../form-texts';
import { useLanguage } from '../use-language';

/** Who the change touches: the drafts in flight, those asked something new, and what they will be asked. */
export function ImpactSummary({ impact }: { impact: ChangeImpact }) {
  const { t } = useTranslation('studio');
  const language = useLanguage();
  return (
    <Box component="section" aria-labelledby="impact-heading" sx={{ mb: 3 }}>
      <Typography id="impact-heading" component="h2" variant="h5" sx={{ mb: 1 }}>
        {t('impact.title')}
      </Typography>
      <Typography>
        {t('impact.in_flight', { count: impact.drafts_in_flight })}{' '}
        {t('impact.touched', { count: impact.drafts_touched })}
      </Typography>
      {impact.drafts_checked < impact.drafts_in_flight && (
        <Typography>{t('impact.checked', { count: impact.drafts_checked })}</Typography>
      )}
      {impact.questions.length > 0 && (
        <>
          <Typography sx={{ mt: 1 }}>{t('impact.asked')}</Typography>
          <ul style={{ marginTop: 0 }}>
            {impact.questions.map((question) => (
              <li key={`${question.step}.${question.field ?? ''}`}>
                {t('impact.question', {
                  label: inLanguage(question.label, language, question.field ?? question.step),
                  count: question.drafts,
                })}
              </li>
            ))}
          </ul>
        </>
      )}
    </Box>
  );
}
