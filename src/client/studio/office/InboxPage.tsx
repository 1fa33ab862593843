import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { MessagesPage } from '../../../shared/api/back-office';
import { formatTime } from '../format-time';
import { Loading } from '../Loading';
import { PageHeading } from '../PageHeading';
import { PageNav } from './PageNav';
import { useAnswerMessageMutation, useListMessagesQuery } from './office-api';
import { applicationPage } from './QueueTable';
import { failureText, Outcome, type OutcomeState, RetryAlert } from './Outcome';

/** Messages on a page of the inbox. */
const INBOX_PAGE_SIZE = 25;

type Message = MessagesPage['items'][number];

/**
 * The applicants' messages (issue 33, item 7): those nobody answered first, each answered in the page
 * (answer_message: the applicant gets it by SMS and on the dashboard, signed with the officer's name).
 */
export default function InboxPage() {
  const { t } = useTranslation('office');
  const [params] = useSearchParams();
  const page = Math.max(1, Math.min(100_000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const inbox = useListMessagesQuery({ page, page_size: INBOX_PAGE_SIZE });
  const pages = inbox.data ? Math.max(1, Math.ceil(inbox.data.total / INBOX_PAGE_SIZE)) : 1;
  return (
    <>
      <PageHeading area="office" title={t('inbox.title')} />
      {inbox.isError ? (
        <RetryAlert text={t('inbox.failed')} onRetry={() => void inbox.refetch()} />
      ) : !inbox.data ? (
        <Loading />
      ) : inbox.data.items.length === 0 ? (
        <Typography>{t('inbox.none')}</Typography>
      ) : (
        <>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
            {inbox.data.items.map((message) => (
              <InboxMessage key={message.message_id} message={message} />
            ))}
          </Box>
          <PageNav page={page} pages={pages} hrefOf={(to) => `?page=${to}`} />
        </>
      )}
    </>
  );
}

function InboxMessage({ message }: { message: Message }) {
  const { t, i18n } = useTranslation('office');
  const [text, setText] = useState('');
  const [send, sending] = useAnswerMessageMutation();
  const [outcome, setOutcome] = useState<OutcomeState>(null);
  const headingId = `message-${message.message_id}`;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setOutcome({ ok: false, text: t('inbox.answer_needed') });
      return;
    }
    const result = await send({ message_id: message.message_id, message: text.trim() });
    if ('error' in result) {
      setOutcome({ ok: false, text: failureText(result.error, t('inbox.failed_answer')) });
      return;
    }
    setText('');
    setOutcome({ ok: true, text: t('inbox.answered_now') });
  };
  return (
    <Box component="li" aria-labelledby={headingId} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
      <Typography id={headingId} component="h2" variant="h6">
        {message.subject || t('inbox.no_subject')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        <Link component={RouterLink} to={applicationPage(message.reference_number)}>
          {message.reference_number}
        </Link>
        {' · '}
        {t('inbox.sent', { at: formatTime(message.created_at, i18n.language) })}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.message}</Typography>
      <Typography sx={{ fontWeight: 700, mt: 1 }}>
        {message.answered_at
          ? t('inbox.answered', { by: message.answered_by ?? '', at: formatTime(message.answered_at, i18n.language) })
          : t('inbox.unanswered')}
      </Typography>
      <Box
        component="form"
        onSubmit={(event) => void submit(event)}
        sx={{ display: 'grid', gap: 1, mt: 1, maxWidth: 720 }}
      >
        <TextField
          label={t('inbox.answer_label')}
          helperText={t('inbox.answer_help')}
          multiline
          minRows={2}
          value={text}
          onChange={(event) => setText(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 4000 } }}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={sending.isLoading}>
            {t('inbox.send')}
          </Button>
        </Box>
      </Box>
      <Outcome outcome={outcome} />
    </Box>
  );
}
