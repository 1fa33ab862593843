import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAX_OBJECT_STREAMS, scanPdf } from '../../src/server/attachments/pdf-active-content';
import { printAnswer } from '../../src/server/back-office/staff-cli-output';
import type { StaffApplication } from '../../src/shared/api/back-office';
import { api, personal, REPAIR, sample, SAVE } from '../server/application-fixtures';
import {
  createTestApp,
  databaseKinds,
  post,
  uploadDocuments,
  uploadFile,
  type Envelope,
  type TestApp,
} from '../server/helpers';

// Issue 31, item 7: a photo whose header claims 196 megapixels, and a PDF with JavaScript, were
// accepted as they were. Images are bounded to a photo's size (50 megapixels, 12,000 pixels a side)
// and read through (a PNG's chunks and pixel data, a JPEG's segments and its end); a PDF with active
// content is kept, as a scanner may add some, but flagged to staff: the staff API and the command line.

const TOKEN = 'upload-content-staff-token-0123456789abcdef';
const AUTH = { authorization: `Bearer ${TOKEN}` };

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};
/** An RGBA PNG of width × height whose pixel data inflates to `rows` rows (all of them by default). */
function png(width: number, height: number, rows = height): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(rows * (1 + width * 4)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
/** A baseline JPEG's segments declaring width × height, a little scan data, and (unless cut) its end. */
function jpeg(width: number, height: number, ended = true): Buffer {
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
    ended ? Buffer.from('ffd9', 'hex') : Buffer.alloc(0),
  ]);
}
const pdf = (body: string) =>
  Buffer.concat([Buffer.from(`%PDF-1.7\n${body}\n`), Buffer.alloc(200, 32), Buffer.from('\ntrailer\n%%EOF\n')]);
const PLAIN_PDF = pdf('1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj');
const SCRIPT_PDF = pdf(
  '1 0 obj\n<< /Type /Catalog /OpenAction 2 0 R >>\nendobj\n2 0 obj\n<< /S /JavaScript /JS (app.alert\\(1\\)) >>\nendobj',
);
/** The same, its names written with #-escapes, as a PDF may write any name. */
const ESCAPED_PDF = pdf('1 0 obj\n<< /Type /Catalog /Names << /J#61vaScript 3 0 R >> >>\nendobj');
/** The action inside a compressed object stream (PDF 1.5+), where no plain text search sees it. */
const objects = deflateSync(Buffer.from('3 0 << /Type /Catalog /OpenAction << /S /Launch /F (cmd.exe) >> >>'));
const HIDDEN_PDF = Buffer.concat([
  Buffer.from(
    `%PDF-1.7\n5 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${objects.length} >>\nstream\n`,
  ),
  objects,
  Buffer.from('\nendstream\nendobj\n'),
  Buffer.alloc(200, 32),
  Buffer.from('\ntrailer\n%%EOF\n'),
]);

/**
 * A 2 MiB PDF of nothing but object-stream keywords (`/ObjStm/FlateDecode stream`), each followed by
 * `tail`: the active-content scan once searched to the end of the file for each one's `endstream`
 * (quadratic: a 10 MiB upload held the server for minutes).
 */
const keywordFlood = (tail = '', end = '') => {
  const unit = `/ObjStm/FlateDecode stream\n${tail}`;
  return Buffer.from(`%PDF-1.7\n${unit.repeat(Math.floor((2 * 1024 * 1024) / unit.length))}${end}\n%%EOF\n`, 'latin1');
};

test('attack: a PDF of object-stream keywords is read through in one pass, at most MAX_OBJECT_STREAMS streams inflated', () => {
  // Each with its own `endstream`: inflated one by one until the cap, then flagged (could not be read through).
  expect(scanPdf(keywordFlood('x\nendstream\n'))).toEqual({ active: true, objectStreams: MAX_OBJECT_STREAMS });
  // None ends: not one stream can be inflated, and the file is searched for an `endstream` once.
  expect(scanPdf(keywordFlood())).toEqual({ active: false, objectStreams: 0 });
  // All end at the file's one `endstream`: the streams overlap, flagged after the first.
  expect(scanPdf(keywordFlood('', 'endstream'))).toEqual({ active: true, objectStreams: 1 });
  // What the scan found before still counts.
  expect(scanPdf(HIDDEN_PDF)).toEqual({ active: true, objectStreams: 1 });
  expect(scanPdf(PLAIN_PDF)).toEqual({ active: false, objectStreams: 0 });
});

describe.each(databaseKinds)('what an upload holds (%s)', (kind) => {
  let t: TestApp;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kibali-content-'));
  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: dataDir, STAFF_API_TOKEN: TOKEN }, { kind });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const newDraft = async () =>
    (
      await post<Envelope<{ reference_number: string }>>(t.app, SAVE, {
        application_type: 'repair',
        step_number: 1,
        data: personal(),
      })
    ).body!.response.data.reference_number;
  const rows = async () => (await t.database.db.selectFrom('attachment').select('id').execute()).length;

  test.each([
    ['a PNG whose header claims 14,000 × 14,000 (196 megapixels)', png(14_000, 14_000, 1), 'photo.png'],
    ['a JPEG whose header claims 14,000 × 14,000 (196 megapixels)', jpeg(14_000, 14_000), 'photo.jpg'],
    ['a JPEG of 39 megapixels but 13,000 pixels a side', jpeg(13_000, 3_000), 'panorama.jpg'],
  ])('attack: %s is refused (413) in both languages, nothing stored', async (_name, file, name) => {
    const reference_number = await newDraft();
    const before = await rows();
    for (const language of ['en', 'sw'] as const) {
      const res = await uploadFile(t.app, { reference_number, document_type: 'passport_photo' }, file, name, {
        headers: { 'accept-language': language },
      });
      expect(res.status).toBe(413);
      expect(res.body!.response.message).toBe(
        api[language].image_too_large!.replace('{{megapixels}}', '50').replace('{{side}}', '12,000'),
      );
    }
    expect(await rows()).toBe(before);
  });

  test.each([
    ['a PNG whose pixel data is shorter than its header says', png(200, 100, 40), 'photo.png'],
    ['a PNG cut short (no end chunk)', png(20, 20).subarray(0, -12), 'photo.png'],
    [
      'a PNG with a broken chunk checksum',
      Buffer.from(png(20, 20).map((b, i, all) => (i === all.length - 20 ? b ^ 1 : b))),
      'photo.png',
    ],
    ['a JPEG cut short (no end of image)', jpeg(4000, 3000, false), 'photo.jpg'],
  ])('attack: %s is refused as damaged (422), nothing stored', async (_name, file, name) => {
    const reference_number = await newDraft();
    const before = await rows();
    const res = await uploadFile(t.app, { reference_number, document_type: 'passport_photo' }, file, name);
    expect(res.status).toBe(422);
    expect(res.body!.response.message).toBe(api.en.image_damaged);
    expect(await rows()).toBe(before);
  });

  test("a photo's size, whole, is taken", async () => {
    const reference_number = await newDraft();
    for (const [file, name] of [
      [png(300, 200), 'photo.png'],
      [jpeg(8000, 6000), 'photo.jpg'],
    ] as const) {
      const res = await uploadFile(t.app, { reference_number, document_type: 'passport_photo' }, file, name);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  });

  test('attack: PDFs with JavaScript, an action on opening or a launch are kept but flagged to staff (API and command line)', async () => {
    const reference = await newDraft();
    const documents = (
      await uploadDocuments(t.app, reference, [
        { code: 'applicant_id', accept: ['image/png'] },
        { code: 'land_document', accept: ['application/pdf'] },
        { code: 'site_plan', accept: ['application/pdf'] },
        { code: 'passport_photo', accept: ['image/png'] },
      ])
    ).documents;
    const flagged = new Map<string, boolean>();
    for (const [file, expected] of [
      [SCRIPT_PDF, true],
      [ESCAPED_PDF, true],
      [HIDDEN_PDF, true],
      [PLAIN_PDF, false],
    ] as const) {
      const res = await uploadFile(
        t.app,
        { reference_number: reference, document_type: 'sheha_letter' },
        file,
        'letter.pdf',
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      flagged.set(res.body!.response.data.attachment_id!, expected);
    }
    const rowsNow = await t.database.db
      .selectFrom('attachment')
      .select(['id', 'active_content'])
      .where('id', 'in', [...flagged.keys()])
      .execute();
    // A draft keeps 3 files a document: the first was replaced by the fourth.
    expect(rowsNow.map((r) => [r.id, r.active_content]).sort()).toEqual(
      [...flagged]
        .slice(1)
        .map(([id, active]) => [id, active])
        .sort(),
    );
    // The script PDF named by the step, submitted: staff see the flag.
    const [scriptId] = [...flagged.keys()].slice(1);
    const submitted = await post(t.app, REPAIR, {
      reference_number: reference,
      data: {
        personal: personal(),
        repair: sample('repair ok (no neighbours)'),
        uploads: { documents: { ...documents, sheha_letter: scriptId } },
      },
      declaration: true,
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const shown = await post<Envelope<StaffApplication>>(
      t.app,
      '/api/staff/get_application',
      { reference_number: reference },
      AUTH,
    );
    expect(shown.status).toBe(200);
    const attachments = shown.body!.response.data.attachments;
    expect(attachments.find((a) => a.attachment_id === scriptId)?.active_content).toBe(true);
    expect(attachments.find((a) => a.document_type === 'land_document')?.active_content).toBe(false);
    let out = '';
    printAnswer(
      { name: 'show', action: 'get_application', body: {}, json: false, url: undefined, as: undefined, language: 'en' },
      shown.body!.response,
      { out: (text: string) => void (out += `${text}\n`), err: () => {} },
    );
    const line = out.split('\n').find((l) => l.startsWith(scriptId!));
    expect(line).toContain('active_content: true');
    expect(out.split('\n').find((l) => l.startsWith(documents.land_document!))).not.toContain('active_content');
  });

  test('attack: 2 MiB PDFs of object-stream keywords are answered, kept and flagged when they cannot be read through', async () => {
    for (const [file, flagged] of [
      [keywordFlood(), false],
      [keywordFlood('', 'endstream'), true],
    ] as const) {
      const res = await uploadFile(
        t.app,
        { reference_number: await newDraft(), document_type: 'sheha_letter' },
        file,
        'letter.pdf',
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const row = await t.database.db
        .selectFrom('attachment')
        .select('active_content')
        .where('id', '=', res.body!.response.data.attachment_id!)
        .executeTakeFirstOrThrow();
      expect(row.active_content).toBe(flagged);
    }
  });
});
