import { HttpResponse } from 'msw';
import type { Envelope } from '../../shared/envelope';

// What every mock handler answers with, written once: the envelope, a reference number as typed,
// and a file's type by its content (as the server decides them).

/**
 * The API's envelope (src/shared/envelope.ts) with the HTTP status of its code; `T` checks the data
 * where a handler names it, and the answers of one handler's branches are of one type.
 */
export function envelope<T>(code: number, message: string, data: T): HttpResponse<Envelope<unknown>> {
  return HttpResponse.json<Envelope<unknown>>({ response: { code, message, data } }, { status: code });
}

/** A reference number as stored: typed in lower case, with spaces or a dash, it is the same number. */
export const normalized = (reference: unknown) =>
  typeof reference === 'string' ? reference.replace(/[\s-]/g, '').toUpperCase() : '';

/** A file's type by its first bytes, as the server decides it ('' for a type the portal does not take). */
export async function sniff(file: File): Promise<string> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46)) return 'application/pdf';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'image/png';
  return '';
}
