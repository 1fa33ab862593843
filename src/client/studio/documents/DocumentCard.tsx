import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { StudioProblem } from '../../../shared/api/studio';
import type { DocumentRule } from '../../../shared/forms';
import { CardActions } from '../editor/CardActions';
import { ConflictNotice } from '../editor/ConflictNotice';
import { ProblemList } from '../editor/ProblemList';
import { SaveStatus } from '../editor/SaveStatus';
import { sendResult } from '../editor/save-result';
import { useAutoSave, type Send } from '../editor/use-auto-save';
import { inLanguage } from '../form-texts';
import { useSaveDocumentMutation } from '../studio-api';
import { useLanguage } from '../use-language';
import { DocumentEditor } from './DocumentEditor';
import { documentItem, toMb, type AnswerChoice } from './document-body';

export interface DocumentCardProps {
  rule: DocumentRule;
  /** The document's revision in the draft (its item's). */
  revision: number;
  number: number;
  problems: StudioProblem[];
  answers: AnswerChoice[];
  /** Where "move up" and "move down" put it in the list; undefined at either end. */
  upTo?: number;
  downTo?: number;
  /** Someone else changed the draft: it is read again. */
  onStale: () => void;
  startOpen?: boolean;
}

/** One document: its editor, saved as the editor types (as a question is: QuestionCard), its problems and its place. */
export function DocumentCard(props: DocumentCardProps) {
  const { rule, revision, onStale } = props;
  const { id } = rule;
  const { t } = useTranslation('studio');
  const language = useLanguage();
  const [spec, setSpec] = useState(rule);
  const [open, setOpen] = useState(props.startOpen === true);
  const [saveDocument] = useSaveDocumentMutation();
  const send: Send<DocumentRule | null> = async (value, base, extra) =>
    sendResult(
      await saveDocument({
        id,
        base,
        document: value,
        ...(extra?.position === undefined ? {} : { position: extra.position }),
      }),
      documentItem(id),
    );
  const save = useAutoSave(revision, send);

  // Another editor's save of this document, seen in the draft: shown when nothing here waits to be saved.
  const [seen, setSeen] = useState(revision);
  if (revision !== seen) {
    setSeen(revision);
    if (save.syncTo(revision)) setSpec(rule);
  }

  useEffect(() => {
    if (save.conflict) onStale();
  }, [save.conflict, onStale]);

  const change = (next: DocumentRule) => {
    setSpec(next);
    save.edit(next);
  };
  // The conflict names no document: theirs is the draft's, read again when the conflict came.
  const takeTheirs = () => {
    save.takeTheirs();
    setSpec(rule);
  };

  const title = inLanguage(spec.name, language, id);
  const headingId = `doc-${id}-heading`;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack spacing={2}>
        <Box>
          <Typography id={headingId} component="h2" variant="h6">
            {t('documents.heading', { number: props.number, title })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('documents.code', { id })}
          </Typography>
        </Box>
        <ProblemList problems={props.problems} id={`doc-${id}-problems`} />
        {save.conflict && <ConflictNotice conflict={save.conflict} onTheirs={takeTheirs} onMine={save.keepMine} />}
        {open ? (
          <DocumentEditor rule={spec} answers={props.answers} onChange={change} />
        ) : (
          <Typography variant="body2">
            {t(spec.required ? 'editor.summary_required' : 'editor.summary_optional')} ·{' '}
            {t('documents.summary_mb', { mb: toMb(spec.max_bytes) })}
          </Typography>
        )}
        <SaveStatus state={save.state} failure={save.failure?.message} />
        <CardActions
          open={open}
          onToggle={() => setOpen(!open)}
          onUp={props.upTo === undefined ? undefined : () => void save.saveNow(spec, { position: props.upTo })}
          onDown={props.downTo === undefined ? undefined : () => void save.saveNow(spec, { position: props.downTo })}
          onRemove={() => void save.saveNow(null)}
          labels={{
            edit: t('documents.edit_document', { title }),
            close: t('documents.close_document', { title }),
            up: t('documents.up', { title }),
            down: t('documents.down', { title }),
            remove: t('documents.remove', { title }),
            removeConfirm: t('documents.remove_confirm', { title }),
            removeYes: t('documents.remove_yes'),
          }}
        />
      </Stack>
    </Paper>
  );
}
