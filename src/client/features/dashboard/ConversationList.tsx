import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useGetMessagesQuery } from './dashboard-api';
import { formatDateTime } from './format';

/**
 * The messages both ways as one conversation (issue 17, item 11): the applicant's and the unit's
 * answers, oldest first, newest last, each with who wrote it and when (in the reader's language).
 */
export function ConversationList() {
  const { t, i18n } = useTranslation();
  const { data, isError } = useGetMessagesQuery();
  if (isError) return <Typography color="error">{t('dashboard.load_failed')}</Typography>;
  if (!data) return null;
  if (data.length === 0) return <Typography sx={{ mb: 2 }}>{t('dashboard.conversation.empty')}</Typography>;
  return (
    <Box component="ol" aria-label={t('dashboard.conversation.label')} sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}>
      {data.map((m) => {
        const mine = m.from === 'applicant';
        const who = mine ? t('dashboard.conversation.you') : t('dashboard.conversation.unit', { name: m.by ?? '' });
        return (
          <Box
            component="li"
            key={m.message_id}
            sx={{
              mb: 1.5,
              p: 1.5,
              maxWidth: '85%',
              ml: mine ? 'auto' : 0,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: mine ? 'action.hover' : 'background.paper',
              overflowWrap: 'anywhere',
            }}
          >
            <Typography variant="body2" component="p" sx={{ fontWeight: 600 }}>
              {who}
              {' · '}
              <time dateTime={m.created_at}>{formatDateTime(m.created_at, i18n.language)}</time>
            </Typography>
            {m.subject && (
              <Typography component="p" sx={{ fontWeight: 600 }}>
                {m.subject}
              </Typography>
            )}
            <Typography component="p" sx={{ whiteSpace: 'pre-line' }}>
              {m.message}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
