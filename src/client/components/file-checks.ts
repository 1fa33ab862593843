import type { DocumentRule } from '../../shared/forms';
import { formatSize } from '../../shared/text-format';

/** The kinds of file a document may accept, as applicants know them. */
export const FILE_TYPE_NAMES: Readonly<Record<string, string>> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
};

/** A document's kinds of file in words: 'PDF, JPEG'. */
export const fileTypesText = (accept: readonly string[]): string =>
  accept.map((type) => FILE_TYPE_NAMES[type] ?? type).join(', ');

/** The file's type as the browser reports it, or from its extension when it reports none. */
export function fileTypeOf(file: File): string {
  if (file.type) return file.type;
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  return { pdf: 'application/pdf', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' }[extension] ?? '';
}

/**
 * The browser's quick check of a chosen file against its document (the server checks the content
 * again): the text key of what is wrong and its values, or undefined. The wizard's uploads and the
 * dashboard's attachments say the same things the same way.
 */
export function fileProblem(
  file: File,
  document: Pick<DocumentRule, 'accept' | 'max_bytes'> | undefined,
  lng: string,
): { key: string; values?: Record<string, string> } | undefined {
  if (document) {
    if (!document.accept.includes(fileTypeOf(file)))
      return { key: 'wizard.uploads.wrong_type', values: { types: fileTypesText(document.accept) } };
    if (file.size > document.max_bytes)
      return { key: 'wizard.uploads.too_large', values: { max: formatSize(document.max_bytes, lng) } };
  }
  if (file.size === 0) return { key: 'wizard.uploads.empty' };
  return undefined;
}
