import { open } from 'node:fs/promises';

/**
 * What an upload's name and content must be, beyond its type by content (file-storage.ts) and its size.
 * The name is never used to store or serve the file (both go by a random id and the document type),
 * but a name that pretends to be something else is an attack, not an applicant's document.
 */

/** The extensions a document's name may end with (none at all is fine: some phones name files so). */
const ACCEPTED_EXTENSIONS = new Set(['pdf', 'jpg', 'jpeg', 'png']);
/** Extensions that run or render when opened: never inside a document's name (`plan.exe.pdf`). */
const ACTIVE_EXTENSIONS = new Set(
  (
    'exe com bat cmd scr msi msp dll cpl pif lnk hta jar apk app dmg iso bin run elf ' +
    'js mjs cjs jse vbs vbe wsf wsh ps1 psm1 sh bash zsh csh py pl rb php phtml php5 asp aspx jsp cgi ' +
    'html htm xhtml shtml svg svgz xml xsl mht mhtml swf'
  ).split(' '),
);
/** Control characters (NUL included), path separators, and the bidirectional controls that disguise an extension. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const FORBIDDEN_CHARACTERS = /[\u0000-\u001f\u007f/\\\u202a-\u202e\u2066-\u2069]/;

export type FileNameProblem = 'malformed' | 'disguised';

/**
 * 'malformed': not a plain file name (a path, a drive, control characters, empty or over 255 characters);
 * 'disguised': ends with an extension other than .pdf/.jpg/.jpeg/.png, or hides an active one (.exe, .html, .svg…).
 */
export function fileNameProblem(name: string): FileNameProblem | undefined {
  if (name.trim() === '' || name.length > 255 || name === '.' || name === '..') return 'malformed';
  if (FORBIDDEN_CHARACTERS.test(name) || /^[A-Za-z]:/.test(name)) return 'malformed';
  const extensions = name
    .split('.')
    .slice(1)
    .map((part) => part.trim().toLowerCase());
  if (extensions.length === 0) return undefined;
  if (!ACCEPTED_EXTENSIONS.has(extensions.at(-1)!)) return 'disguised';
  return extensions.some((extension) => ACTIVE_EXTENSIONS.has(extension)) ? 'disguised' : undefined;
}

/**
 * At most 200 megapixels per image: an A0 drawing scanned at 300 dpi is 139. An image declaring more
 * (e.g. 100,000 × 100,000 in a few kilobytes of compressed data) is a decompression bomb for whoever
 * opens it: a browser, the back office's viewer.
 */
export const MAX_IMAGE_PIXELS = 200_000_000;

/** SOFn markers (frame headers, which give the size); C4, C8 and CC are other segments. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

/** An image's declared width and height, read from its header; undefined when it has none (not a real image). */
export async function imageSize(
  filePath: string,
  mimeType: string,
): Promise<{ width: number; height: number } | undefined> {
  const file = await open(filePath, 'r');
  const read = async (position: number, length: number) => {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await file.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  };
  try {
    if (mimeType === 'image/png') {
      // The signature (8 bytes), then the IHDR chunk first: length, 'IHDR', width, height.
      const head = await read(0, 24);
      if (head.length < 24 || head.toString('latin1', 12, 16) !== 'IHDR') return undefined;
      return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
    }
    if (mimeType === 'image/jpeg') {
      // Segments after the SOI marker, each FF <marker> <length>, until a frame header (or the scan data).
      let position = 2;
      for (let segments = 0; segments < 10_000; segments++) {
        const header = await read(position, 9);
        if (header.length < 4 || header[0] !== 0xff) return undefined;
        const marker = header[1]!;
        if (marker === 0xff) {
          position += 1; // fill byte
          continue;
        }
        if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
          position += 2; // markers without a length
          continue;
        }
        if (marker === 0xda || marker === 0xd9) return undefined; // scan data or the end before any frame header
        if (isStartOfFrame(marker)) {
          if (header.length < 9) return undefined;
          return { width: header.readUInt16BE(7), height: header.readUInt16BE(5) };
        }
        position += 2 + header.readUInt16BE(2);
      }
      return undefined;
    }
    return undefined;
  } finally {
    await file.close();
  }
}

export type ImageProblem = 'too_many_pixels' | 'not_an_image';

/** For a PNG or JPEG: whether its declared size is missing, zero, or over MAX_IMAGE_PIXELS. PDFs are not looked into. */
export async function imageProblem(filePath: string, mimeType: string): Promise<ImageProblem | undefined> {
  if (mimeType !== 'image/png' && mimeType !== 'image/jpeg') return undefined;
  const size = await imageSize(filePath, mimeType);
  if (!size || size.width === 0 || size.height === 0) return 'not_an_image';
  return size.width * size.height > MAX_IMAGE_PIXELS ? 'too_many_pixels' : undefined;
}
