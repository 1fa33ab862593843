import { useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StudioProblem } from '../../../shared/api/studio';
import { CardActions, type CardActionLabels } from './CardActions';
import { ConflictNotice } from './ConflictNotice';
import { ProblemList } from './ProblemList';
import { SaveStatus } from './SaveStatus';
import { useAutoSave, type Send } from './use-auto-save';

type AutoSave<T> = ReturnType<typeof useAutoSave<T>>;

/**
 * A card's item as edited here (`spec`), saved as the editor types (`save`); another editor's save of
 * it, seen in the draft (a new `revision`), is shown when nothing here waits to be saved; a conflict
 * has the draft read again (`onStale`).
 */
export function useCardEdits<T>(item: T, revision: number, send: Send<T | null>, onStale: () => void) {
  const [spec, setSpec] = useState(item);
  const save = useAutoSave(revision, send);
  const [seen, setSeen] = useState(revision);
  if (revision !== seen) {
    setSeen(revision);
    if (save.syncTo(revision)) setSpec(item);
  }
  useEffect(() => {
    if (save.conflict) onStale();
  }, [save.conflict, onStale]);
  return { spec, setSpec, save };
}

export interface EditCardProps<T> {
  /** The start of its ids (`${idBase}-heading`, `${idBase}-problems`). */
  idBase: string;
  headingLevel: 'h2' | 'h3';
  heading: string;
  /** The item's code, under its heading. */
  code: string;
  problems: StudioProblem[];
  spec: T;
  save: AutoSave<T | null>;
  onTakeTheirs: () => void;
  startOpen?: boolean;
  /** Shown while open: the item's editor. */
  editor: ReactNode;
  /** Shown while closed: the item at a glance (a step of a dozen questions reads at a glance, and weighs little). */
  summary: ReactNode;
  /** Where "move up" and "move down" put it; undefined at either end. */
  upTo?: number;
  downTo?: number;
  onRemove: () => void;
  labels: CardActionLabels;
}

/** A studio card (a question, a document): its heading, problems, conflict, editor or summary, save state and buttons. */
export function EditCard<T>(props: EditCardProps<T>) {
  const { idBase, save, spec, upTo, downTo } = props;
  const [open, setOpen] = useState(props.startOpen === true);
  const headingId = `${idBase}-heading`;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack spacing={2}>
        <Box>
          <Typography id={headingId} component={props.headingLevel} variant="h6">
            {props.heading}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {props.code}
          </Typography>
        </Box>
        <ProblemList problems={props.problems} id={`${idBase}-problems`} />
        {save.conflict && (
          <ConflictNotice conflict={save.conflict} onTheirs={props.onTakeTheirs} onMine={save.keepMine} />
        )}
        {open ? props.editor : <Typography variant="body2">{props.summary}</Typography>}
        <SaveStatus state={save.state} failure={save.failure?.message} />
        <CardActions
          open={open}
          onToggle={() => setOpen(!open)}
          onUp={upTo === undefined ? undefined : () => void save.saveNow(spec, { position: upTo })}
          onDown={downTo === undefined ? undefined : () => void save.saveNow(spec, { position: downTo })}
          onRemove={props.onRemove}
          labels={props.labels}
        />
      </Stack>
    </Paper>
  );
}
