import { useCallback, useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { StudioDraftAnswer } from '../../../shared/api/studio';
import type { FeeSchedule } from '../../../shared/fees/fee-schedule';
import { APPLICATION_TYPES } from '../../../shared/wizard-driver';
import { ConflictNotice } from '../editor/ConflictNotice';
import { ProblemList } from '../editor/ProblemList';
import { SaveStatus } from '../editor/SaveStatus';
import { sendResult } from '../editor/save-result';
import { useAutoSave, type Send } from '../editor/use-auto-save';
import { DraftLoaded } from '../DraftLoaded';
import { PageHeading } from '../PageHeading';
import { useSaveFeesMutation } from '../studio-api';
import { FeeTypeCard } from './FeeTypeCard';
import { aboutType, feeAnswers, FEES_ITEM, NEW_TYPE_FEES, withoutType, withType } from './fee-edits';

/** The studio's page of the fee schedule (schemas/fees.json): each application type's amounts. */
export function FeesPage() {
  const { t } = useTranslation('studio');
  return (
    <DraftLoaded title={t('fees.title')}>
      {(answer, onStale) => <FeesEditor answer={answer} onStale={onStale} />}
    </DraftLoaded>
  );
}

export default FeesPage;

function FeesEditor({ answer, onStale }: { answer: StudioDraftAnswer; onStale: () => void }) {
  const { t } = useTranslation('studio');
  const { draft, problems } = answer;
  const revision = draft.revisions[FEES_ITEM] ?? 0;
  const [fees, setFees] = useState<FeeSchedule | undefined>(draft.set.fees);
  const [saveFees] = useSaveFeesMutation();
  const send: Send<FeeSchedule> = async (value, base) => sendResult(await saveFees({ base, fees: value }), FEES_ITEM);
  const save = useAutoSave(revision, send);

  // Another editor's save of the fees, seen in the draft: shown when nothing here waits to be saved.
  const [seen, setSeen] = useState(revision);
  if (revision !== seen) {
    setSeen(revision);
    if (save.syncTo(revision)) setFees(draft.set.fees);
  }
  const stale = useCallback(() => void onStale(), [onStale]);
  useEffect(() => {
    if (save.conflict) stale();
  }, [save.conflict, stale]);

  // Amounts are typed: saved when typing pauses, on the revision the save before answered.
  const change = (next: FeeSchedule) => {
    setFees(next);
    save.edit(next);
  };
  const takeTheirs = () => {
    save.takeTheirs();
    setFees(draft.set.fees);
  };

  const known: readonly string[] = APPLICATION_TYPES;
  const types = fees
    ? [
        ...known.filter((type) => fees.types[type as keyof FeeSchedule['types']]),
        ...Object.keys(fees.types).filter((type) => !known.includes(type)),
      ]
    : [];
  const missing = fees ? APPLICATION_TYPES.filter((type) => !fees.types[type]) : [];
  const general = problems.filter((p) => p.file === 'fees.json' && !types.some((type) => aboutType(p, type)));
  const set = draft.set;
  const answersByType = useMemo(
    () =>
      Object.fromEntries(
        APPLICATION_TYPES.map((type) => [
          type,
          { numbers: feeAnswers(set, type, 'number'), lists: feeAnswers(set, type, 'list') },
        ]),
      ),
    [set],
  );
  const none = { numbers: [], lists: [] };
  return (
    <Stack spacing={3}>
      <PageHeading title={t('fees.title')} />
      <Typography>{t('fees.intro')}</Typography>
      <ProblemList problems={general} id="fees-problems" />
      {save.conflict && <ConflictNotice conflict={save.conflict} onTheirs={takeTheirs} onMine={save.keepMine} />}
      <SaveStatus state={save.state} failure={save.failure?.message} />
      {!fees && <Typography>{t('fees.none')}</Typography>}
      {fees &&
        types.map((type) => (
          <FeeTypeCard
            key={type}
            type={type}
            fees={fees.types[type as keyof FeeSchedule['types']]!}
            problems={problems.filter((p) => aboutType(p, type))}
            answers={answersByType[type] ?? none}
            onChange={(next) => change(withType(fees, type, next))}
            onRemove={() => change(withoutType(fees, type))}
          />
        ))}
      {fees && missing.length > 0 && (
        <Box component="section" aria-labelledby="fees-missing-title">
          <Typography component="h2" variant="h6" id="fees-missing-title">
            {t('fees.types_missing')}
          </Typography>
          <Typography sx={{ mb: 1 }}>{t('fees.types_missing_help')}</Typography>
          <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
            {missing.map((type) => (
              <Button key={type} variant="outlined" onClick={() => change(withType(fees, type, NEW_TYPE_FEES))}>
                {t('fees.add_type', { flow: t(`flows.${type}`, { defaultValue: type }) })}
              </Button>
            ))}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
