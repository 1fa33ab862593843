import type { UiSchema } from '../../../../../shared/forms';
import { formatSize } from '../../../../../shared/text-format';
import { uploadedFile, type UploadedFile } from './uploaded-files';
import type { StepAnswers } from '../../wizard-slice';

/** The words of the documents' rows (common.json wizard.review). */
export interface DocumentTexts {
  uploaded: string;
  file: (values: { name: string; size: string }) => string;
  fileScale: (values: { name: string; size: string; scale: string }) => string;
  scale: (values: { scale: string }) => string;
  lng: string;
}

/**
 * The review's rows for the uploads, which the step's form does not show: each document by its name,
 * with the file sent for it, its size and the drawing's scale ('Floor plans: plan.pdf, 1.2 MB, scale
 * 1:100'); a file uploaded from another tab or device as "Uploaded". A step of uploaded documents never
 * reads "No answers given".
 */
export function scaleRows(
  uiSchema: UiSchema,
  answers: StepAnswers | undefined,
  texts: DocumentTexts,
  fileOf: (attachmentId: string) => UploadedFile | undefined = uploadedFile,
): { label: string; value: string }[] {
  const given = (field: string) =>
    Object.entries((answers?.[field] ?? {}) as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    );
  const ui = (uiSchema.documents ?? {}) as Record<string, unknown>;
  const title = (code: string) => {
    const name = (ui[code] as { 'ui:title'?: unknown } | undefined)?.['ui:title'];
    return typeof name === 'string' ? name : code;
  };
  const scales = new Map(given('scales'));
  return given('documents').map(([code, attachmentId]) => {
    const file = fileOf(attachmentId);
    const scale = scales.get(code);
    const size = file ? formatSize(file.size, texts.lng) : '';
    const value = file
      ? scale
        ? texts.fileScale({ name: file.name, size, scale })
        : texts.file({ name: file.name, size })
      : scale
        ? texts.scale({ scale })
        : texts.uploaded;
    return { label: title(code), value };
  });
}
