import { createInflate, crc32 } from 'node:zlib';
import { imageSize } from 'image-size';

/**
 * Photos bounded to a photo's size, and read through before they are kept. A phone's photo is 12 to 50
 * megapixels and under 10,000 pixels a side; a drawing larger than that goes as a PDF. An image
 * declaring more (e.g. 14,000 × 14,000, 196 megapixels, in a few kilobytes) is a decompression bomb
 * for whoever opens it: a browser, the back office's viewer.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
export const MAX_IMAGE_SIDE = 12_000;

export type ImageProblem = 'too_large' | 'damaged';

/**
 * For a PNG or JPEG (by content): 'too_large' past MAX_IMAGE_PIXELS or MAX_IMAGE_SIDE (by its header,
 * read with `image-size`); 'damaged' when the header cannot be read, or the file is not whole: a PNG
 * whose chunks' checksums fail, or whose pixel data does not inflate to exactly what its header
 * declares; a JPEG whose segments overrun the file or that has no end after its scan. PDFs: undefined.
 */
export async function imageProblem(bytes: Buffer, mimeType: string): Promise<ImageProblem | undefined> {
  if (mimeType !== 'image/png' && mimeType !== 'image/jpeg') return undefined;
  let size: { width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    return 'damaged';
  }
  const { width = 0, height = 0 } = size;
  if (width === 0 || height === 0) return 'damaged';
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) return 'too_large';
  const whole = mimeType === 'image/png' ? await pngWhole(bytes) : jpegWhole(bytes);
  return whole ? undefined : 'damaged';
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Adam7's passes: first column, first row, column step, row step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** The bytes a PNG's pixel data inflates to: per row, a filter byte and the row's pixels. */
function pngDataSize(width: number, height: number, bitDepth: number, colourType: number, interlaced: boolean) {
  const bits = bitDepth * (CHANNELS[colourType] ?? 0);
  if (bits === 0) return undefined;
  const rows = (w: number, h: number) => (w === 0 || h === 0 ? 0 : h * (1 + Math.ceil((w * bits) / 8)));
  if (!interlaced) return rows(width, height);
  return ADAM7.reduce(
    (sum, [x, y, dx, dy]) =>
      sum + rows(Math.ceil(Math.max(0, width - x) / dx), Math.ceil(Math.max(0, height - y) / dy)),
    0,
  );
}

/** Every chunk whole with its checksum, IHDR first, IEND last, and IDAT inflating to exactly the declared size. */
async function pngWhole(bytes: Buffer): Promise<boolean> {
  let position = 8;
  const data: Buffer[] = [];
  let header: Buffer | undefined;
  let ended = false;
  while (position + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(position);
    const end = position + 12 + length;
    if (end > bytes.length) return false;
    const type = bytes.toString('latin1', position + 4, position + 8);
    if (crc32(bytes.subarray(position + 4, position + 8 + length)) !== bytes.readUInt32BE(end - 4)) return false;
    const body = bytes.subarray(position + 8, position + 8 + length);
    if (header === undefined && type !== 'IHDR') return false;
    if (type === 'IHDR') header = body;
    if (type === 'IDAT') data.push(body);
    position = end;
    if (type === 'IEND') {
      ended = true;
      break;
    }
  }
  if (!ended || header === undefined || header.length !== 13 || data.length === 0) return false;
  const expected = pngDataSize(
    header.readUInt32BE(0),
    header.readUInt32BE(4),
    header[8]!,
    header[9]!,
    header[12] === 1,
  );
  return expected !== undefined && (await inflatedSize(data, expected)) === expected;
}

/** How many bytes the zlib stream inflates to, counting without keeping them; stops past `most`. */
function inflatedSize(parts: readonly Buffer[], most: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const inflate = createInflate();
    let total = 0;
    let done = false;
    const finish = (value: number | undefined) => {
      if (done) return;
      done = true;
      inflate.destroy();
      resolve(value);
    };
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > most) finish(total);
    });
    inflate.on('error', () => finish(undefined));
    inflate.on('end', () => finish(total));
    for (const part of parts) inflate.write(part);
    inflate.end();
  });
}

/** Segments from SOI to the scan, each within the file, then an end-of-image marker after the scan. */
function jpegWhole(bytes: Buffer): boolean {
  let position = 2;
  while (position + 4 <= bytes.length) {
    if (bytes[position] !== 0xff) return false;
    const marker = bytes[position + 1]!;
    if (marker === 0xff) {
      position += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      position += 2;
      continue;
    }
    if (marker === 0xd9) return false; // the end before any scan
    const length = bytes.readUInt16BE(position + 2);
    if (length < 2 || position + 2 + length > bytes.length) return false;
    position += 2 + length;
    // In the scan's data a 0xFF is followed by 0x00 or a restart marker: FF D9 is the end of the image.
    if (marker === 0xda) return bytes.indexOf(Buffer.from([0xff, 0xd9]), position) !== -1;
  }
  return false;
}
