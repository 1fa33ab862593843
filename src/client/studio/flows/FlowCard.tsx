import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { STUDIO_PAGE, type StudioProblem } from '../../../shared/api/studio';
import type { FormsSet } from '../../../shared/forms';
import { ProblemList } from '../editor/ProblemList';
import { stepTitle } from '../form-texts';
import { useLanguage } from '../use-language';
import { addStep, moveStep, removeStep, stepsToAdd, type Flows } from './flow-moves';

export interface FlowCardProps {
  type: string;
  flows: Flows;
  set: FormsSet;
  /** Every step of the draft, in its order: those the flow does not ask can be added. */
  stepIds: string[];
  problems: StudioProblem[];
  onChange: (flows: Flows) => void;
}

/** One application type's steps, in the applicant's order: moved, removed, added. */
export function FlowCard({ type, flows, set, stepIds, problems, onChange }: FlowCardProps) {
  const { t } = useTranslation('studio');
  const language = useLanguage();
  const headingId = useId();
  const steps = flows[type] ?? [];
  const flow = t(`flows.${type}`, { defaultValue: type });
  const addable = stepsToAdd(flows, type, stepIds);
  const [chosen, setChosen] = useState('');
  const toAdd = addable.includes(chosen) ? chosen : (addable[0] ?? '');
  const title = (step: string) => stepTitle(set, language, step);
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ mb: 1 }}>
        {flow}
      </Typography>
      <ProblemList problems={problems} id={`flow-${type}-problems`} />
      {steps.length === 0 ? (
        <Typography sx={{ my: 1 }}>{t('flow_editor.empty')}</Typography>
      ) : (
        <Box component="ol" sx={{ pl: 0, listStyle: 'none', my: 1 }}>
          {steps.map((step, index) => {
            const name = title(step);
            return (
              <Box
                component="li"
                key={step}
                sx={{ py: 1, borderBottom: 1, borderColor: 'divider', display: 'flex', flexWrap: 'wrap', gap: 1 }}
              >
                <Link
                  component={RouterLink}
                  to={`${STUDIO_PAGE}/step/${step}`}
                  sx={{ flex: '1 1 12rem', display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
                >
                  {t('flow_editor.step', { number: index + 1, title: name })}
                </Link>
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  <Button
                    variant="outlined"
                    disabled={index === 0}
                    onClick={() => onChange(moveStep(flows, type, index, index - 1))}
                    aria-label={t('flow_editor.up', { title: name, flow })}
                  >
                    {t('editor.move_up')}
                  </Button>
                  <Button
                    variant="outlined"
                    disabled={index === steps.length - 1}
                    onClick={() => onChange(moveStep(flows, type, index, index + 1))}
                    aria-label={t('flow_editor.down', { title: name, flow })}
                  >
                    {t('editor.move_down')}
                  </Button>
                  <Button
                    color="error"
                    onClick={() => onChange(removeStep(flows, type, step))}
                    aria-label={t('flow_editor.remove', { title: name, flow })}
                  >
                    {t('editor.remove')}
                  </Button>
                </Stack>
              </Box>
            );
          })}
        </Box>
      )}
      {addable.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('flow_editor.none_to_add')}
        </Typography>
      ) : (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 1 }}>
          <TextField
            select
            label={t('flow_editor.add_label', { flow })}
            value={toAdd}
            onChange={(event) => setChosen(event.target.value)}
            slotProps={{ select: { native: true } }}
            sx={{ flex: '1 1 12rem', maxWidth: '100%' }}
          >
            {addable.map((step) => (
              <option key={step} value={step}>
                {title(step)}
              </option>
            ))}
          </TextField>
          <Button
            variant="contained"
            onClick={() => onChange(addStep(flows, type, toAdd))}
            aria-label={t('flow_editor.add_button_to', { flow })}
          >
            {t('flow_editor.add_button')}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
