import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { scaleFits, scaleSchemaOf } from '../../../../../shared/drawing-scales';
import { documentsFor } from '../../../../../shared/document-rules';
import type { DocumentRule, JsonSchema } from '../../../../../shared/forms';
import { formatSize } from '../../../../../shared/text-format';
import type { ApplicationType } from '../../../../../shared/wizard-driver';
import { fileProblem, fileTypesText } from '../../../../components/file-checks';
import type { ApiFailure } from '../../../../app/api';
import { useAppSelector } from '../../../../app/hooks';
import { isLanguage } from '../../../../app/i18n';
import { documentId } from './document-ids';
import { useUploadAttachmentMutation } from '../../applications-api';
import { latestDraftFile, rememberUpload, uploadedFile } from './uploaded-files';
import type { StepAnswers } from '../../wizard-slice';

interface Uploaded {
  name: string;
  size: number;
}

/** A drawing's scale: its schema (the uploads step's scales.<code>) and the value typed. */
interface Scale {
  schema: JsonSchema;
  value: string;
  onChange: (value: string) => void;
}

interface DocumentUploadProps {
  /** Its rule (schemas/documents.json, with the forms): name, help, types, size, required or optional. */
  document: DocumentRule;
  lng: 'en' | 'sw';
  referenceNumber: string | null;
  attachmentId: string | undefined;
  onUploaded: (attachmentId: string) => void;
  /** Only for drawings. */
  scale?: Scale;
}

/** A drawing's scale field ('1:100'), optional; its id is the one the error summary links to. */
function ScaleField({ code, name, scale }: { code: string; name: string; scale: Scale }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(false);
  const wrong = left && !scaleFits(scale.schema, scale.value);
  return (
    <TextField
      id={`root_scales_${code}`}
      label={t('wizard.uploads.scale', { document: name })}
      value={scale.value}
      onChange={(event) => scale.onChange(event.target.value.trim())}
      onBlur={() => setLeft(true)}
      error={wrong}
      helperText={t(wrong ? 'wizard.uploads.scale_invalid' : 'wizard.uploads.scale_hint')}
      size="small"
      autoComplete="off"
      slotProps={{ htmlInput: { spellCheck: false } }}
      sx={{ display: 'flex', maxWidth: 360, mb: 1.5 }}
    />
  );
}

/** One document: what it is (optional or not), its file input (Choose file, then Replace), progress and errors. */
function DocumentUpload({ document, lng, referenceNumber, attachmentId, onUploaded, scale }: DocumentUploadProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [upload, { isLoading }] = useUploadAttachmentMutation();
  const [uploaded, setUploaded] = useState<Uploaded | null>(null);
  const [error, setError] = useState('');
  const code = document.id;
  const ids = { hint: `${code}-hint`, status: `${code}-status`, error: `${code}-error` };
  const types = fileTypesText(document.accept);
  const name = document.name[lng];

  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setError('');
    // A quick answer in the browser; the server still checks the content.
    const problem = fileProblem(file, document, lng);
    if (problem) return setError(t(problem.key, problem.values));
    if (!referenceNumber) return setError(t('wizard.uploads.no_reference'));
    try {
      // The scale goes with the file when it is one; the step's answer is stored with it on submit anyway.
      const withScale =
        scale && scale.value !== '' && scaleFits(scale.schema, scale.value) ? { scale: scale.value } : {};
      const answer = await upload({
        reference_number: referenceNumber,
        document_type: code,
        ...withScale,
        file,
      }).unwrap();
      // The name as the server keeps it: the same after a reload (open_draft answers it).
      const shown = { name: answer.file_name ?? file.name, size: answer.size };
      setUploaded(shown);
      rememberUpload(answer.attachment_id, shown);
      onUploaded(answer.attachment_id);
    } catch (failure) {
      setError((failure as ApiFailure).message || t('errors.network'));
    }
  };

  const done = Boolean(attachmentId);
  // Uploaded here, or before a reload or a Continue (the draft's files, as the server answered them).
  const file = uploaded ?? (attachmentId ? uploadedFile(attachmentId) : undefined);
  const describedBy = [ids.hint, done ? ids.status : '', error ? ids.error : ''].filter(Boolean).join(' ');
  return (
    <Box
      component="li"
      id={documentId(code)}
      tabIndex={-1}
      sx={{ mb: 2, pb: 2, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}
    >
      <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {document.required ? name : `${name} (${t('wizard.uploads.optional')})`}
      </Typography>
      <Typography>{document.help[lng]}</Typography>
      <Typography id={ids.hint} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('wizard.uploads.hint', { types, max: formatSize(document.max_bytes, lng) })}
      </Typography>
      {scale && <ScaleField code={code} name={name} scale={scale} />}
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
      {/* Not disabled while uploading: a disabled button drops the keyboard focus. */}
      <Button
        variant="outlined"
        onClick={() => {
          if (!isLoading) input.current?.click();
        }}
        aria-disabled={isLoading || undefined}
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
            {file
              ? t('wizard.uploads.uploaded_file', { name: file.name, size: formatSize(file.size, lng) })
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
 * The uploads step: the documents that apply to this application (the forms' document rules, by type
 * and saved answers such as the storey count), required or optional, each with its upload, and for
 * drawings their scale. The attachment id the server answers goes into the step's answers,
 * documents[code]; the scale into scales[code].
 */
export function RequiredDocuments({
  type,
  saved,
  answers,
  change,
  uploadsSchema,
  rules,
}: {
  type: ApplicationType;
  saved: Record<string, StepAnswers>;
  answers: StepAnswers;
  change: (next: StepAnswers) => void;
  /** The uploads step's schema: its scales say how a drawing's scale is written. */
  uploadsSchema?: JsonSchema;
  /** The document rules of the forms being served. */
  rules: readonly DocumentRule[];
}) {
  const { t, i18n } = useTranslation();
  const referenceNumber = useAppSelector((state) => state.wizard.referenceNumber);
  const lng = isLanguage(i18n.language) ? i18n.language : 'en';
  const documents = documentsFor(type, saved, rules);
  const given = (answers.documents ?? {}) as Record<string, string>;
  const scales = (answers.scales ?? {}) as Record<string, string>;
  // Several uploads may finish in any order: each adds its id to the latest answers.
  const latest = useRef(answers);
  useEffect(() => {
    latest.current = answers;
  }, [answers]);
  // A file uploaded before a reload (or in another browser, before a Continue) that the step's saved answers
  // do not name yet: the draft keeps it, so the step shows it again as it did, rather than ask for it anew.
  useEffect(() => {
    const named = (latest.current.documents ?? {}) as Record<string, string>;
    const kept = documents.flatMap((document) => {
      const id = named[document.id] ? undefined : latestDraftFile(referenceNumber, document.id);
      return id ? [[document.id, id] as const] : [];
    });
    if (kept.length === 0) return;
    latest.current = { ...latest.current, documents: { ...named, ...Object.fromEntries(kept) } };
    change(latest.current);
    // Once, as the step opens: later uploads name their files themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const setScale = (code: string, value: string) => {
    const { scales: before, ...rest } = latest.current;
    const next: Record<string, string> = { ...((before ?? {}) as Record<string, string>), [code]: value };
    if (value === '') delete next[code];
    latest.current = Object.keys(next).length > 0 ? { ...rest, scales: next } : rest;
    change(latest.current);
  };
  const scaleOf = (document: DocumentRule): Scale | undefined => {
    const code = document.id;
    const schema = document.drawing_scale ? scaleSchemaOf(uploadsSchema, code) : undefined;
    return schema && { schema, value: scales[code] ?? '', onChange: (value) => setScale(code, value) };
  };
  return (
    <Box sx={{ mb: 2 }}>
      <Typography component="h3" variant="h6" id="required-documents" gutterBottom>
        {t('wizard.uploads.required')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('wizard.uploads.intro')}</Typography>
      <Box component="ul" aria-labelledby="required-documents" sx={{ pl: 0, mt: 0 }}>
        {documents.map((document) => (
          <DocumentUpload
            key={document.id}
            document={document}
            lng={lng}
            referenceNumber={referenceNumber}
            attachmentId={given[document.id]}
            scale={scaleOf(document)}
            onUploaded={(id) => {
              const current = latest.current;
              const next = {
                ...current,
                documents: { ...(current.documents ?? {}), [document.id]: id },
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
