import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ImportTextsAnswer } from '../../../shared/api/studio';

/** A list of text keys under its heading, or nothing when empty. */
function KeyList({ id, title, keys }: { id: string; title: string; keys: string[] }) {
  if (keys.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 2 }}>
      <Typography id={id} component="h3" variant="h6">
        {title}
      </Typography>
      <ul style={{ marginTop: 0 }}>
        {keys.map((key) => (
          <li key={key}>
            <code style={{ overflowWrap: 'anywhere' }}>{key}</code>
          </li>
        ))}
      </ul>
    </Box>
  );
}

/** What an upload did: how many texts it updated, and the keys to look at. */
export function ImportResult({ result }: { result: ImportTextsAnswer }) {
  const { t } = useTranslation('studio');
  return (
    <Box sx={{ mt: 2 }}>
      <Alert severity="success" role="status" sx={{ mb: 2 }}>
        {t('translations.updated', { count: result.updated })}
      </Alert>
      <KeyList
        id="import-missing"
        title={t('translations.missing', { count: result.missing.length })}
        keys={result.missing}
      />
      <KeyList
        id="import-changed"
        title={t('translations.changed_in_english', { count: result.changed_in_english.length })}
        keys={result.changed_in_english}
      />
      <KeyList
        id="import-unknown"
        title={t('translations.unknown', { count: result.unknown.length })}
        keys={result.unknown}
      />
    </Box>
  );
}
