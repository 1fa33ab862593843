import { useState } from 'react';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { LocalizedText } from '../../../shared/reference-data';
import { useSaveStepMutation } from '../studio-api';
import { BilingualField } from './BilingualField';
import { ConflictNotice } from './ConflictNotice';
import { stepItem } from './question-body';
import { SaveStatus } from './SaveStatus';
import { sendResult } from './save-result';
import { useAutoSave, type Send } from './use-auto-save';

interface Texts {
  title: LocalizedText;
  description: LocalizedText;
}

interface StepTextsProps {
  step: string;
  texts: Texts;
  /** The step item's revision in the draft. */
  revision: number;
  onStale: () => void;
}

/**
 * The step's title and description in both languages, saved as the editor types (save_step with the
 * texts only: the server counts a conflict only with a newer change of these texts, not of the questions).
 */
export function StepTexts({ step, texts, revision, onStale }: StepTextsProps) {
  const { t } = useTranslation('studio');
  const [value, setValue] = useState(texts);
  const [saveStep] = useSaveStepMutation();
  const send: Send<Texts> = async (next, base) =>
    sendResult(await saveStep({ step, base, title: next.title, description: next.description }), stepItem(step));
  const save = useAutoSave(revision, send);
  const [seen, setSeen] = useState(revision);
  if (revision !== seen) {
    setSeen(revision);
    if (save.syncTo(revision)) setValue(texts);
  }
  const change = (next: Texts) => {
    setValue(next);
    save.edit(next);
  };
  return (
    <Stack spacing={2}>
      {save.conflict && (
        <ConflictNotice
          conflict={save.conflict}
          onTheirs={() => {
            save.takeTheirs();
            setValue(texts);
            onStale();
          }}
          onMine={save.keepMine}
        />
      )}
      <BilingualField
        id={`step-${step}-title`}
        what={t('editor.step_title')}
        value={value.title}
        onChange={(title) => change({ ...value, title })}
        maxLength={300}
        required
      />
      <BilingualField
        id={`step-${step}-description`}
        what={t('editor.step_description')}
        value={value.description}
        onChange={(description) => change({ ...value, description })}
        maxLength={2000}
        multiline
      />
      <SaveStatus state={save.state} failure={save.failure?.message} />
    </Stack>
  );
}
