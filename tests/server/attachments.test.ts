import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ashaByPassport, personal } from './application-fixtures';
import { createTestApp, databaseKinds, draftCookieHeaders, post, type TestApp } from './helpers';

const PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'),
  Buffer.alloc(2000, 32),
  Buffer.from('\n%%EOF\n'),
]);
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8ffffff7f0009fb03fd2a86e38a0000000049454e44ae426082',
  'hex',
);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(500, 0x90)]);
const HTML = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');
const LIMIT = 64 * 1024;

describe.each(databaseKinds)('uploads (%s)', (kind) => {
  let t: TestApp;
  let base = '';
  let reference = '';
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kibali-uploads-'));
  const uploadsDir = path.join(dataDir, 'uploads');

  const upload = async (file: Buffer, name: string, fields: Record<string, string> = {}) => {
    const form = new FormData();
    form.set('reference_number', fields.reference_number ?? reference);
    form.set('document_type', fields.document_type ?? 'site_plan');
    form.set('file', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), name);
    const res = await fetch(`${base}/api/attachment/upload`, {
      method: 'POST',
      body: form,
      headers: draftCookieHeaders(t.app),
    });
    return { status: res.status, body: (await res.json()) as { response: { data: Record<string, unknown> } } };
  };
  const stored = () => (existsSync(uploadsDir) ? readdirSync(uploadsDir) : []);
  const rows = async () => (await t.database.db.selectFrom('attachment').selectAll().execute()).length;

  beforeAll(async () => {
    t = await createTestApp({ UPLOAD_MAX_BYTES: LIMIT, DATA_DIR: dataDir }, { kind });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const saved = await post(t.app, '/api/application/save_and_continue', {
      application_type: 'repair',
      step_number: 1,
      data: ashaByPassport({ address: 'P.O. Box 1' }),
    });
    reference = (saved.body as unknown as { response: { data: { reference_number: string } } }).response.data
      .reference_number;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores a PDF under a random id with its size and sha256, never the file name', async () => {
    const res = await upload(PDF, 'my plan.pdf');
    expect(res.status).toBe(200);
    const id = res.body.response.data.attachment_id as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(stored()).toEqual([id]);
    const row = await t.database.db.selectFrom('attachment').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ document_type: 'site_plan', mime_type: 'application/pdf', size: PDF.length });
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('judges by content: an EXE or HTML named .pdf is refused (415) and nothing is stored', async () => {
    const before = { files: stored().length, rows: await rows() };
    expect((await upload(EXE, 'plan.pdf')).status).toBe(415);
    expect((await upload(HTML, 'plan.pdf')).status).toBe(415);
    expect({ files: stored().length, rows: await rows() }).toEqual(before);
  });

  it('refuses a file one byte over the limit (413) and keeps no partial file', async () => {
    const before = { files: stored().length, rows: await rows() };
    const big = Buffer.concat([PDF, Buffer.alloc(LIMIT - PDF.length + 1, 32)]);
    expect(big.length).toBe(LIMIT + 1);
    expect((await upload(big, 'big.pdf')).status).toBe(413);
    expect((await upload(big.subarray(0, LIMIT), 'just-fits.pdf')).status).toBe(200);
    expect(stored().filter((f) => f.startsWith('.partial'))).toEqual([]);
    expect(stored().length).toBe(before.files + 1);
  });

  it('accepts a PNG only where the document accepts images', async () => {
    expect((await upload(PNG, 'photo.png', { document_type: 'passport_photo' })).status).toBe(200);
    // Floor plans (PDF only) are a new building's document: a new-building draft of its own.
    const newBuilding = await post(t.app, '/api/application/save_and_continue', {
      application_type: 'new',
      step_number: 1,
      data: personal(),
    });
    const reference_number = (newBuilding.body as unknown as { response: { data: { reference_number: string } } })
      .response.data.reference_number;
    expect((await upload(PNG, 'plan.png', { reference_number, document_type: 'floor_plans' })).status).toBe(415);
    expect((await upload(PDF, 'plan.pdf', { reference_number, document_type: 'floor_plans' })).status).toBe(200);
  });

  it('refuses an unknown draft, an unknown document type, and a JSON post', async () => {
    expect((await upload(PDF, 'a.pdf', { reference_number: 'ABCDE-FGHJK' })).status).toBe(404);
    expect((await upload(PDF, 'a.pdf', { document_type: '../../etc/passwd' })).status).toBe(422);
    expect((await post(t.app, '/api/attachment/upload', {})).status).toBe(415);
  });
});
