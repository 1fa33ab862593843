import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { QuestionSpec } from '../../../shared/api/studio';
import { BilingualField } from './BilingualField';
import { FORMAT_CHOICES, FORMAT_PRESETS, presetOf, type FormatChoice } from './format-presets';

interface FormatEditorProps {
  id: string;
  format: QuestionSpec['format'];
  onChange: (next: QuestionSpec['format']) => void;
}

/** A text answer's format: picked by name (or a pattern by hand), with its description in both languages. */
export function FormatEditor({ id, format, onChange }: FormatEditorProps) {
  const { t } = useTranslation('studio');
  const choice = presetOf(format?.pattern);
  const choose = (next: FormatChoice) => {
    if (next === 'none') return onChange(undefined);
    if (next === 'custom')
      return onChange({ pattern: format?.pattern ?? '', description: format?.description ?? { en: '', sw: '' } });
    const preset = FORMAT_PRESETS[next];
    onChange({ pattern: preset.pattern, description: { ...preset.description } });
  };
  return (
    <Stack spacing={2}>
      <TextField
        id={`${id}-format`}
        select
        label={t('editor.format_label')}
        value={choice}
        onChange={(event) => choose(event.target.value as FormatChoice)}
        slotProps={{ select: { native: true } }}
      >
        {FORMAT_CHOICES.map((name) => (
          <option key={name} value={name}>
            {t(`editor.format.${name}`)}
          </option>
        ))}
      </TextField>
      {format && choice === 'custom' && (
        <TextField
          id={`${id}-pattern`}
          label={t('editor.pattern_label')}
          helperText={t('editor.pattern_help')}
          value={format.pattern}
          onChange={(event) => onChange({ ...format, pattern: event.target.value })}
          slotProps={{ htmlInput: { maxLength: 300, spellCheck: false, dir: 'ltr' } }}
        />
      )}
      {format && (
        <BilingualField
          id={`${id}-format-description`}
          what={t('editor.format_description')}
          value={format.description}
          onChange={(description) => onChange({ ...format, description })}
          maxLength={300}
          required
        />
      )}
    </Stack>
  );
}
