import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { QuestionOption } from '../../../shared/api/studio';
import { BilingualField } from './BilingualField';
import { nameFrom } from './question-body';

interface OptionsEditorProps {
  id: string;
  options: QuestionOption[];
  onChange: (next: QuestionOption[]) => void;
}

/** Bounded as the contract bounds it (saveQuestion.body: options maxItems). */
export const OPTIONS_MAX = 100;

function move<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** A choice's options, each with its saved code and its words in both languages: add, remove, reorder. */
export function OptionsEditor({ id, options, onChange }: OptionsEditorProps) {
  const { t } = useTranslation('studio');
  // The codes of options added here and not written by hand: they follow the option's English words.
  // Never an option loaded with the question: answers already saved use its code.
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const change = (index: number, option: QuestionOption) =>
    onChange(options.map((old, i) => (i === index ? option : old)));
  const unique = (wanted: string, index: number) => {
    const taken = new Set(options.filter((_, i) => i !== index).map((o) => o.value));
    let value = wanted;
    for (let n = 2; taken.has(value); n += 1) value = `${wanted}_${n}`;
    return value;
  };
  const renamed = (from: string, to: string | null) =>
    setFresh((old) => {
      const next = new Set(old);
      next.delete(from);
      if (to !== null) next.add(to);
      return next;
    });
  const changeWords = (index: number, option: QuestionOption, label: QuestionOption['label']) => {
    const follows = fresh.has(option.value) && nameFrom(label.en) !== '';
    const value = follows ? unique(nameFrom(label.en), index) : option.value;
    if (value !== option.value) renamed(option.value, value);
    change(index, { value, label });
  };
  const add = () => {
    const value = unique(`option_${options.length + 1}`, -1);
    renamed(value, value);
    onChange([...options, { value, label: { en: '', sw: '' } }]);
  };
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
        {t('editor.options_title')}
      </Typography>
      <Stack spacing={2} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {options.map((option, index) => {
          const number = index + 1;
          const named = option.label.en || option.value;
          return (
            <Box component="li" key={index} sx={{ borderLeft: 3, borderColor: 'divider', pl: 2 }}>
              <Stack spacing={1.5} role="group" aria-label={t('editor.option_group', { number })}>
                <BilingualField
                  id={`${id}-option-${index}`}
                  what={t('editor.option_words', { number })}
                  value={option.label}
                  onChange={(label) => changeWords(index, option, label)}
                  maxLength={300}
                  required
                />
                <TextField
                  id={`${id}-option-${index}-value`}
                  label={t('editor.option_value', { number })}
                  helperText={t('editor.option_value_help')}
                  value={option.value}
                  onChange={(event) => {
                    renamed(option.value, null);
                    change(index, { ...option, value: event.target.value });
                  }}
                  slotProps={{ htmlInput: { maxLength: 64, spellCheck: false } }}
                  size="small"
                />
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  <Button
                    size="small"
                    disabled={index === 0}
                    onClick={() => onChange(move(options, index, index - 1))}
                    aria-label={t('editor.option_up', { name: named })}
                  >
                    {t('editor.move_up')}
                  </Button>
                  <Button
                    size="small"
                    disabled={index === options.length - 1}
                    onClick={() => onChange(move(options, index, index + 1))}
                    aria-label={t('editor.option_down', { name: named })}
                  >
                    {t('editor.move_down')}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => onChange(options.filter((_, i) => i !== index))}
                    aria-label={t('editor.option_remove', { name: named })}
                  >
                    {t('editor.remove')}
                  </Button>
                </Stack>
              </Stack>
            </Box>
          );
        })}
      </Stack>
      <Button sx={{ mt: 2 }} variant="outlined" onClick={add} disabled={options.length >= OPTIONS_MAX}>
        {t('editor.option_add')}
      </Button>
    </Box>
  );
}
