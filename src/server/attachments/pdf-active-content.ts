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
 *
 * It runs on every anonymous PDF upload, on the main thread: its time is linear in the file whatever
 * the file holds (issue 31). A stream's dictionary is looked for only back to the previous stream
 * keyword or `endobj` (and at most DICTIONARY_REACH characters), the `endstream` of each stream found
 * in one forward pass, at most MAX_OBJECT_STREAMS object streams inflated, and the bytes they inflate
 * from come to at most the file's size (a PDF's streams never overlap): past either, the PDF is flagged,
 * as it could not be read through.
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
export const MAX_OBJECT_STREAMS = 1000;
const DICTIONARY_REACH = 1024;

/** A PDF name: a solidus, then regular characters (PDF's delimiters and white space end it). */
const NAME = /\/([^\s/<>[\]()%{}]+)/g;

const decodeName = (raw: string) =>
  raw.replace(/#([0-9a-fA-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function namesActive(text: string): boolean {
  for (const match of text.matchAll(NAME)) if (ACTIVE_NAMES.has(decodeName(match[1]!))) return true;
  return false;
}

export function pdfHasActiveContent(bytes: Buffer): boolean {
  return scanPdf(bytes).active;
}

/** `objectStreams`: how many object streams were inflated (at most MAX_OBJECT_STREAMS). */
export function scanPdf(bytes: Buffer): { active: boolean; objectStreams: number } {
  const text = bytes.toString('latin1');
  let objectStreams = 0;
  const answer = (active: boolean) => ({ active, objectStreams });
  if (namesActive(text)) return answer(true);
  let budget = INFLATE_BUDGET;
  let input = bytes.length; // the bytes all object streams may inflate from, together
  let reach = 0; // where the next stream's dictionary may start: after the previous stream keyword
  const ends = /endstream/g;
  let end = -1; // the `endstream` last found: each search starts past it, so the file is searched once
  // Each stream whose dictionary (just before it) names /ObjStm and /FlateDecode.
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const from = reach;
    reach = match.index + match[0].length;
    if (text.slice(match.index - 3, match.index) === 'end') continue;
    const start = reach;
    const window = text.slice(Math.max(from, match.index - DICTIONARY_REACH), match.index);
    const objectEnd = window.lastIndexOf('endobj');
    const dictionary = decodeName(objectEnd === -1 ? window : window.slice(objectEnd + 'endobj'.length));
    const objectStart = dictionary.lastIndexOf(' obj');
    const own = objectStart === -1 ? dictionary : dictionary.slice(objectStart);
    if (!own.includes('/ObjStm') || !own.includes('/FlateDecode')) continue;
    if (objectStreams === MAX_OBJECT_STREAMS) return answer(true);
    if (end < start) {
      ends.lastIndex = start;
      const found = ends.exec(text);
      if (found === null) return answer(false); // no `endstream` after here: no later stream ends either
      end = found.index;
    }
    const data = bytes.subarray(start, end);
    input -= data.length;
    if (input < 0) return answer(true); // overlapping streams: not a PDF that can be read through
    objectStreams += 1;
    let inflated: Buffer;
    try {
      inflated = inflateSync(data, { maxOutputLength: budget });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return answer(true);
      continue; // not a readable stream: nothing a viewer would run either
    }
    budget -= inflated.length;
    if (namesActive(inflated.toString('latin1'))) return answer(true);
  }
  return answer(false);
}
