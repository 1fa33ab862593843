import { useTranslation } from 'react-i18next';
import type { QuestionSpec, StudioProblem } from '../../../shared/api/studio';
import { useSaveQuestionMutation } from '../studio-api';
import { EditCard, useCardEdits } from './EditCard';
import { QuestionEditor } from './QuestionEditor';
import { questionItem, saveQuestionRequest } from './question-body';
import { sendResult } from './save-result';
import type { Send } from './use-auto-save';

export interface QuestionCardProps {
  step: string;
  question: QuestionSpec;
  /** The question's revision in the draft (its item's). */
  revision: number;
  /** 1-based, for its heading. */
  number: number;
  earlier: QuestionSpec[];
  problems: StudioProblem[];
  /** Where "move up" and "move down" put it in the step's order; undefined at either end. */
  upTo?: number;
  downTo?: number;
  /** The question as edited, not saved yet (null: being removed), for the live preview. */
  onEdited: (name: string, spec: QuestionSpec | null) => void;
  /** Someone else changed the draft: it is read again. */
  onStale: () => void;
  /** Open its editor at once (a question just added). */
  startOpen?: boolean;
}

/** One question of the step: its editor, saved as the editor types, its problems, and its place in the step. */
export function QuestionCard(props: QuestionCardProps) {
  const { step, question, revision, onEdited, onStale } = props;
  const { name } = question;
  const { t, i18n } = useTranslation('studio');
  const [saveQuestion] = useSaveQuestionMutation();
  const send: Send<QuestionSpec | null> = async (value, base, extra) =>
    sendResult(
      await saveQuestion(saveQuestionRequest(step, name, base, value, extra?.position)),
      questionItem(step, name),
    );
  const { spec, setSpec, save } = useCardEdits(question, revision, send, onStale);

  const change = (next: QuestionSpec) => {
    setSpec(next);
    onEdited(name, next);
    save.edit(next);
  };
  const takeTheirs = () => {
    const theirs = save.conflict?.question;
    save.takeTheirs();
    if (theirs) {
      setSpec(theirs);
      onEdited(name, theirs);
    }
  };
  const remove = () => {
    onEdited(name, null);
    void save.saveNow(null);
  };

  const lng = i18n.language === 'sw' ? 'sw' : 'en';
  const title = spec.label[lng] || spec.label.en || name;
  return (
    <EditCard
      idBase={`q-${name}`}
      headingLevel="h3"
      heading={t('editor.question_heading', { number: props.number, title })}
      code={t('editor.field_name', { name })}
      problems={props.problems}
      spec={spec}
      save={save}
      onTakeTheirs={takeTheirs}
      startOpen={props.startOpen}
      editor={<QuestionEditor spec={spec} onChange={change} earlier={props.earlier} />}
      summary={
        <>
          {t(`editor.type.${spec.type}`)} · {t(spec.required ? 'editor.summary_required' : 'editor.summary_optional')}
        </>
      }
      upTo={props.upTo}
      downTo={props.downTo}
      onRemove={remove}
      labels={{
        edit: t('editor.edit_question', { title }),
        close: t('editor.close_question', { title }),
        up: t('editor.question_up', { title }),
        down: t('editor.question_down', { title }),
        remove: t('editor.question_remove', { title }),
        removeConfirm: t('editor.remove_confirm', { title }),
        removeYes: t('editor.remove_yes'),
      }}
    />
  );
}
