import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ANSWER_TYPES, type AnswerType, type QuestionSpec } from '../../../shared/api/studio';
import { REFERENCE_LISTS } from '../../../shared/reference-lists';
import { BilingualField } from './BilingualField';
import { FormatEditor } from './FormatEditor';
import { NumberInput } from './NumberInput';
import { OptionsEditor } from './OptionsEditor';
import { hasSetting } from './question-body';
import { ShowWhenEditor } from './ShowWhenEditor';

interface QuestionEditorProps {
  spec: QuestionSpec;
  onChange: (next: QuestionSpec) => void;
  /** The questions before this one in the step, for "show only when". */
  earlier: QuestionSpec[];
}

/**
 * One question in a non-programmer's words: what is asked and its help in both languages, the kind of
 * answer, whether it is required, and the settings of that kind (format, limits, options, list); the
 * step's JSON Schema and UI schema are generated from it (src/shared/studio).
 */
export function QuestionEditor({ spec, onChange, earlier }: QuestionEditorProps) {
  const { t } = useTranslation('studio');
  const id = `q-${spec.name}`;
  const set = <K extends keyof QuestionSpec>(key: K, value: QuestionSpec[K]) => onChange({ ...spec, [key]: value });
  const changeType = (type: AnswerType) => {
    const next: QuestionSpec = { ...spec, type };
    if (type === 'choice' && !next.options?.length) next.options = [];
    if (type === 'reference_list' && !next.reference_list) next.reference_list = REFERENCE_LISTS[0];
    onChange(next);
  };
  const whole = spec.type === 'whole_number';
  return (
    <Stack spacing={2.5}>
      <BilingualField
        id={`${id}-label`}
        what={t('editor.label')}
        value={spec.label}
        onChange={(label) => set('label', label)}
        maxLength={300}
        required
      />
      <BilingualField
        id={`${id}-help`}
        what={t('editor.help')}
        value={spec.help}
        onChange={(help) => set('help', help)}
        maxLength={1000}
        multiline
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          id={`${id}-type`}
          select
          label={t('editor.type_label')}
          value={spec.type}
          onChange={(event) => changeType(event.target.value as AnswerType)}
          slotProps={{ select: { native: true } }}
          sx={{ minWidth: 220 }}
        >
          {ANSWER_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`editor.type.${type}`)}
            </option>
          ))}
        </TextField>
        <FormControlLabel
          control={<Checkbox checked={spec.required} onChange={(event) => set('required', event.target.checked)} />}
          label={t('editor.required')}
        />
      </Stack>
      {hasSetting(spec.type, 'format') && (
        <FormatEditor id={id} format={spec.format} onChange={(format) => set('format', format)} />
      )}
      {hasSetting(spec.type, 'min_length') && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
          <NumberInput
            id={`${id}-min-length`}
            label={t('editor.min_length')}
            value={spec.min_length}
            onChange={(n) => set('min_length', n)}
            integer
          />
          <NumberInput
            id={`${id}-max-length`}
            label={t('editor.max_length')}
            value={spec.max_length}
            onChange={(n) => set('max_length', n)}
            integer
          />
        </Stack>
      )}
      {hasSetting(spec.type, 'minimum') && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
          <NumberInput
            id={`${id}-minimum`}
            label={t('editor.minimum')}
            value={spec.minimum}
            onChange={(n) => set('minimum', n)}
            integer={whole}
          />
          <NumberInput
            id={`${id}-maximum`}
            label={t('editor.maximum')}
            value={spec.maximum}
            onChange={(n) => set('maximum', n)}
            integer={whole}
          />
        </Stack>
      )}
      {spec.type === 'choice' && (
        <OptionsEditor id={id} options={spec.options ?? []} onChange={(options) => set('options', options)} />
      )}
      {spec.type === 'reference_list' && (
        <TextField
          id={`${id}-list`}
          select
          label={t('editor.reference_list_label')}
          value={spec.reference_list ?? ''}
          onChange={(event) => set('reference_list', event.target.value)}
          slotProps={{ select: { native: true } }}
        >
          {REFERENCE_LISTS.map((list) => (
            <option key={list} value={list}>
              {t(`editor.reference_list.${list}`)}
            </option>
          ))}
        </TextField>
      )}
      <ShowWhenEditor id={id} value={spec.show_when} earlier={earlier} onChange={(when) => set('show_when', when)} />
    </Stack>
  );
}
