import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FormsChange } from '../../../shared/api/studio';
import type { FormsSet } from '../../../shared/forms';
import { useLanguage } from '../use-language';
import { changeWords } from './change-words';

/** Changes in words, one a line; `none` when there are none. */
export function ChangeList({ changes, set, none }: { changes: FormsChange[]; set?: FormsSet; none: string }) {
  const { t } = useTranslation('studio');
  const language = useLanguage();
  if (changes.length === 0) return <Typography>{none}</Typography>;
  return (
    <ul style={{ marginTop: 0 }}>
      {changes.map((change, i) => (
        // Changes have no id; their order is the server's and fixed for one answer.
        <li key={i} style={{ overflowWrap: 'anywhere' }}>
          {changeWords(change, t, language, set)}
        </li>
      ))}
    </ul>
  );
}
