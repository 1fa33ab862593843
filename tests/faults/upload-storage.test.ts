import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTexts, firstSave, SAVE } from './drafts';
import { seededDataDir } from '../support/pglite-template';
import { ADMIN_URL, createDatabase, PgProxy, type ThrowawayDatabase } from './postgres';
import { draftCookieFor, killAll, pause, post, startServer, type Answer, type ServerProcess } from './server-process';

// A storage failure while a document is being uploaded: the applicant gets a clear 503 envelope
// (storage_unavailable, in their language), and neither a partial file nor an attachment record is left.
// Failures made for real: a file size limit on the server process (RLIMIT_FSIZE, as a full disk stops a
// write halfway: EFBIG after the first megabyte), the uploads folder replaced by a file, and the database
// gone between the file being written and its record.

const en = apiTexts('en');
const sw = apiTexts('sw');
const MiB = 1024 * 1024;
const PRLIMIT = '/usr/bin/prlimit';

/** A PDF by its content (what the server sniffs) of `size` bytes. */
function pdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 32), tail]);
}

interface UploadOptions {
  language?: 'en' | 'sw';
  /** Runs once the fields and the file's first 64 KiB are sent, before the rest of the file. */
  midway?: () => Promise<void>;
}

/** POST /api/attachment/upload as a browser sends it: multipart, the fields first, then the file. */
function upload(
  server: ServerProcess,
  fields: Record<string, string>,
  file: Buffer,
  options: UploadOptions = {},
): Promise<Answer> {
  const boundary = `----kibali-faults-${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(
    `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="letter.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const end = Buffer.from(`\r\n--${boundary}--\r\n`);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(`${server.url}/api/attachment/upload`, {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + file.length + end.length),
        'accept-language': options.language ?? 'en',
        ...draftCookieFor(fields),
      },
    });
    const done = (answer: Omit<Answer, 'ms'>) => resolve({ ...answer, ms: performance.now() - started });
    req.on('error', (error: NodeJS.ErrnoException) =>
      done({ status: 0, body: undefined, error: error.code ?? error.message, headers: {} }),
    );
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        done({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined, headers: res.headers });
      });
    });
    void (async () => {
      const first = Math.min(file.length, 64 * 1024);
      req.write(Buffer.concat([head, file.subarray(0, first)]));
      if (options.midway) await options.midway();
      // The rest in pieces, as a network delivers it; a server that answered early may cut it off.
      for (let at = first; at < file.length && !req.destroyed; at += 256 * 1024) {
        if (!req.write(file.subarray(at, at + 256 * 1024))) {
          await new Promise<void>((resolve) => {
            const go = () => {
              req.off('drain', go).off('close', go);
              resolve();
            };
            req.on('drain', go).on('close', go);
          });
        }
      }
      if (!req.destroyed) req.end(end);
    })();
  });
}

/** The server's log says `text` (it may come a moment after the answer). */
async function logged(server: ServerProcess, text: string): Promise<void> {
  const deadline = performance.now() + 5000;
  while (!server.output().includes(text) && performance.now() < deadline) await pause(20);
  expect(server.output()).toContain(text);
}

const filesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

async function newDraft(server: ServerProcess): Promise<string> {
  const res = await post<{ reference_number: string }>(server.url, SAVE, firstSave('upload', 7));
  expect(res.status).toBe(200);
  return res.body!.response.data.reference_number;
}

function expectStorageUnavailable(answer: Answer, language: 'en' | 'sw' = 'en'): void {
  expect(answer.error).toBeUndefined();
  expect(answer.status, JSON.stringify(answer.body)).toBe(503);
  expect(answer.body).toEqual({
    response: { code: 503, message: (language === 'en' ? en : sw).storage_unavailable, data: {} },
  });
}

describe.skipIf(!ADMIN_URL)('storage failures during an upload, on PostgreSQL', () => {
  let database: ThrowawayDatabase;
  let proxy: PgProxy;
  let dataDir: string;
  let server: ServerProcess;
  let reference: string;
  const uploads = () => path.join(dataDir, 'uploads');

  const attachments = async (): Promise<{ id: string; size: number }[]> => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query<{ id: string; size: number }>('select id, size from attachment order by id')).rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'kibali-faults-upload-pg-'));
    database = await createDatabase();
    proxy = new PgProxy();
    await proxy.start();
    // No file of the server may grow past 1 MiB: a bigger upload fails halfway, as on a full disk.
    const wrapper = existsSync(PRLIMIT) ? [PRLIMIT, `--fsize=${MiB}`] : [];
    server = await startServer({ dataDir, databaseUrl: database.urlVia(proxy), wrapper, env: { LOG_LEVEL: 'error' } });
    reference = await newDraft(server);
  });

  afterAll(async () => {
    await killAll();
    await proxy?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.skipIf(!existsSync(PRLIMIT))(
    'answers 503 storage_unavailable when the write fails halfway, and leaves no file and no record',
    async () => {
      const fields = { reference_number: reference, document_type: 'sheha_letter' };
      expectStorageUnavailable(await upload(server, fields, pdf(3 * MiB)));
      expectStorageUnavailable(await upload(server, fields, pdf(2 * MiB), { language: 'sw' }), 'sw');
      expect(filesIn(uploads())).toEqual([]);
      expect(await attachments()).toEqual([]);
      await logged(server, 'file storage failed');
      expect(server.output()).toContain('EFBIG');

      // A file that fits is stored whole, and a failing one after it changes nothing.
      const small = await upload(server, fields, pdf(300 * 1024));
      expect(small.status, JSON.stringify(small.body)).toBe(200);
      const id = (small.body!.response.data as { attachment_id: string }).attachment_id;
      expect(filesIn(uploads())).toEqual([id]);
      expect(statSync(path.join(uploads(), id)).size).toBe(300 * 1024);
      expectStorageUnavailable(await upload(server, fields, pdf(3 * MiB)));
      expect(filesIn(uploads())).toEqual([id]);
      expect(await attachments()).toEqual([{ id, size: 300 * 1024 }]);
    },
  );

  it('removes the stored file when the database goes away before its record is made', async () => {
    const before = await attachments();
    const filesBefore = filesIn(uploads());
    const answer = await upload(
      server,
      { reference_number: reference, document_type: 'land_document' },
      pdf(800 * 1024),
      {
        // The server has checked the draft and is writing the file: PostgreSQL stops now.
        midway: async () => {
          const deadline = performance.now() + 20_000;
          while (!filesIn(uploads()).some((f) => f.startsWith('.partial-'))) {
            if (performance.now() > deadline) throw new Error('the upload never started to be written');
            await pause(10);
          }
          await proxy.stop();
        },
      },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(503);
    expect(answer.body).toEqual({ response: { code: 503, message: en.database_unavailable, data: {} } });
    expect(filesIn(uploads())).toEqual(filesBefore);

    await proxy.start();
    expect(await attachments()).toEqual(before);
    // And once it is back, the same upload goes through.
    const again = await upload(
      server,
      { reference_number: reference, document_type: 'land_document' },
      pdf(800 * 1024),
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await attachments()).toHaveLength(before.length + 1);
    expect(filesIn(uploads())).toHaveLength(filesBefore.length + 1);
  });
});

describe('storage failures during an upload, on PGlite', () => {
  let dataDir: string;
  let server: ServerProcess;
  const STAFF_TOKEN = 'faults-staff-token-0123456789abcdef0123456789';

  beforeAll(async () => {
    dataDir = await seededDataDir('upload-pglite');
    server = await startServer({ dataDir, env: { LOG_LEVEL: 'error', STAFF_API_TOKEN: STAFF_TOKEN } });
  });

  afterAll(async () => {
    await killAll();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 storage_unavailable when the uploads folder is not a folder, and records nothing', async () => {
    const reference = await newDraft(server);
    const uploads = path.join(dataDir, 'uploads');
    rmSync(uploads, { recursive: true, force: true });
    writeFileSync(uploads, 'not a folder');
    const fields = { reference_number: reference, document_type: 'sheha_letter' };
    expectStorageUnavailable(await upload(server, fields, pdf(200 * 1024), { language: 'sw' }), 'sw');
    await logged(server, 'file storage failed');

    const staff = { headers: { authorization: `Bearer ${STAFF_TOKEN}` } };
    const stored = await post<{ attachments: unknown[] }>(
      server.url,
      '/api/staff/get_application',
      { reference_number: reference },
      staff,
    );
    expect(stored.body?.response.data.attachments).toEqual([]);

    // The folder back: the same upload is stored.
    rmSync(uploads);
    const again = await upload(server, fields, pdf(200 * 1024));
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(filesIn(uploads)).toHaveLength(1);
    const after = await post<{ attachments: unknown[] }>(
      server.url,
      '/api/staff/get_application',
      { reference_number: reference },
      staff,
    );
    expect(after.body?.response.data.attachments).toHaveLength(1);
  });
});
