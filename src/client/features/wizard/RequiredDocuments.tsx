import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { RequiredDocument } from '../../../shared/reference-data';
import { requiredDocuments } from '../../../shared/required-documents';
import type { ApplicationType } from '../../../shared/wizard-driver';
import type { ApiFailure } from '../../app/api';
import { useAppSelector } from '../../app/hooks';
import { isLanguage } from '../../app/i18n';
import { useSplash } from '../splash/splash-api';
import { documentId } from './field-paths';
import { useUploadAttachmentMutation } from './forms-api';
import type { StepAnswers } from './wizard-slice';

const TYPE_NAMES: Record<string, string> = { 'application/pdf': 'PDF', 'image/jpeg': 'JPEG', 'image/png': 'PNG' };

/** A size as people read it: '340 KB', '1.5 MB'. */
export function formatBytes(bytes: number, lng: string): string {
  const number = (value: number) => new Intl.NumberFormat(lng, { maximumFractionDigits: 1 }).format(value);
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${number(bytes / 1024)} KB`;
  return `${number(bytes / (1024 * 1024))} MB`;
}

/** The file's type as the browser reports it, or from its extension when it reports none. */
function typeOf(file: File): string {
  if (file.type) return file.type;
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  return { pdf: 'application/pdf', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' }[extension] ?? '';
}

interface Uploaded {
  name: string;
  size: number;
}

interface DocumentUploadProps {
  document: RequiredDocument;
  lng: 'en' | 'sw';
  referenceNumber: string | null;
  attachmentId: string | undefined;
  onUploaded: (attachmentId: string) => void;
}

/** One required document: what it is, its file input (Choose file, then Replace), progress and errors. */
function DocumentUpload({ document, lng, referenceNumber, attachmentId, onUploaded }: DocumentUploadProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [upload, { isLoading }] = useUploadAttachmentMutation();
  const [uploaded, setUploaded] = useState<Uploaded | null>(null);
  const [error, setError] = useState('');
  const code = document.code;
  const ids = { hint: `${code}-hint`, status: `${code}-status`, error: `${code}-error` };
  const types = document.accept.map((type) => TYPE_NAMES[type] ?? type).join(', ');
  const name = document.name[lng];

  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setError('');
    // A quick answer in the browser; the server still checks the content.
    if (!document.accept.includes(typeOf(file))) return setError(t('wizard.uploads.wrong_type', { types }));
    if (file.size > document.max_bytes)
      return setError(t('wizard.uploads.too_large', { max: formatBytes(document.max_bytes, lng) }));
    if (file.size === 0) return setError(t('wizard.uploads.empty'));
    if (!referenceNumber) return setError(t('wizard.uploads.no_reference'));
    try {
      const answer = await upload({ reference_number: referenceNumber, document_type: code, file }).unwrap();
      setUploaded({ name: file.name, size: answer.size });
      onUploaded(answer.attachment_id);
    } catch (failure) {
      setError((failure as ApiFailure).message || t('errors.network'));
    }
  };

  const done = Boolean(attachmentId);
  const describedBy = [ids.hint, done ? ids.status : '', error ? ids.error : ''].filter(Boolean).join(' ');
  return (
    <Box
      component="li"
      id={documentId(code)}
      tabIndex={-1}
      sx={{ mb: 2, pb: 2, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}
    >
      <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {name}
      </Typography>
      <Typography>{document.description[lng]}</Typography>
      <Typography id={ids.hint} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('wizard.uploads.hint', { types, max: formatBytes(document.max_bytes, lng) })}
      </Typography>
      {/* The native input does the work (and takes the tests' files); the button is what people use. */}
      <input
        ref={input}
        type="file"
        id={`${code}-file`}
        data-document={code}
        accept={document.accept.join(',')}
        hidden
        onChange={(event) => void onFile(event.target.files?.[0])}
      />
      <Button
        variant="outlined"
        onClick={() => input.current?.click()}
        disabled={isLoading}
        aria-describedby={describedBy}
      >
        {t(done ? 'wizard.uploads.replace' : 'wizard.uploads.choose', { document: name })}
      </Button>
      <Box role="status" id={ids.status} sx={{ mt: 1 }}>
        {isLoading ? (
          <>
            <Typography variant="body2">{t('wizard.uploads.uploading')}</Typography>
            <LinearProgress aria-label={t('wizard.uploads.uploading')} sx={{ maxWidth: 320 }} />
          </>
        ) : done ? (
          <Typography variant="body2" sx={{ color: 'success.main', fontWeight: 600 }}>
            {uploaded
              ? t('wizard.uploads.uploaded_file', { name: uploaded.name, size: formatBytes(uploaded.size, lng) })
              : t('wizard.uploads.uploaded')}
          </Typography>
        ) : null}
      </Box>
      {error && (
        <Alert id={ids.error} severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}

/**
 * The uploads step: the documents this application needs (by type and storey count), each with its
 * upload. The attachment id the server answers goes into the step's answers, documents[code].
 */
export function RequiredDocuments({
  type,
  saved,
  answers,
  change,
}: {
  type: ApplicationType;
  saved: Record<string, StepAnswers>;
  answers: StepAnswers;
  change: (next: StepAnswers) => void;
}) {
  const { t, i18n } = useTranslation();
  const splash = useSplash();
  const referenceNumber = useAppSelector((state) => state.wizard.referenceNumber);
  const lng = isLanguage(i18n.language) ? i18n.language : 'en';
  const documents = requiredDocuments(type, saved, splash);
  const given = (answers.documents ?? {}) as Record<string, string>;
  // Several uploads may finish in any order: each adds its id to the latest answers.
  const latest = useRef(answers);
  useEffect(() => {
    latest.current = answers;
  }, [answers]);
  return (
    <Box sx={{ mb: 2 }}>
      <Typography component="h3" variant="h6" id="required-documents" gutterBottom>
        {t('wizard.uploads.required')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('wizard.uploads.intro')}</Typography>
      <Box component="ul" aria-labelledby="required-documents" sx={{ pl: 0, mt: 0 }}>
        {documents.map((document) => (
          <DocumentUpload
            key={document.code}
            document={document}
            lng={lng}
            referenceNumber={referenceNumber}
            attachmentId={given[document.code]}
            onUploaded={(id) => {
              const current = latest.current;
              const next = {
                ...current,
                documents: { ...((current.documents ?? {}) as object), [document.code]: id },
              };
              latest.current = next;
              change(next);
            }}
          />
        ))}
      </Box>
    </Box>
  );
}
