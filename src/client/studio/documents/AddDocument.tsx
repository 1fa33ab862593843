import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { StudioDraft } from '../../../shared/api/studio';
import { nameFrom, nameProblem } from '../editor/question-body';
import { sendResult } from '../editor/save-result';
import { useSaveDocumentMutation } from '../studio-api';
import { documentItem, newDocument } from './document-body';

interface AddDocumentProps {
  draft: StudioDraft;
  /** Told the new document's code once it is in the draft. */
  onAdded: (id: string) => void;
}

/**
 * A new document at the end of the list: its name in English (its code follows those words until the
 * editor writes one, as a new question's does). The rest is written in its editor once added.
 */
export function AddDocument({ draft, onAdded }: AddDocumentProps) {
  const { t } = useTranslation('studio');
  const [words, setWords] = useState('');
  const [id, setId] = useState('');
  const [named, setNamed] = useState(false);
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState('');
  const [saveDocument, { isLoading }] = useSaveDocumentMutation();
  const problem = nameProblem(
    id,
    draft.set.documents.map((d) => d.id),
  );

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setFailure('');
    if (problem) return;
    const item = documentItem(id);
    const result = sendResult(
      await saveDocument({ id, base: draft.revisions[item] ?? 0, document: newDocument(id, words.trim()) }),
      item,
    );
    if (result.ok) {
      onAdded(id);
      setWords('');
      setId('');
      setNamed(false);
      setTried(false);
    } else setFailure('conflict' in result ? t('documents.add.taken_meanwhile', { id }) : result.message);
  };

  return (
    <Box component="form" onSubmit={(event) => void add(event)} noValidate aria-labelledby="add-document-heading">
      <Typography id="add-document-heading" component="h2" variant="h6" gutterBottom>
        {t('documents.add.heading')}
      </Typography>
      <Stack spacing={2}>
        <TextField
          id="add-document-words"
          label={t('documents.add.words')}
          value={words}
          onChange={(event) => {
            setWords(event.target.value);
            if (!named) setId(nameFrom(event.target.value));
          }}
          slotProps={{ htmlInput: { maxLength: 300, lang: 'en' } }}
        />
        <TextField
          id="add-document-code"
          label={t('documents.add.code')}
          value={id}
          onChange={(event) => {
            setId(event.target.value);
            setNamed(true);
          }}
          error={tried && problem !== null}
          helperText={
            tried && problem
              ? t(problem === 'taken' ? 'documents.add.code_taken' : 'editor.add.name_pattern')
              : t('documents.add.code_help')
          }
          slotProps={{ htmlInput: { maxLength: 64, spellCheck: false } }}
        />
        {failure && <Alert severity="error">{failure}</Alert>}
        <Box>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {t('documents.add.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
