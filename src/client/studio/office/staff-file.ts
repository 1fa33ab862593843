import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRequestInit } from '../../app/request-init';
import { isEnvelope } from '../../../shared/envelope';

/** The file types the workspace shows in the page: anything else is never framed. */
export const SHOWN_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type ShownType = (typeof SHOWN_TYPES)[number];

/** A file the workspace shows: its bytes typed as one of SHOWN_TYPES, and the name to save it under. */
export interface ShownFile {
  blob: Blob;
  type: ShownType;
  name: string;
}

/** What fetching a file came to: the file, or the refusal's status and message (empty when none came). */
export type FileResult = { ok: true; file: ShownFile } | { ok: false; status: number; message: string };

const isShown = (type: string): type is ShownType => (SHOWN_TYPES as readonly string[]).includes(type);

/** Bytes typed as `type`, if it is one the workspace shows: the server's type is never trusted to be one. */
export function shownFile(bytes: BlobPart, type: string, name: string): ShownFile | undefined {
  const bare = type.split(';')[0]!.trim().toLowerCase();
  return isShown(bare) ? { blob: new Blob([bytes], { type: bare }), type: bare, name } : undefined;
}

/** A base64 file of an envelope (a permit's PDF, its preview) as a file to show. */
export function base64File(content: string, type: string, name: string): ShownFile | undefined {
  const binary = atob(content);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return shownFile(bytes, type, name);
}

/**
 * A call whose answer is a file, not an envelope (open_document): fetched as the base query sends its
 * calls, in the reader's language; a refusal is an envelope, its message kept.
 */
export async function fetchFile(path: string, body: unknown, language: string, name: string): Promise<FileResult> {
  let response: Response;
  try {
    response = await fetch(path, apiRequestInit(body, { language }));
  } catch {
    return { ok: false, status: 0, message: '' };
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => undefined);
    return { ok: false, status: response.status, message: isEnvelope(payload) ? payload.response.message : '' };
  }
  const file = shownFile(await response.blob(), response.headers.get('Content-Type') ?? '', name);
  return file ? { ok: true, file } : { ok: false, status: response.status, message: '' };
}

/** A file being shown, with the object URL the page shows it by. */
export type OpenFile = ShownFile & { url: string };

/**
 * The file a part of the page shows, if any: `show(file)` makes its object URL (and gives back the one
 * shown before), `show(null)` closes it; the URL is given back when the part leaves the page too.
 */
export function useShownFile() {
  const [shown, setShown] = useState<OpenFile | null>(null);
  const url = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (url.current) URL.revokeObjectURL(url.current);
      url.current = null;
    },
    [],
  );
  const show = useCallback((file: ShownFile | null) => {
    if (url.current) URL.revokeObjectURL(url.current);
    url.current = file ? URL.createObjectURL(file.blob) : null;
    setShown(file && url.current ? { ...file, url: url.current } : null);
  }, []);
  return [shown, show] as const;
}
