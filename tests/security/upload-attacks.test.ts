import { crc32, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RequiredDocument } from '../../src/shared/reference-data';
import { api } from '../server/application-fixtures';
import { post, type Envelope } from '../server/helpers';
import { createWorld, envelopeProblem, StateWatch, storedFiles, type Applicant } from './security-world';

// The upload attack set, against the wizard's upload to a draft and the dashboard's upload by session:
// every attack refused with its envelope and NOTHING stored (no table changed, no file or partial
// file in the uploads folder); what is accepted is stored under a random id, never the sent name.
//
// Decompression bombs, for the accepted types: the server inflates a PNG's pixel data only up to the
// size its header declares and never inflates PDF image streams, so the bombs that matter are (1)
// images declaring a huge pixel count in a few bytes, which every browser or viewer that opens them
// must allocate (refused above 50 megapixels or 12,000 pixels a side: tests/security/upload-content.test.ts), and (2)
// compressed request bodies: multipart is never inflated (refused unread), JSON is inflated only up
// to the 1 MB body limit. A PDF whose streams inflate to gigabytes is stored as it is: only a PDF
// viewer inflates it, and the server cannot tell without inflating it itself.

const LIMIT = 64 * 1024;
const world = await createWorld({ UPLOAD_MAX_BYTES: LIMIT });
afterAll(() => world.close());

const PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'),
  Buffer.alloc(300, 32),
  Buffer.from('\n%%EOF\n'),
]);
/** A PDF of exactly `size` bytes. */
const pdfOfSize = (size: number) =>
  Buffer.concat([PDF.subarray(0, 40), Buffer.alloc(size - 47, 32), Buffer.from('\n%%EOF\n')]);

const pngChunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};
/** A PNG declaring width × height, with a few rows of real (compressed) data. */
function png(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(Math.min(width * 4 + 1, 1 << 20)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
/** A baseline JPEG's headers declaring width × height (the server reads the frame header, never decodes). */
function jpeg(width: number, height: number): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt16BE(height, 0);
  size.writeUInt16BE(width, 2);
  return Buffer.concat([
    Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
    Buffer.from('ffc0001108', 'hex'),
    size,
    Buffer.from('03012200021101031101', 'hex'),
    Buffer.from('ffda000c03010002110311003f00', 'hex'),
    Buffer.alloc(64, 0x55),
    Buffer.from('ffd9', 'hex'),
  ]);
}
const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58, 0),
  Buffer.from([0x80, 0, 0, 0]),
  Buffer.alloc(64, 0),
  Buffer.from('PE\0\0'),
  Buffer.alloc(400, 0x90),
]);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(500, 0)]);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.domain)</script></svg>',
);

interface Part {
  /** The filename parameter as sent, raw (it may hold quotes, NUL, backslashes). */
  filename?: string;
  /** A whole Content-Disposition value instead (e.g. with filename*=). */
  disposition?: string;
  content: Buffer;
  type?: string;
}

const BOUNDARY = '----kibali-security-boundary';
function multipartBody(fields: Record<string, string>, file: Part): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  const disposition = file.disposition ?? `form-data; name="file"; filename="${file.filename ?? 'document.pdf'}"`;
  parts.push(
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${file.type ?? 'application/pdf'}\r\n\r\n`,
      'utf8',
    ),
    file.content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  );
  return Buffer.concat(parts);
}

let base = '';
beforeAll(async () => {
  base = await world.app.listen({ port: 0, host: '127.0.0.1' });
});

const documents = (
  await post<Envelope<{ normal_attachments: RequiredDocument[] }>>(world.app, '/api/splash/get_splash')
).body!.response.data;
const allDocuments = Object.values(documents)
  .filter(Array.isArray)
  .flat()
  .filter((d): d is RequiredDocument => Array.isArray((d as Partial<RequiredDocument>).accept));
const pdfDocument = allDocuments.find((d) => d.accept.includes('application/pdf') && d.max_bytes > LIMIT)!;
const imageDocument = allDocuments.find((d) => d.accept.includes('image/png') && d.accept.includes('image/jpeg'))!;

interface Mode {
  name: string;
  fields: (documentType: string) => Record<string, string>;
  headers: () => Promise<Record<string, string>>;
}
const draft = world.applicant('draft');
const submitted: Applicant = world.applicant('submitted');
const MODES: Mode[] = [
  {
    name: 'draft upload (reference number)',
    fields: (document_type) => ({ reference_number: draft.reference, document_type }),
    headers: async () => ({ cookie: await world.draftCookie(draft) }),
  },
  {
    name: 'dashboard upload (session)',
    fields: (document_type) => ({ document_type }),
    headers: async () => ({ cookie: await world.sessionCookie(submitted) }),
  },
];

/**
 * After Submit the dashboard takes only a document staff rejected (issue 31, item 5): staff reject the
 * submitted application's current file of the document, so that the dashboard's upload reaches the
 * checks of its content. (Made before a StateWatch starts, so as not to count as the upload's change.)
 */
async function reopen(mode: Mode, documentType: string) {
  if (mode !== MODES[1]) return;
  await world.t.database.db
    .updateTable('attachment')
    .set({ status: 'rejected' })
    .where('application_id', '=', submitted.id)
    .where('document_type', '=', documentType)
    .where('status', '!=', 'replaced')
    .execute();
}

/** Uploads over real HTTP; `headers` carry the mode's session cookie (made before, so as not to count as a change). */
async function upload(mode: Mode, file: Part, documentType: string, headers: Record<string, string>) {
  const extra = headers;
  const res = await fetch(`${base}/api/attachment/upload`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
    body: new Uint8Array(
      extra['content-encoding']
        ? gzipSync(multipartBody(mode.fields(documentType), file))
        : multipartBody(mode.fields(documentType), file),
    ),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  return { status: res.status, contentType: res.headers.get('content-type'), text, body: JSON.parse(text) as Envelope };
}

interface Attack {
  name: string;
  file: Part;
  documentType?: 'pdf' | 'image';
  status: number;
  message: string;
  headers?: Record<string, string>;
}

const real = PDF;
const ATTACKS: Attack[] = [
  {
    name: 'a Windows executable named .pdf',
    file: { filename: 'plan.pdf', content: EXE },
    status: 415,
    message: 'file_type_refused',
  },
  {
    name: 'a Windows executable named .jpg',
    file: { filename: 'photo.jpg', content: EXE, type: 'image/jpeg' },
    documentType: 'image',
    status: 415,
    message: 'file_type_refused',
  },
  {
    name: 'an ELF executable named .pdf',
    file: { filename: 'plan.pdf', content: ELF },
    status: 415,
    message: 'file_type_refused',
  },
  {
    name: 'an ELF executable named .png',
    file: { filename: 'photo.png', content: ELF, type: 'image/png' },
    documentType: 'image',
    status: 415,
    message: 'file_type_refused',
  },
  {
    name: 'HTML with a script named .pdf',
    file: { filename: 'plan.pdf', content: HTML },
    status: 415,
    message: 'file_type_refused',
  },
  {
    name: 'SVG with a script named .png',
    file: { filename: 'photo.png', content: SVG, type: 'image/png' },
    documentType: 'image',
    status: 415,
    message: 'file_type_refused',
  },
  {
    name: 'SVG with a script named .jpg',
    file: { filename: 'photo.jpg', content: SVG, type: 'image/jpeg' },
    documentType: 'image',
    status: 415,
    message: 'file_type_refused',
  },
  {
    name: 'SVG with a script named .pdf',
    file: { filename: 'plan.pdf', content: SVG },
    status: 415,
    message: 'file_type_refused',
  },
  {
    name: 'double extension x.pdf.exe (PDF content)',
    file: { filename: 'x.pdf.exe', content: real },
    status: 415,
    message: 'file_name_refused',
  },
  {
    name: 'double extension x.exe.pdf (PDF content)',
    file: { filename: 'x.exe.pdf', content: real },
    status: 415,
    message: 'file_name_refused',
  },
  {
    name: 'double extension x.exe.pdf (executable)',
    file: { filename: 'x.exe.pdf', content: EXE },
    status: 415,
    message: 'file_name_refused',
  },
  {
    name: 'double extension x.html.pdf',
    file: { filename: 'x.html.pdf', content: real },
    status: 415,
    message: 'file_name_refused',
  },
  {
    name: 'double extension x.svg.png',
    file: { filename: 'x.svg.png', content: png(1, 1), type: 'image/png' },
    documentType: 'image',
    status: 415,
    message: 'file_name_refused',
  },
  {
    name: 'a disguised extension (right-to-left override)',
    file: { filename: 'invoice\u202efdp.exe', content: real },
    status: 400,
    message: 'file_name_refused',
  },
  {
    name: 'a file one byte over the limit',
    file: { filename: 'plan.pdf', content: pdfOfSize(LIMIT + 1) },
    status: 413,
    message: 'file_too_large',
  },
  {
    name: 'path traversal ../../etc/passwd.pdf',
    file: { filename: '../../etc/passwd.pdf', content: real },
    status: 400,
    message: 'file_name_refused',
  },
  {
    name: 'path traversal ..\\..\\x.pdf',
    file: { filename: '..\\..\\x.pdf', content: real },
    status: 400,
    message: 'file_name_refused',
  },
  {
    name: 'an absolute path /etc/passwd.pdf',
    file: { filename: '/etc/passwd.pdf', content: real },
    status: 400,
    message: 'file_name_refused',
  },
  {
    name: 'an absolute Windows path',
    file: { filename: 'C:\\Windows\\System32\\x.pdf', content: real },
    status: 400,
    message: 'file_name_refused',
  },
  {
    name: 'a drive-relative name C:x.pdf',
    file: { filename: 'C:x.pdf', content: real },
    status: 400,
    message: 'file_name_refused',
  },
  {
    name: 'a NUL in the name (x.pdf\\0.exe)',
    file: { filename: 'x.pdf\u0000.exe', content: real },
    status: 400,
    message: 'file_name_refused',
  },
  {
    name: 'a traversal in an RFC 5987 name (filename*=)',
    file: { disposition: 'form-data; name="file"; filename*=UTF-8\'\'..%2F..%2Fetc%2Fpasswd.pdf', content: real },
    status: 400,
    message: 'file_name_refused',
  },
  {
    name: 'a NUL in an RFC 5987 name (filename*=)',
    file: { disposition: 'form-data; name="file"; filename*=UTF-8\'\'plan.pdf%00.exe', content: real },
    status: 400,
    message: 'file_name_refused',
  },
  {
    name: 'a PNG bomb (100,000 × 100,000 pixels declared)',
    file: { filename: 'photo.png', content: png(100_000, 100_000), type: 'image/png' },
    documentType: 'image',
    status: 413,
    message: 'image_too_large',
  },
  {
    name: 'a JPEG bomb (65,535 × 65,535 pixels declared)',
    file: { filename: 'photo.jpg', content: jpeg(65_535, 65_535), type: 'image/jpeg' },
    documentType: 'image',
    status: 413,
    message: 'image_too_large',
  },
  {
    name: 'a gzip-encoded upload (20 MB of zeros in 20 KB)',
    file: { filename: 'plan.pdf', content: Buffer.concat([PDF.subarray(0, 40), Buffer.alloc(20 * 1024 * 1024)]) },
    headers: { 'content-encoding': 'gzip' },
    status: 415,
    message: 'unsupported_media_type',
  },
];

describe.each(MODES)('$name', (mode) => {
  test.each(ATTACKS.map((a) => [a.name, a] as const))('%s: refused, nothing stored', async (_name, attack) => {
    const headers = { ...(await mode.headers()), ...attack.headers };
    const documentType = attack.documentType === 'image' ? imageDocument.code : pdfDocument.code;
    await reopen(mode, documentType);
    const watch = new StateWatch(world);
    await watch.start();
    const res = await upload(mode, attack.file, documentType, headers);
    expect(envelopeProblem(res.status, res.contentType, res.text)).toBeUndefined();
    expect({ status: res.status, message: res.body.response.message }).toEqual({
      status: attack.status,
      message: (api.en[attack.message] ?? attack.message)
        .replace('{{mb}}', String(LIMIT / 1048576))
        .replace('{{megapixels}}', '50')
        .replace('{{side}}', '12,000'),
    });
    expect(await watch.changes()).toEqual({});
    expect(storedFiles(world).filter((name) => !/^[0-9a-f-]{36}$/.test(name))).toEqual([]);
  });

  test('what is accepted is stored under a random id, never under the name sent (kept only to be shown)', async () => {
    const before = new Set(storedFiles(world));
    const marker = `kibali-marker-${Date.now()}`;
    const headers = await mode.headers();
    await reopen(mode, pdfDocument.code);
    const atLimit = await upload(
      mode,
      { filename: `${marker}.pdf`, content: pdfOfSize(LIMIT) },
      pdfDocument.code,
      headers,
    );
    expect(atLimit.status).toBe(200);
    await reopen(mode, imageDocument.code);
    const image = await upload(
      mode,
      { filename: `${marker}.jpeg`, content: jpeg(4000, 3000), type: 'image/jpeg' },
      imageDocument.code,
      headers,
    );
    expect(image.status).toBe(200);
    const ids = [atLimit, image].map((r) => (r.body.response.data as { attachment_id: string }).attachment_id);
    const added = storedFiles(world).filter((name) => !before.has(name));
    expect(added.sort()).toEqual([...ids].sort());
    for (const name of added) expect(name).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const rows = await world.t.database.db.selectFrom('attachment').selectAll().where('id', 'in', ids).execute();
    expect(rows).toHaveLength(2);
    // The name sent is kept only to be shown back to its applicant (file_name), never where or how it is stored.
    expect(rows.map((row) => row.file_name).sort()).toEqual([`${marker}.jpeg`, `${marker}.pdf`]);
    expect(JSON.stringify(rows.map((row) => ({ ...row, file_name: null })))).not.toContain(marker);
  });
});

test('a dashboard download is named by its document type, not by the name it was sent with', async () => {
  const mode = MODES[1]!;
  const cookie = (await mode.headers()).cookie!;
  await reopen(mode, pdfDocument.code);
  const sent = await upload(mode, { filename: 'évil name (1).pdf', content: PDF }, pdfDocument.code, { cookie });
  expect(sent.status).toBe(200);
  const id = (sent.body.response.data as { attachment_id: string }).attachment_id;
  const res = await world.app.inject({
    method: 'POST',
    url: '/api/dashboard/download_attachment',
    headers: { cookie, 'content-type': 'application/json' },
    payload: { attachment_id: id },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${pdfDocument.code}.pdf"`);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.rawPayload.equals(PDF)).toBe(true);
});

test('a gzip-encoded JSON body inflating to 50 MB: inflated only up to the 1 MB body limit, then 413', async () => {
  const inflated = Buffer.concat([
    Buffer.from('{"message":"'),
    Buffer.alloc(50 * 1024 * 1024, 0x61),
    Buffer.from('"}'),
  ]);
  const bomb = gzipSync(inflated);
  expect(bomb.length).toBeLessThan(100 * 1024);
  const cookie = await world.sessionCookie(submitted);
  const watch = new StateWatch(world);
  await watch.start();
  const before = process.memoryUsage().rss;
  const res = await world.app.inject({
    method: 'POST',
    url: '/api/dashboard/send_message',
    headers: { cookie, 'content-type': 'application/json', 'content-encoding': 'gzip' },
    payload: bomb,
  });
  expect(res.statusCode).toBe(413);
  expect(envelopeProblem(res.statusCode, res.headers['content-type'], res.payload)).toBeUndefined();
  expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  expect(await watch.changes()).toEqual({});
});

test('random multipart bodies and file names: never a 5xx, always the envelope, refused ones store nothing', async () => {
  const watch = new StateWatch(world);
  await watch.start();
  const name = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.constantFrom('plan.pdf', 'a.PDF', 'x.pdf.', '.pdf', 'x..pdf', 'x.pdf ', '"', 'a";b="c.pdf', ''),
  );
  const content = fc.oneof(
    fc.constantFrom(PDF, png(1, 1), jpeg(10, 10), EXE, ELF, HTML, SVG, Buffer.alloc(0)),
    fc.uint8Array({ maxLength: 600 }).map((bytes) => Buffer.from(bytes)),
  );
  const garbage = fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes));
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...MODES),
      fc.record({ filename: name, content, type: fc.constantFrom('application/pdf', 'image/png', 'text/html', '') }),
      fc.constantFrom(pdfDocument.code, imageDocument.code, '__proto__', '', '../x'),
      fc.option(garbage),
      async (mode, file, documentType, raw) => {
        const headers = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...(await mode.headers()) };
        await watch.changes(); // a new session is not the upload's doing
        const res = await fetch(`${base}/api/attachment/upload`, {
          method: 'POST',
          headers,
          body: new Uint8Array(
            raw
              ? Buffer.concat([multipartBody(mode.fields(documentType), file).subarray(0, 120), raw])
              : multipartBody(mode.fields(documentType), file),
          ),
          signal: AbortSignal.timeout(20_000),
        });
        const text = await res.text();
        expect(res.status, text).toBeLessThan(500);
        expect(envelopeProblem(res.status, res.headers.get('content-type'), text)).toBeUndefined();
        const changed = await watch.changes();
        if (res.status >= 400) expect(changed).toEqual({});
        expect(storedFiles(world).filter((f) => f.startsWith('.partial'))).toEqual([]);
      },
    ),
    { numRuns: Number(process.env.SECURITY_RUNS ?? 60) },
  );
});
