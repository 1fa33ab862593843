import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DocumentRule } from '../../../shared/forms';
import { APPLICATION_TYPES, type ApplicationType } from '../../../shared/wizard-driver';
import { BilingualField } from '../editor/BilingualField';
import { NumberInput } from '../editor/NumberInput';
import { ConditionRow } from './ConditionRow';
import { FILE_KINDS, firstValue, toBytes, toMb, type AnswerChoice } from './document-body';

interface DocumentEditorProps {
  rule: DocumentRule;
  answers: AnswerChoice[];
  onChange: (next: DocumentRule) => void;
}

/** One document in plain words: its name and help in both languages, the files it takes, and when it is asked for. */
export function DocumentEditor({ rule, answers, onChange }: DocumentEditorProps) {
  const { t } = useTranslation('studio');
  const id = `doc-${rule.id}`;
  const set = <K extends keyof DocumentRule>(key: K, value: DocumentRule[K]) => onChange({ ...rule, [key]: value });
  const kindWords: Record<(typeof FILE_KINDS)[number], string> = {
    'application/pdf': t('documents.kind_pdf'),
    'image/jpeg': t('documents.kind_jpeg'),
    'image/png': t('documents.kind_png'),
  };
  const toggleKind = (kind: string, on: boolean) =>
    set(
      'accept',
      on ? FILE_KINDS.filter((k) => k === kind || rule.accept.includes(k)) : rule.accept.filter((k) => k !== kind),
    );
  const types = rule.applies.types ?? [];
  const toggleType = (type: ApplicationType, on: boolean) => {
    const next = on
      ? APPLICATION_TYPES.filter((k) => k === type || types.includes(k))
      : types.filter((k) => k !== type);
    const rest = { ...rule.applies };
    delete rest.types;
    // None ticked is every type: "types" is then left out, as documents.json writes it.
    set('applies', next.length ? { ...rest, types: next } : rest);
  };
  const when = rule.applies.when ?? [];
  const setWhen = (next: typeof when) => {
    const rest = { ...rule.applies };
    delete rest.when;
    set('applies', next.length ? { ...rest, when: next } : rest);
  };
  const first = answers[0];
  return (
    <Stack spacing={2.5}>
      <BilingualField
        id={`${id}-name`}
        what={t('documents.name')}
        value={rule.name}
        onChange={(name) => set('name', name)}
        maxLength={300}
        required
      />
      <BilingualField
        id={`${id}-help`}
        what={t('documents.help')}
        value={rule.help}
        onChange={(help) => set('help', help)}
        maxLength={1000}
        multiline
        required
      />
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="subtitle1">
          {t('documents.kinds')}
        </Typography>
        {FILE_KINDS.map((kind) => (
          <FormControlLabel
            key={kind}
            control={
              <Checkbox checked={rule.accept.includes(kind)} onChange={(e) => toggleKind(kind, e.target.checked)} />
            }
            label={kindWords[kind]}
          />
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ alignItems: { sm: 'center' } }}>
        <NumberInput
          id={`${id}-mb`}
          label={t('documents.max_mb')}
          value={rule.max_bytes > 0 ? toMb(rule.max_bytes) : undefined}
          onChange={(mb) => set('max_bytes', mb === undefined ? 0 : toBytes(mb))}
        />
        <FormControlLabel
          control={<Checkbox checked={rule.required} onChange={(e) => set('required', e.target.checked)} />}
          label={t('documents.required')}
        />
        <FormControlLabel
          control={<Checkbox checked={rule.drawing_scale} onChange={(e) => set('drawing_scale', e.target.checked)} />}
          label={t('documents.drawing_scale')}
        />
      </Stack>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="subtitle1">
          {t('documents.types')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('documents.types_help')}
        </Typography>
        {APPLICATION_TYPES.map((type) => (
          <FormControlLabel
            key={type}
            control={<Checkbox checked={types.includes(type)} onChange={(e) => toggleType(type, e.target.checked)} />}
            label={t(`flows.${type}`)}
          />
        ))}
      </Box>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="subtitle1">
          {t('documents.when')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t(when.length ? 'documents.when_help' : 'documents.when_none')}
        </Typography>
        <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, my: 1 }}>
          {when.map((condition, index) => (
            <ConditionRow
              key={index}
              id={`${id}-when-${index}`}
              number={index + 1}
              condition={condition}
              answers={answers}
              onChange={(next) => setWhen(when.map((c, i) => (i === index ? next : c)))}
              onRemove={() => setWhen(when.filter((_c, i) => i !== index))}
            />
          ))}
        </Stack>
        <Button
          variant="outlined"
          disabled={!first}
          onClick={() => first && setWhen([...when, { answer: first.answer, equals: firstValue(first) }])}
        >
          {t('documents.condition_add')}
        </Button>
      </Box>
    </Stack>
  );
}
