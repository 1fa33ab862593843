import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** What a card's buttons say to a screen reader, each naming the card's item (already translated). */
export interface CardActionLabels {
  edit: string;
  close: string;
  up: string;
  down: string;
  remove: string;
  /** The question before removing, and its button. */
  removeConfirm: string;
  removeYes: string;
}

interface CardActionsProps {
  open: boolean;
  onToggle: () => void;
  /** Moves the item up or down; undefined when it is first or last. */
  onUp?: () => void;
  onDown?: () => void;
  onRemove: () => void;
  labels: CardActionLabels;
}

/**
 * The buttons of a studio card (a question, a document): Edit or Close, Move up, Move down, Remove with
 * its confirmation in place (what is removed is named before it goes).
 */
export function CardActions({ open, onToggle, onUp, onDown, onRemove, labels }: CardActionsProps) {
  const { t } = useTranslation('studio');
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          variant={open ? 'outlined' : 'contained'}
          aria-expanded={open}
          onClick={onToggle}
          aria-label={open ? labels.close : labels.edit}
        >
          {t(open ? 'editor.close' : 'editor.edit')}
        </Button>
        <Button variant="outlined" disabled={onUp === undefined} onClick={onUp} aria-label={labels.up}>
          {t('editor.move_up')}
        </Button>
        <Button variant="outlined" disabled={onDown === undefined} onClick={onDown} aria-label={labels.down}>
          {t('editor.move_down')}
        </Button>
        {!confirming && (
          <Button color="error" onClick={() => setConfirming(true)} aria-label={labels.remove}>
            {t('editor.remove')}
          </Button>
        )}
      </Stack>
      {confirming && (
        <Box role="group" aria-label={labels.removeConfirm}>
          <Typography>{labels.removeConfirm}</Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1 }}>
            <Button
              color="error"
              variant="contained"
              onClick={() => {
                setConfirming(false);
                onRemove();
              }}
            >
              {labels.removeYes}
            </Button>
            <Button onClick={() => setConfirming(false)}>{t('editor.cancel')}</Button>
          </Stack>
        </Box>
      )}
    </>
  );
}
