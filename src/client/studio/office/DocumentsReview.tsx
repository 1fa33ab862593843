import { useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../format-time';
import { openDocument, type StaffApplication } from '../../../shared/api/back-office';
import { useStudioDispatch } from '../hooks';
import { staffSignedOut } from '../staff-session-slice';
import { FileViewer } from './FileViewer';
import { useUpdateAttachmentMutation } from './office-api';
import { failureText, Outcome, type OutcomeState } from './Outcome';
import { fetchFile, useShownFile } from './staff-file';

type Attachment = StaffApplication['attachments'][number];

/**
 * The application's documents, each with its file, scale and size, its review so far, and Accept or
 * Reject with a remark (update_attachment: the applicant is told of a rejection and its remark).
 */
export function DocumentsReview({ application }: { application: StaffApplication }) {
  const { t } = useTranslation('office');
  const current = application.attachments.filter((attachment) => attachment.status !== 'replaced');
  return (
    <Box component="section" aria-labelledby="documents-title" sx={{ mb: 3 }}>
      <Typography id="documents-title" component="h2" variant="h5" sx={{ mb: 1 }}>
        {t('documents.title')}
      </Typography>
      {current.length === 0 ? (
        <Typography>{t('documents.none')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
          {current.map((attachment) => (
            <DocumentReview
              key={attachment.attachment_id}
              reference={application.reference_number}
              attachment={attachment}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}

function DocumentReview({ reference, attachment }: { reference: string; attachment: Attachment }) {
  const { t, i18n } = useTranslation('office');
  const [remark, setRemark] = useState('');
  const [review, reviewing] = useUpdateAttachmentMutation();
  // Only a refusal is said here: the document's status shows what was decided.
  const [failure, setFailure] = useState<OutcomeState>(null);
  const name = i18n.language === 'sw' ? attachment.document_name.sw : attachment.document_name.en;
  const size = formatNumber(attachment.size / 1024, i18n.language, 1);
  const dispatch = useStudioDispatch();
  const [shown, setShown] = useShownFile();
  const [opening, setOpening] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const open = async () => {
    setOpening(true);
    const result = await fetchFile(
      openDocument.path,
      { attachment_id: attachment.attachment_id },
      i18n.language,
      attachment.file_name ?? name,
    );
    setOpening(false);
    if (result.ok) {
      setFailure(null);
      setShown(result.file);
      return;
    }
    if (result.status === 401) dispatch(staffSignedOut('expired'));
    setFailure({ ok: false, text: result.message || t('viewer.failed') });
  };
  const close = () => {
    setShown(null);
    openButton.current?.focus();
  };
  const fileLine = attachment.scale
    ? t('documents.file_scale', { file: attachment.file_name ?? t('documents.unnamed'), size, scale: attachment.scale })
    : t('documents.file', { file: attachment.file_name ?? t('documents.unnamed'), size });
  const decide = (status: 'accepted' | 'rejected') => async (event: FormEvent) => {
    event.preventDefault();
    if (status === 'rejected' && !remark.trim()) {
      setFailure({ ok: false, text: t('documents.remark_needed') });
      return;
    }
    setFailure(null);
    const result = await review({
      reference_number: reference,
      review: { attachment_id: attachment.attachment_id, status, ...(remark.trim() ? { remark: remark.trim() } : {}) },
    });
    if ('error' in result) setFailure({ ok: false, text: failureText(result.error, t('documents.failed')) });
    else setRemark('');
  };
  const remarkId = `remark-${attachment.attachment_id}`;
  return (
    <Box component="li" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
      <Typography component="h3" variant="h6">
        {name}
      </Typography>
      <Typography>{fileLine}</Typography>
      <Typography sx={{ fontWeight: 700 }}>{t(`documents.status.${attachment.status}`)}</Typography>
      {attachment.remark && <Typography sx={{ whiteSpace: 'pre-wrap' }}>{attachment.remark}</Typography>}
      {attachment.active_content && (
        <Alert severity="warning" sx={{ my: 1 }}>
          {t('documents.active_content')}
        </Alert>
      )}
      <Button
        ref={openButton}
        variant="text"
        disabled={opening}
        aria-label={t(attachment.active_content ? 'documents.save_named' : 'documents.open_named', { document: name })}
        onClick={() => void open()}
        sx={{ mt: 1 }}
      >
        {t(attachment.active_content ? 'documents.save' : 'documents.open')}
      </Button>
      {shown && (
        <FileViewer file={shown} title={name} details={fileLine} inline={!attachment.active_content} onClose={close} />
      )}
      <Box
        component="form"
        onSubmit={(event) => void decide('accepted')(event)}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}
      >
        <TextField
          id={remarkId}
          size="small"
          label={t('documents.remark', { document: name })}
          value={remark}
          onChange={(event) => setRemark(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
          sx={{ flex: '1 1 280px' }}
        />
        <Button
          type="submit"
          variant="outlined"
          disabled={reviewing.isLoading}
          aria-label={t('documents.accept_named', { document: name })}
        >
          {t('documents.accept')}
        </Button>
        <Button
          variant="outlined"
          color="error"
          disabled={reviewing.isLoading}
          aria-label={t('documents.reject_named', { document: name })}
          onClick={(event) => void decide('rejected')(event)}
        >
          {t('documents.reject')}
        </Button>
      </Box>
      <Outcome outcome={failure} />
    </Box>
  );
}
