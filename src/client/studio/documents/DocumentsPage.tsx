import { useCallback, useMemo, useState } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { StudioDraftAnswer } from '../../../shared/api/studio';
import { ProblemList } from '../editor/ProblemList';
import { DraftLoaded } from '../DraftLoaded';
import { PageHeading } from '../PageHeading';
import { AddDocument } from './AddDocument';
import { DocumentCard } from './DocumentCard';
import { answersOf, documentItem } from './document-body';

/** The studio's page of the documents an application uploads (schemas/documents.json), in the applicant's order. */
export function DocumentsPage() {
  const { t } = useTranslation('studio');
  return (
    <DraftLoaded title={t('documents.title')}>
      {(answer, onStale) => <DocumentsEditor answer={answer} onStale={onStale} />}
    </DraftLoaded>
  );
}

export default DocumentsPage;

function DocumentsEditor({ answer, onStale }: { answer: StudioDraftAnswer; onStale: () => void }) {
  const { t } = useTranslation('studio');
  const { draft, problems } = answer;
  const { documents } = draft.set;
  const [added, setAdded] = useState<string | null>(null);
  const stale = useCallback(() => void onStale(), [onStale]);
  const answers = useMemo(() => answersOf(draft.set), [draft.set]);
  const ids = new Set(documents.map((d) => d.id));
  // A problem of documents.json that names no document of the list (the file as a whole): shown above it.
  const general = problems.filter((p) => p.file === 'documents.json' && !(p.document && ids.has(p.document)));
  return (
    <Stack spacing={3}>
      <PageHeading title={t('documents.title')} />
      <Typography>{t('documents.intro')}</Typography>
      <ProblemList problems={general} id="documents-problems" />
      {documents.length === 0 && <Typography>{t('documents.none')}</Typography>}
      {documents.map((rule, index) => (
        <DocumentCard
          key={rule.id}
          rule={rule}
          revision={draft.revisions[documentItem(rule.id)] ?? 0}
          number={index + 1}
          problems={problems.filter((p) => p.document === rule.id)}
          answers={answers}
          upTo={index > 0 ? index - 1 : undefined}
          downTo={index < documents.length - 1 ? index + 1 : undefined}
          onStale={stale}
          startOpen={rule.id === added}
        />
      ))}
      <AddDocument draft={draft} onAdded={setAdded} />
    </Stack>
  );
}
