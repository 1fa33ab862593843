import { inflateSync } from 'node:zlib';

/**
 * Whether a PDF holds active content: scripts (/JavaScript, /JS), actions run on opening or on events
 * (/OpenAction, /AA), programs launched (/Launch), files carried inside (/EmbeddedFile(s)), rich media
 * or XFA forms. Such a PDF is stored as sent (an applicant's scanner may add some) and flagged to
 * staff; the portal never runs or renders it (downloads are attachments, never shown inline).
 *
 * Names are read as PDF writes them (`/J#61vaScript` is /JavaScript), in the file and in its object
 * streams (/ObjStm, where PDF 1.5+ keeps dictionaries compressed), inflated up to INFLATE_BUDGET: a PDF
 * whose object streams inflate past it is flagged too, as it could not be read through.
 */
const ACTIVE_NAMES = new Set([
  'JavaScript',
  'JS',
  'OpenAction',
  'AA',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'XFA',
]);
const INFLATE_BUDGET = 32 * 1024 * 1024;

/** A PDF name: a solidus, then regular characters (PDF's delimiters and white space end it). */
const NAME = /\/([^\s/<>[\]()%{}]+)/g;

const decodeName = (raw: string) =>
  raw.replace(/#([0-9a-fA-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function namesActive(text: string): boolean {
  for (const match of text.matchAll(NAME)) if (ACTIVE_NAMES.has(decodeName(match[1]!))) return true;
  return false;
}

export function pdfHasActiveContent(bytes: Buffer): boolean {
  const text = bytes.toString('latin1');
  if (namesActive(text)) return true;
  let budget = INFLATE_BUDGET;
  // Each stream whose dictionary (just before it) names /ObjStm and /FlateDecode.
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    if (text.slice(match.index - 3, match.index) === 'end') continue;
    const dictionary = decodeName(text.slice(Math.max(0, match.index - 1024), match.index));
    const objectStart = dictionary.lastIndexOf(' obj');
    const own = objectStart === -1 ? dictionary : dictionary.slice(objectStart);
    if (!own.includes('/ObjStm') || !own.includes('/FlateDecode')) continue;
    const end = text.indexOf('endstream', start);
    if (end === -1) continue;
    let inflated: Buffer;
    try {
      inflated = inflateSync(bytes.subarray(start, end), { maxOutputLength: budget });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return true;
      continue; // not a readable stream: nothing a viewer would run either
    }
    budget -= inflated.length;
    if (namesActive(inflated.toString('latin1'))) return true;
  }
  return false;
}
