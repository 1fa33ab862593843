import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { STUDIO_PAGE, type StudioProblem } from '../../../shared/api/studio';
import type { FormsSet } from '../../../shared/forms';
import { stepTitle } from '../form-texts';
import { useLanguage } from '../use-language';

/** Each application type with its steps in the order the applicant meets them, each a link to its editor. */
export function FlowList({ set, problems }: { set: FormsSet; problems: StudioProblem[] }) {
  const { t } = useTranslation('studio');
  const language = useLanguage();
  const count = (step: string) => problems.filter((p) => p.step === step).length;
  return (
    <Box component="section" aria-labelledby="flows-heading" sx={{ mb: 3 }}>
      <Typography id="flows-heading" component="h2" variant="h5" sx={{ mb: 1 }}>
        {t('overview.flows')}
      </Typography>
      {Object.entries(set.flows).map(([flow, steps]) => (
        <Box key={flow} sx={{ mb: 2 }}>
          <Typography component="h3" variant="h6">
            {t(`flows.${flow}`, { defaultValue: flow })}
          </Typography>
          <ol style={{ marginTop: 0 }}>
            {steps.map((step) => {
              const problemCount = count(step);
              return (
                <li key={step}>
                  {/* A target a finger hits (WCAG 2.2 target size): the list's links are close to each other. */}
                  <Link
                    component={RouterLink}
                    to={`${STUDIO_PAGE}/step/${step}`}
                    sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
                  >
                    {stepTitle(set, language, step)}
                  </Link>
                  {problemCount > 0 && (
                    <Typography component="span" color="error" sx={{ ml: 1 }}>
                      {t('overview.step_problems', { count: problemCount })}
                    </Typography>
                  )}
                </li>
              );
            })}
          </ol>
        </Box>
      ))}
      <Link component={RouterLink} to={`${STUDIO_PAGE}/flows`}>
        {t('overview.edit_flows')}
      </Link>
    </Box>
  );
}
