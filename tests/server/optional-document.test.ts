import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMAS_DIR } from '../../src/server/app';
import { SessionStore } from '../../src/server/sessions/session-store';
import { SESSION_COOKIE } from '../../src/server/sessions/session-cookie';
import type { DashboardAttachment } from '../../src/shared/dashboard';
import type { DocumentRule, FormsDocument } from '../../src/shared/forms';
import type { Splash } from '../../src/shared/reference-data';
import { requiredDocuments } from '../../src/shared/required-documents';
import { buildingSteps, call, draft, engineerProofs, FINAL, stored, type Answers } from './application-fixtures';
import {
  createTestApp,
  databaseKinds,
  post,
  uploadDocuments,
  uploadFile,
  type Envelope,
  type TestApp,
} from './helpers';
import { OPTIONAL_DOCUMENT } from '../fixtures/optional-document';

// The policy officer's change of issue 16, as data only: an optional document for buildings of more
// than three storeys, added to documents.json of a copy of schemas/ and published while the server
// runs (reload_forms). No code knows its code.

const TOKEN = 'a-staff-token-that-is-long-enough-to-pass';

describe.each(databaseKinds)('an optional document added as data (%s)', (kind) => {
  let dir: string;
  let dataDir: string;
  let t: TestApp;
  let forms: FormsDocument;
  let splash: Splash;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kibali-schemas-'));
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'kibali-documents-'));
    cpSync(SCHEMAS_DIR, dir, { recursive: true });
    t = await createTestApp({ STAFF_API_TOKEN: TOKEN, DATA_DIR: dataDir }, { kind, engineerProofs, formsDir: dir });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const before = (await post<Envelope<FormsDocument>>(t.app, '/api/forms/get_forms', {})).body!.response.data;
    expect(before.documents.map((d) => d.id)).not.toContain(OPTIONAL_DOCUMENT.id);
    // The officer's edit: one entry in documents.json, published while the server runs.
    const file = path.join(dir, 'documents.json');
    const rules = JSON.parse(readFileSync(file, 'utf8')) as DocumentRule[];
    writeFileSync(file, JSON.stringify([...rules, OPTIONAL_DOCUMENT], null, 2));
    const published = await post(t.app, '/api/staff/reload_forms', {}, { authorization: `Bearer ${TOKEN}` });
    expect(published.status).toBe(200);
    forms = (await post<Envelope<FormsDocument>>(t.app, '/api/forms/get_forms', {})).body!.response.data;
    splash = (await post<Envelope<Splash>>(t.app, '/api/splash/get_splash', {})).body!.response.data;
    // Two publications (the copy on build, the edit): slow on a busy machine.
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is served with the forms in both languages, as an entry of the uploads step, and in the long splash list', () => {
    expect(forms.documents.find((d) => d.id === OPTIONAL_DOCUMENT.id)).toEqual(OPTIONAL_DOCUMENT);
    const uploads = forms.steps.uploads!.schema.properties as Record<'documents' | 'scales', { properties: object }>;
    expect((uploads.documents.properties as Record<string, unknown>)[OPTIONAL_DOCUMENT.id]).toMatchObject({
      type: 'string',
      title: `documents.${OPTIONAL_DOCUMENT.id}.name`,
    });
    // Not a drawing: no scale for it.
    expect((uploads.scales.properties as Record<string, unknown>)[OPTIONAL_DOCUMENT.id]).toBeUndefined();
    for (const language of ['en', 'sw'] as const)
      expect((forms.texts[language].documents as Record<string, unknown>)[OPTIONAL_DOCUMENT.id]).toEqual({
        name: OPTIONAL_DOCUMENT.name[language],
        help: OPTIONAL_DOCUMENT.help[language],
      });
    const codes = (list: keyof Splash) => (splash[list] as { code: string }[]).map((d) => d.code);
    expect(splash.more_than_three_attachments.find((d) => d.code === OPTIONAL_DOCUMENT.id)).toMatchObject({
      name: OPTIONAL_DOCUMENT.name,
      description: OPTIONAL_DOCUMENT.help,
      required: false,
    });
    expect(codes('not_more_than_three_attachments')).not.toContain(OPTIONAL_DOCUMENT.id);
    expect(codes('normal_attachments')).not.toContain(OPTIONAL_DOCUMENT.id);
  });

  /** A new building of five storeys with each required document uploaded: its number and uploads step. */
  async function tallDraft() {
    const steps = buildingSteps(splash, 5);
    const reference = await draft(t, 'new', steps);
    const required = requiredDocuments('new', Object.fromEntries(steps), forms.documents);
    expect(required.map((d) => d.id)).not.toContain(OPTIONAL_DOCUMENT.id);
    expect(required.map((d) => d.id)).toContain('structural_calculations');
    const uploads = await uploadDocuments(
      t.app,
      reference,
      required.map((d) => ({ code: d.id, accept: d.accept })),
    );
    return { reference, uploads };
  }
  const submit = (reference: string, uploads: Answers) =>
    call(t, FINAL, { application_type: 'new', reference_number: reference, data: { uploads } });

  it('is not required by submit', async () => {
    const { reference, uploads } = await tallDraft();
    const res = await submit(reference, uploads);
    expect(res.status).toBe(200);
    expect((await stored(t, reference)).status).toBe('submitted');
  });

  it('is accepted by the upload call, kept on submit, and shown on the dashboard and in the back office', async () => {
    const { reference, uploads } = await tallDraft();
    const unknown = await uploadFile(t.app, { reference_number: reference, document_type: 'not_a_document' });
    expect(unknown.status).toBe(422);
    const sent = await uploadFile(t.app, { reference_number: reference, document_type: OPTIONAL_DOCUMENT.id });
    expect(sent.status).toBe(200);
    const attachmentId = sent.body!.response.data.attachment_id!;

    const documents = { ...uploads.documents, [OPTIONAL_DOCUMENT.id]: attachmentId };
    // Named with another document's file, it is refused like any other.
    const wrong = await submit(reference, {
      documents: { ...documents, [OPTIONAL_DOCUMENT.id]: uploads.documents.sheha_letter },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.data.errors?.map((e) => e.path)).toEqual([`/uploads/documents/${OPTIONAL_DOCUMENT.id}`]);
    expect((await submit(reference, { documents })).status).toBe(200);
    const row = await stored(t, reference);
    expect((row.answers.uploads as { documents: Record<string, string> }).documents[OPTIONAL_DOCUMENT.id]).toBe(
      attachmentId,
    );

    const { token } = await new SessionStore(t.database.db).create(row.id);
    const shown = await post<Envelope<DashboardAttachment[]>>(
      t.app,
      '/api/dashboard/get_attachments',
      {},
      { cookie: `${SESSION_COOKIE}=${token}` },
    );
    expect(shown.status).toBe(200);
    expect(shown.body!.response.data.find((a) => a.attachment_id === attachmentId)).toMatchObject({
      document_type: OPTIONAL_DOCUMENT.id,
      document_name: OPTIONAL_DOCUMENT.name,
    });

    const office = await post<Envelope<{ attachments: DashboardAttachment[] }>>(
      t.app,
      '/api/staff/get_application',
      { reference_number: reference },
      { authorization: `Bearer ${TOKEN}` },
    );
    expect(office.status).toBe(200);
    expect(office.body!.response.data.attachments.find((a) => a.attachment_id === attachmentId)).toMatchObject({
      document_type: OPTIONAL_DOCUMENT.id,
      document_name: OPTIONAL_DOCUMENT.name,
    });
  });
});
