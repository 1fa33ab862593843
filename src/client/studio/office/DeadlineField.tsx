import { useMemo, useState } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import {
  MAX_DEADLINE_WORKING_DAYS,
  MIN_DEADLINE_WORKING_DAYS,
  type ApplicationOutline,
} from '../../../shared/api/change-requests';
import { addWorkingDays } from '../../../shared/working-days';
import { formatDay } from '../format-time';

/** The deadline offered: two working weeks. */
const DEFAULT_DAYS = 10;

export interface Deadline {
  text: string;
  setText: (text: string) => void;
  /** The working days given, if a whole number in range. */
  days: number | null;
  /** The date they come to (weekends and the unit's holidays skipped), if any. */
  date: string | null;
}

/** A deadline in working days from today, and its date, counted as the server counts it. */
export function useDeadline(options: Pick<ApplicationOutline, 'today' | 'holidays'>): Deadline {
  const [text, setText] = useState(String(DEFAULT_DAYS));
  const holidays = useMemo(() => new Set(options.holidays), [options.holidays]);
  const n = Number(text);
  const days = /^\d+$/.test(text) && n >= MIN_DEADLINE_WORKING_DAYS && n <= MAX_DEADLINE_WORKING_DAYS ? n : null;
  return { text, setText, days, date: days === null ? null : addWorkingDays(options.today, days, holidays) };
}

/** The deadline's field: its working days, and under it the date they come to. */
export function DeadlineField({ deadline }: { deadline: Deadline }) {
  const { t, i18n } = useTranslation('office');
  return (
    <TextField
      label={t('changes.deadline')}
      value={deadline.text}
      onChange={(event) => deadline.setText(event.target.value.replace(/[^0-9]/g, ''))}
      helperText={
        deadline.date
          ? t('changes.due_on', { date: formatDay(deadline.date, i18n.language) })
          : t('changes.deadline_range', { min: MIN_DEADLINE_WORKING_DAYS, max: MAX_DEADLINE_WORKING_DAYS })
      }
      error={deadline.days === null}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 } }}
      sx={{ maxWidth: 360 }}
    />
  );
}
