import { useMemo, useSyncExternalStore } from 'react';
import type { StudioDraft } from '../../../shared/api/studio';
import { PreviewFrames } from './PreviewFrames';
import { withLocalEdits, withRawStep, type PreviewEditsStore } from './preview-set';
import { questionItem } from './question-body';

interface LivePreviewProps {
  draft: StudioDraft;
  step: string;
  /** Advanced mode: the schemas as typed stand for the step. */
  advanced: boolean;
  edits: PreviewEditsStore;
}

/** The preview frames, fed the draft with the edits not saved yet. */
export function LivePreview({ draft, step, advanced, edits }: LivePreviewProps) {
  const { questions, raw } = useSyncExternalStore(edits.subscribe, edits.get);
  const preview = useMemo(() => {
    const revisionOf = (name: string) => draft.revisions[questionItem(step, name)] ?? 0;
    const set =
      advanced && raw ? withRawStep(draft.set, step, raw) : withLocalEdits(draft.set, step, questions, revisionOf);
    const form = set.steps[step] ?? draft.set.steps[step]!;
    // The revision only when what is shown is the draft as saved: Publish counts only that as previewed.
    const saved =
      JSON.stringify(form) === JSON.stringify(draft.set.steps[step]) &&
      JSON.stringify(set.texts) === JSON.stringify(draft.set.texts);
    return { form, texts: set.texts, revision: saved ? draft.revision : null };
  }, [draft, step, advanced, questions, raw]);
  return <PreviewFrames step={step} form={preview.form} texts={preview.texts} revision={preview.revision} />;
}
