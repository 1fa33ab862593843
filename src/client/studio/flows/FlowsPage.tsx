import { useCallback, useEffect, useState } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { StudioDraftAnswer, StudioProblem } from '../../../shared/api/studio';
import { APPLICATION_TYPES } from '../../../shared/wizard-driver';
import { ConflictNotice } from '../editor/ConflictNotice';
import { ProblemList } from '../editor/ProblemList';
import { SaveStatus } from '../editor/SaveStatus';
import { sendResult } from '../editor/save-result';
import { useAutoSave, type Send } from '../editor/use-auto-save';
import { DraftLoaded } from '../DraftLoaded';
import { PageHeading } from '../PageHeading';
import { useSaveFlowsMutation } from '../studio-api';
import { FlowCard } from './FlowCard';
import type { Flows } from './flow-moves';

/** The draft's item that holds every flow (see src/shared/api/studio.ts). */
const FLOWS_ITEM = 'flows';

/** The studio's page of the steps each application type asks, in order (schemas/flows.json). */
export function FlowsPage() {
  const { t } = useTranslation('studio');
  return (
    <DraftLoaded title={t('flow_editor.title')}>
      {(answer, onStale) => <FlowsEditor answer={answer} onStale={onStale} />}
    </DraftLoaded>
  );
}

/** A problem of flows.json about one application type: its path starts with the type. */
const aboutFlow = (problem: StudioProblem, type: string) => problem.file === 'flows.json' && problem.path?.[0] === type;

function FlowsEditor({ answer, onStale }: { answer: StudioDraftAnswer; onStale: () => void }) {
  const { t } = useTranslation('studio');
  const { draft, problems } = answer;
  const revision = draft.revisions[FLOWS_ITEM] ?? 0;
  const [flows, setFlows] = useState<Flows>(draft.set.flows);
  const [saveFlows] = useSaveFlowsMutation();
  const send: Send<Flows> = async (value, base) => sendResult(await saveFlows({ base, flows: value }), FLOWS_ITEM);
  const save = useAutoSave(revision, send);

  // Another editor's save of the flows, seen in the draft: shown when nothing here waits to be saved.
  const [seen, setSeen] = useState(revision);
  if (revision !== seen) {
    setSeen(revision);
    if (save.syncTo(revision)) setFlows(draft.set.flows);
  }
  const stale = useCallback(() => void onStale(), [onStale]);
  useEffect(() => {
    if (save.conflict) stale();
  }, [save.conflict, stale]);

  // Each change is one click: saved at once, in the order made.
  const change = (next: Flows) => {
    setFlows(next);
    void save.saveNow(next);
  };
  const takeTheirs = () => {
    save.takeTheirs();
    setFlows(draft.set.flows);
  };

  // Every application type, and any other the draft names (the checker flags it: it can be emptied).
  const known: readonly string[] = APPLICATION_TYPES;
  const types = [...known, ...Object.keys(flows).filter((type) => !known.includes(type))];
  const general = problems.filter((p) => p.file === 'flows.json' && !types.some((type) => aboutFlow(p, type)));
  const stepIds = Object.keys(draft.set.steps);
  return (
    <Stack spacing={3}>
      <PageHeading title={t('flow_editor.title')} />
      <Typography>{t('flow_editor.intro')}</Typography>
      <ProblemList problems={general} id="flows-problems" />
      {save.conflict && <ConflictNotice conflict={save.conflict} onTheirs={takeTheirs} onMine={save.keepMine} />}
      <SaveStatus state={save.state} failure={save.failure?.message} />
      {types.map((type) => (
        <FlowCard
          key={type}
          type={type}
          flows={flows}
          set={draft.set}
          stepIds={stepIds}
          problems={problems.filter((p) => aboutFlow(p, type))}
          onChange={change}
        />
      ))}
    </Stack>
  );
}
