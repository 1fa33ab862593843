import { lazy, Suspense, useState, type ChangeEvent, type ComponentType, type FormEvent } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ApiFailure } from '../../app/api';
import {
  CHANGE_NOTE_MAX,
  type AskedForms,
  type ChangeRequest,
  type ChangeRequestsAnswer,
} from '../../../shared/api/change-requests';
import type { FieldError } from '../../../shared/envelope';
import {
  useGetAttachmentsQuery,
  useGetChangeRequestsQuery,
  useResubmitChangesMutation,
  useUploadDashboardAttachmentMutation,
} from './dashboard-api';
import { formatDate } from './format';
import { useStepTitles } from './step-titles';

type Open = NonNullable<ChangeRequestsAnswer['open']>;

/**
 * The step editor (RJSF and the step's validator, ChangeStepEditor.tsx) loads only when a step is opened
 * to change. Importing it, even lazily, cuts the wizard's step form into a chunk of its own: ~850 B
 * gzip more on /home/new's first step, paid for by the trims of vite.config.ts (rjsfTrimPlugin).
 */
const ChangeStepEditor: ComponentType<EditorProps> = lazy(() => import('./ChangeStepEditor'));

interface EditorProps {
  step: string;
  forms: AskedForms;
  initial: Record<string, unknown>;
  onClose: () => void;
}
/** The search parameter that names the step being changed (?change=repair): Back closes it. */
const CHANGE_PARAM = 'change';

/** A document's name in the reader's language where an upload of it names it, else its code in words. */
function useDocumentName(): (code: string) => string {
  const { i18n } = useTranslation();
  const { data } = useGetAttachmentsQuery();
  return (code) => {
    const name = data?.find((a) => a.document_type === code)?.document_name;
    return (name && (i18n.language === 'sw' ? name.sw : name.en)) || code.replace(/_/g, ' ');
  };
}

/** One document asked for: its file chosen and sent at once (the dashboard's upload). */
function DocumentUpload({ request }: { request: Extract<ChangeRequest, { kind: 'document' }> }) {
  const { t } = useTranslation();
  const [upload, { isLoading }] = useUploadDashboardAttachmentMutation();
  const [problem, setProblem] = useState('');
  const id = `change-file-${request.document_type}`;
  const chosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setProblem('');
    try {
      await upload({ document_type: request.document_type, file }).unwrap();
    } catch (caught) {
      setProblem((caught as ApiFailure).message || t('errors.network'));
    }
    event.target.value = '';
  };
  return (
    <Box sx={{ mt: 1 }}>
      <Button component="label" variant="outlined" htmlFor={id} disabled={isLoading}>
        {t(request.action === 'add' ? 'dashboard.changes.add_file' : 'dashboard.changes.replace_file')}
        <input
          id={id}
          type="file"
          hidden
          accept="application/pdf,image/jpeg,image/png"
          onChange={(event) => void chosen(event)}
        />
      </Button>
      {problem && (
        <Typography role="alert" color="error" sx={{ mt: 1 }}>
          {problem}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The open round as a checklist: each request with its remark, done or not, and how to answer it
 * (nothing to answer with once the deadline has passed: the server refuses changes then).
 */
function Checklist({ open }: { open: Open }) {
  const { t } = useTranslation();
  const stepTitle = useStepTitles();
  const documentName = useDocumentName();
  return (
    <Box component="ul" aria-label={t('dashboard.changes.checklist')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {open.requests.map((request, i) => {
        const what =
          request.kind === 'step'
            ? t('dashboard.changes.step', { step: stepTitle(request.step) })
            : t(`dashboard.changes.document_${request.action}`, { document: documentName(request.document_type) });
        return (
          <Box
            component="li"
            key={i}
            sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', overflowWrap: 'anywhere' }}
          >
            <Typography sx={{ fontWeight: 700 }}>
              <span aria-hidden="true">{request.done ? '✓ ' : '○ '}</span>
              {what}
            </Typography>
            <Typography variant="body2" color={request.done ? 'success.main' : 'text.secondary'}>
              {t(request.done ? 'dashboard.changes.done' : 'dashboard.changes.not_done')}
            </Typography>
            <Typography sx={{ mt: 0.5 }}>{t('dashboard.changes.remark', { remark: request.remark })}</Typography>
            {open.overdue ? null : request.kind === 'step' ? (
              <Link
                component={RouterLink}
                to={`/dashboard/application?tab=application&${CHANGE_PARAM}=${encodeURIComponent(request.step)}`}
                sx={{ display: 'inline-block', mt: 1 }}
              >
                {t('dashboard.changes.change_step', { step: stepTitle(request.step) })}
              </Link>
            ) : (
              <DocumentUpload request={request} />
            )}
          </Box>
        );
      })}
    </Box>
  );
}

/** Resubmit with a note; what is still open is listed when the server refuses. */
function Resubmit() {
  const { t } = useTranslation();
  const [resubmit, { isLoading }] = useResubmitChangesMutation();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<{ message: string; errors: FieldError[] } | null>(null);
  const [noteError, setNoteError] = useState('');
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (note.trim() === '') {
      setNoteError(t('dashboard.changes.note_required'));
      return;
    }
    setNoteError('');
    setProblem(null);
    try {
      await resubmit({ note: note.trim() }).unwrap();
    } catch (caught) {
      const failure = caught as ApiFailure;
      const errors = (failure.data as { errors?: FieldError[] } | undefined)?.errors ?? [];
      setProblem({ message: failure.message || t('errors.network'), errors });
    }
  };
  return (
    <Box component="form" noValidate onSubmit={(e) => void send(e)} sx={{ mt: 3 }}>
      <TextField
        id="change-note"
        label={t('dashboard.changes.note')}
        helperText={noteError || t('dashboard.changes.note_help')}
        error={noteError !== ''}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        multiline
        minRows={3}
        required
        fullWidth
        slotProps={{ htmlInput: { maxLength: CHANGE_NOTE_MAX } }}
      />
      {problem && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {problem.message}
          {problem.errors.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {problem.errors.map((e) => (
                <li key={e.path}>{e.message}</li>
              ))}
            </Box>
          )}
        </Alert>
      )}
      <Button type="submit" variant="contained" disabled={isLoading} sx={{ mt: 2 }}>
        {t('dashboard.changes.resubmit')}
      </Button>
    </Box>
  );
}

/** Earlier rounds in plain words, for the history. */
function Rounds({ rounds }: { rounds: ChangeRequestsAnswer['rounds'] }) {
  const { t, i18n } = useTranslation();
  const stepTitle = useStepTitles();
  const documentName = useDocumentName();
  return (
    <Box component="ol" aria-label={t('dashboard.changes.rounds')} sx={{ pl: 3, m: 0 }}>
      {rounds.map((round) => (
        <li key={round.number}>
          <Typography>
            {t('dashboard.changes.round', {
              number: round.number,
              asked: formatDate(round.asked_at, i18n.language),
              count: round.requests.length,
            })}
          </Typography>
          {round.resubmitted_at && (
            <Typography variant="body2" color="text.secondary">
              {t('dashboard.changes.round_answered', {
                date: formatDate(round.resubmitted_at, i18n.language),
                changed: [...round.changed_steps.map(stepTitle), ...round.changed_documents.map(documentName)].join(
                  ', ',
                ),
              })}
            </Typography>
          )}
          {round.note && (
            <Typography variant="body2">{t('dashboard.changes.your_note', { note: round.note })}</Typography>
          )}
        </li>
      ))}
    </Box>
  );
}

/**
 * The requests for changes on the Application tab: while the application is returned, the open
 * round's checklist, the deadline in words, a way to answer each request and Resubmit (until the
 * deadline has passed: then only the deadline, that it has passed and whom to contact); and every round.
 */
export function ChangeRequests() {
  const { t, i18n } = useTranslation();
  const { data } = useGetChangeRequestsQuery();
  const [params, setParams] = useSearchParams();
  if (!data || (!data.open && data.rounds.length === 0)) return null;
  const { open } = data;
  const editing = params.get(CHANGE_PARAM);
  const close = () => {
    const next = new URLSearchParams(params);
    next.delete(CHANGE_PARAM);
    setParams(next);
  };
  if (open && editing && open.requests.some((r) => r.kind === 'step' && r.step === editing)) {
    return (
      <Suspense fallback={<CircularProgress aria-label={t('dashboard.loading')} />}>
        <ChangeStepEditor step={editing} forms={open.forms} initial={open.answers[editing] ?? {}} onClose={close} />
      </Suspense>
    );
  }
  const past = data.rounds.filter((r) => r.status !== 'open');
  return (
    <Box component="section" aria-labelledby="changes-title" sx={{ mb: 4 }}>
      <Typography component="h2" variant="h2" id="changes-title" gutterBottom>
        {t(open ? 'dashboard.changes.title' : 'dashboard.changes.history_title')}
      </Typography>
      {open && (
        <>
          <Alert severity={open.overdue ? 'error' : 'warning'} role="status" sx={{ mb: 2 }}>
            {open.overdue
              ? t('dashboard.changes.overdue', { date: formatDate(open.due_date, i18n.language) })
              : t('dashboard.changes.deadline', {
                  date: formatDate(open.due_date, i18n.language),
                  count: open.working_days_left,
                })}
          </Alert>
          {open.remark && (
            <Typography sx={{ mb: 2 }}>{t('dashboard.changes.remark', { remark: open.remark })}</Typography>
          )}
          <Checklist open={open} />
          {!open.overdue && <Resubmit />}
        </>
      )}
      {past.length > 0 && (
        <Box sx={{ mt: open ? 3 : 0 }}>
          {open && (
            <Typography component="h3" variant="h3" gutterBottom>
              {t('dashboard.changes.history_title')}
            </Typography>
          )}
          <Rounds rounds={past} />
        </Box>
      )}
    </Box>
  );
}
