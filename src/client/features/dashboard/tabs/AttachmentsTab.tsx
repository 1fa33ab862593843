import { useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import type { DashboardAttachment } from '../../../../shared/api/dashboard';
import type { FieldError } from '../../../../shared/envelope';
import { rulesByCode } from '../../../../shared/document-rules';
import { uploadAfterSubmit } from '../../../../shared/uploads-after-submit';
import type { DocumentRule } from '../../../../shared/forms';
import { formatSize } from '../../../../shared/text-format';
import type { ApiFailure } from '../../../app/api';
import { useAppDispatch } from '../../../app/hooks';
import { showToast } from '../../../app/ui-slice';
import { EmptyState } from '../../../components/EmptyState';
import { useForms } from '../../../forms/forms-query';
import {
  useGetAttachmentsQuery,
  useGetDashboardApplicationQuery,
  useUploadDashboardAttachmentMutation,
} from '../dashboard-api';
import { fallbackName, useDownload } from '../use-download';
import { formatDateTime, localized } from '../format';
import { CardList, ListCard, QueryState } from '../parts';
import { Details } from '../../../components/Details';
import { fileProblem, FILE_TYPE_NAMES } from '../../../components/file-checks';

const STATUS_COLOURS = { uploaded: 'default', accepted: 'success', rejected: 'error' } as const;

/** Uploads a file for a document after the browser's quick checks (the server checks the content). */
function useUpload() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const [upload, { isLoading }] = useUploadDashboardAttachmentMutation();
  const run = async (file: File, document: DocumentRule | undefined, code: string, scale: string) => {
    const problem = fileProblem(file, document, i18n.language);
    if (problem) return t(problem.key, problem.values);
    try {
      await upload({ document_type: code, file, scale: scale.trim() || undefined }).unwrap();
      dispatch(showToast({ severity: 'success', key: 'dashboard.attachments.uploaded' }));
      return '';
    } catch (caught) {
      const failure = caught as ApiFailure;
      // A 422 says which value (the scale, the document) and why.
      const first = (failure.data as { errors?: FieldError[] } | undefined)?.errors?.[0]?.message;
      return (typeof first === 'string' && first) || failure.message || t('errors.network');
    }
  };
  return { upload: run, uploading: isLoading };
}

/** The document rules of the forms being served (schemas/documents.json), and the same by code. */
function useDocumentRules(): { rules: readonly DocumentRule[]; byCode: Map<string, DocumentRule> } {
  const forms = useForms();
  const rules = forms.data?.documents;
  return useMemo(() => ({ rules: rules ?? [], byCode: rulesByCode(rules ?? []) }), [rules]);
}

/** A document's name, with "(Optional)" when the application may go without it. */
function documentLabel(name: string, document: DocumentRule | undefined, optional: string): string {
  return document && !document.required ? `${name} (${optional})` : name;
}

function AttachmentItem({
  attachment,
  document,
  applicationStatus,
}: {
  attachment: DashboardAttachment;
  document?: DocumentRule;
  /** The application's status (a round of changes' documents are uploaded from the requested changes). */
  applicationStatus: string;
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const download = useDownload();
  const { upload, uploading } = useUpload();
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const name = localized(attachment.document_name, lng) || attachment.document_type;
  // After Submit only a document staff rejected (the server's rule; a document a round of changes asks
  // for is uploaded from the requested changes).
  const replaceable =
    uploadAfterSubmit({ status: applicationStatus, fileStatuses: [attachment.status], askedByRound: false }) ===
    'rejected';
  const ids = {
    title: `attachment-${attachment.attachment_id}`,
    error: `attachment-${attachment.attachment_id}-error`,
  };

  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setError('');
    setError(await upload(file, document, attachment.document_type, attachment.scale ?? ''));
  };

  return (
    <ListCard highlight={attachment.status === 'rejected'}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography component="h3" variant="h3" id={ids.title}>
          {documentLabel(name, document, t('wizard.uploads.optional'))}
        </Typography>
        <Chip
          size="small"
          color={STATUS_COLOURS[attachment.status] ?? 'default'}
          label={t(`dashboard.attachments.status.${attachment.status}`, { defaultValue: attachment.status })}
        />
      </Stack>
      <Details
        rows={[
          { label: t('dashboard.attachments.file'), value: attachment.file_name ?? '' },
          { label: t('dashboard.attachments.scale'), value: attachment.scale ?? '' },
          { label: t('dashboard.attachments.remark'), value: attachment.remark ?? '' },
          { label: t('dashboard.attachments.size'), value: formatSize(attachment.size, lng) },
          { label: t('dashboard.attachments.uploaded_at'), value: formatDateTime(attachment.uploaded_at, lng) },
        ]}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          disabled={downloading}
          onClick={() => {
            setDownloading(true);
            void download(attachment.attachment_id, fallbackName(name, attachment.mime_type)).finally(() =>
              setDownloading(false),
            );
          }}
          aria-label={t('dashboard.attachments.download', { document: name })}
        >
          {t('dashboard.attachments.download_short')}
        </Button>
        {replaceable && (
          <>
            <input
              ref={input}
              type="file"
              hidden
              data-attachment={attachment.attachment_id}
              accept={(document?.accept ?? Object.keys(FILE_TYPE_NAMES)).join(',')}
              onChange={(event) => void onFile(event.target.files?.[0])}
            />
            <Button
              variant={attachment.status === 'rejected' ? 'contained' : 'outlined'}
              startIcon={<UploadFileIcon />}
              disabled={uploading}
              aria-describedby={error ? ids.error : undefined}
              onClick={() => input.current?.click()}
              aria-label={t('dashboard.attachments.replace', { document: name })}
            >
              {t('dashboard.attachments.replace_short')}
            </Button>
          </>
        )}
      </Stack>
      <Box role="status">
        {uploading && <LinearProgress aria-label={t('wizard.uploads.uploading')} sx={{ mt: 2, maxWidth: 320 }} />}
      </Box>
      {error && (
        <Alert id={ids.error} severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
    </ListCard>
  );
}

/** The Attachments tab: each document with its status and remark, download; replace a rejected one. */
export function AttachmentsTab() {
  const { t } = useTranslation();
  const { data, isError, refetch } = useGetAttachmentsQuery();
  const application = useGetDashboardApplicationQuery();
  const documents = useDocumentRules();
  if (!data) return <QueryState failed={isError} onRetry={() => void refetch()} />;
  const status = application.data?.status ?? '';
  return (
    <>
      <Typography component="h2" variant="h2" id="attachments-title" gutterBottom>
        {t('dashboard.attachments.title')}
      </Typography>
      {data.length === 0 ? (
        <EmptyState />
      ) : (
        <CardList label={t('dashboard.attachments.title')}>
          {data.map((attachment) => (
            <AttachmentItem
              key={attachment.attachment_id}
              attachment={attachment}
              document={documents.byCode.get(attachment.document_type)}
              applicationStatus={status}
            />
          ))}
        </CardList>
      )}
      <Typography sx={{ mt: 3 }}>{t('dashboard.attachments.after_submit')}</Typography>
    </>
  );
}
