const EXTENSIONS: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };

/** The name a document is downloaded under: its kind, and the extension of its type. */
export function documentFileName(file: { document_type: string; mime_type: string }): string {
  return `${file.document_type}.${EXTENSIONS[file.mime_type] ?? 'bin'}`;
}
