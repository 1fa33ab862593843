import { useTranslation } from 'react-i18next';
import type { StudioProblem } from '../../../shared/api/studio';
import type { DocumentRule } from '../../../shared/forms';
import { EditCard, useCardEdits } from '../editor/EditCard';
import { sendResult } from '../editor/save-result';
import type { Send } from '../editor/use-auto-save';
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
  const { spec, setSpec, save } = useCardEdits(rule, revision, send, onStale);

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
  return (
    <EditCard
      idBase={`doc-${id}`}
      headingLevel="h2"
      heading={t('documents.heading', { number: props.number, title })}
      code={t('documents.code', { id })}
      problems={props.problems}
      spec={spec}
      save={save}
      onTakeTheirs={takeTheirs}
      startOpen={props.startOpen}
      editor={<DocumentEditor rule={spec} answers={props.answers} onChange={change} />}
      summary={
        <>
          {t(spec.required ? 'editor.summary_required' : 'editor.summary_optional')} ·{' '}
          {t('documents.summary_mb', { mb: toMb(spec.max_bytes) })}
        </>
      }
      upTo={props.upTo}
      downTo={props.downTo}
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
  );
}
