import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ANSWER_TYPES, type AnswerType, type StudioDraft } from '../../../shared/api/studio';
import { useSaveQuestionMutation } from '../studio-api';
import { nameFrom, nameProblem, newQuestion, questionItem, saveQuestionRequest } from './question-body';
import { sendResult } from './save-result';

interface AddQuestionProps {
  step: string;
  draft: StudioDraft;
  /** Every field of the step (questions and advanced ones): a new name must be none of them. */
  taken: string[];
  /** Told the new question's name once it is in the draft. */
  onAdded: (name: string) => void;
}

/**
 * A new question at the end of the step: what it asks in English and in Swahili (its code name follows the English words
 * until the editor writes one) and its kind of answer. The rest is written in its editor once added.
 */
export function AddQuestion({ step, draft, taken, onAdded }: AddQuestionProps) {
  const { t } = useTranslation('studio');
  const [words, setWords] = useState('');
  const [wordsSw, setWordsSw] = useState('');
  const [name, setName] = useState('');
  const [named, setNamed] = useState(false);
  const [type, setType] = useState<AnswerType>('text');
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState('');
  const [saveQuestion, { isLoading }] = useSaveQuestionMutation();
  const problem = nameProblem(name, taken);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setFailure('');
    if (problem || !words.trim() || !wordsSw.trim()) return;
    const spec = newQuestion(name, type);
    // Asked in both languages from the start: applicants read each, and the server refuses a label missing in one.
    spec.label = { en: words.trim(), sw: wordsSw.trim() };
    const item = questionItem(step, name);
    const result = sendResult(
      await saveQuestion(saveQuestionRequest(step, name, draft.revisions[item] ?? 0, spec, undefined, true)),
      item,
    );
    if (result.ok) {
      onAdded(name);
      setWords('');
      setWordsSw('');
      setName('');
      setNamed(false);
      setTried(false);
    } else setFailure('conflict' in result ? t('editor.add.taken_meanwhile', { name }) : result.message);
  };

  return (
    <Box component="form" onSubmit={(event) => void add(event)} noValidate aria-labelledby="add-question-heading">
      <Typography id="add-question-heading" component="h3" variant="h6" gutterBottom>
        {t('editor.add.heading')}
      </Typography>
      <Stack spacing={2}>
        <TextField
          id="add-question-words"
          label={t('editor.add.words')}
          value={words}
          onChange={(event) => {
            setWords(event.target.value);
            if (!named) setName(nameFrom(event.target.value));
          }}
          error={tried && !words.trim()}
          helperText={tried && !words.trim() ? t('editor.add.words_missing') : undefined}
          slotProps={{ htmlInput: { maxLength: 300, lang: 'en' } }}
        />
        <TextField
          id="add-question-words-sw"
          label={t('editor.add.words_sw')}
          value={wordsSw}
          onChange={(event) => setWordsSw(event.target.value)}
          error={tried && !wordsSw.trim()}
          helperText={tried && !wordsSw.trim() ? t('editor.add.words_missing') : undefined}
          slotProps={{ htmlInput: { maxLength: 300, lang: 'sw' } }}
        />
        <TextField
          id="add-question-name"
          label={t('editor.add.name')}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setNamed(true);
          }}
          error={tried && problem !== null}
          helperText={tried && problem ? t(`editor.add.name_${problem}`) : t('editor.add.name_help')}
          slotProps={{ htmlInput: { maxLength: 64, spellCheck: false } }}
        />
        <TextField
          id="add-question-type"
          select
          label={t('editor.type_label')}
          value={type}
          onChange={(event) => setType(event.target.value as AnswerType)}
          slotProps={{ select: { native: true } }}
        >
          {ANSWER_TYPES.map((answer) => (
            <option key={answer} value={answer}>
              {t(`editor.type.${answer}`)}
            </option>
          ))}
        </TextField>
        {failure && <Alert severity="error">{failure}</Alert>}
        <Box>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {t('editor.add.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
