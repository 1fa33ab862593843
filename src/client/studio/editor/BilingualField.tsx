import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { LocalizedText } from '../../../shared/reference-data';
import { LANGUAGES } from '../../../shared/reference-data';

interface BilingualFieldProps {
  /** The field's id prefix: `<id>-en`, `<id>-sw`. */
  id: string;
  /** What is written, in words ("Question", "Help"): each box is labelled "<what> in English" and "… in Swahili". */
  what: string;
  value: LocalizedText;
  onChange: (next: LocalizedText) => void;
  multiline?: boolean;
  maxLength: number;
  /** A box left empty is said at once (a text missing in one language blocks publish). */
  required?: boolean;
}

/** A text in English and Swahili side by side (one under the other at phone width). */
export function BilingualField({ id, what, value, onChange, multiline, maxLength, required }: BilingualFieldProps) {
  const { t } = useTranslation('studio');
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ width: '100%' }}>
      {LANGUAGES.map((language) => {
        const missing = required === true && value[language].trim() === '';
        return (
          <TextField
            key={language}
            id={`${id}-${language}`}
            label={t('editor.in_language', { what, language: t(`editor.language.${language}`) })}
            value={value[language]}
            onChange={(event) => onChange({ ...value, [language]: event.target.value })}
            multiline={multiline}
            minRows={multiline ? 2 : undefined}
            fullWidth
            error={missing}
            helperText={missing ? t('editor.text_missing') : undefined}
            slotProps={{ htmlInput: { maxLength, lang: language } }}
          />
        );
      })}
    </Stack>
  );
}
