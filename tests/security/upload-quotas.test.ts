import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { UPLOAD_LIMITS, worstCasePerClientPerDay, type UploadLimits } from '../../src/server/attachments/upload-limits';
import { api, personal, SAVE } from '../server/application-fixtures';
import {
  createTestApp,
  databaseKinds,
  post,
  TINY_PDF,
  uploadFile,
  type Envelope,
  type TestApp,
} from '../server/helpers';
import { applicationIn, newPerson, rejectedDocument, signIn } from '../server/signed-in-fixtures';

// Issue 31, item 3, as the attack: an anonymous draft took every document type (16), 3 files each,
// whatever its application type (~405 MiB a draft, ~12 GiB an hour per address), and a signed-in
// applicant's replacements were all kept. Now a draft takes only the documents of its own type and
// storeys; a draft, an application and a client each have a byte quota; replacements after Submit
// are bounded like a draft's. The quotas are scaled down here (`uploadLimits`) so that tiny files
// reach them; the worst case per client per day is computed from the same constants
// docs/security-and-limits.md quotes.

const S = TINY_PDF.length;
const LIMITS: UploadLimits = {
  draftFilesPerDocument: 3,
  applicationFilesPerDocument: 3,
  draftBytes: 4 * S,
  applicationBytes: 6 * S,
  clientBytesPerDay: 10 * S,
};
const MiB = 1024 * 1024;

describe.each(databaseKinds)('upload quotas (%s)', (kind) => {
  let t: TestApp;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kibali-upload-quotas-'));
  const uploadsDir = path.join(dataDir, 'uploads');
  const files = () => (existsSync(uploadsDir) ? readdirSync(uploadsDir).sort() : []);
  const rows = async () =>
    (await t.database.db.selectFrom('attachment').select('id').orderBy('id').execute()).map((r) => r.id);

  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: dataDir }, { kind, uploadLimits: LIMITS });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  // Each test starts the client's day afresh: every request here comes from 127.0.0.1.
  const newDay = () => t.database.db.deleteFrom('upload_tally').execute();
  const newDraft = async (application_type: string) =>
    (
      await post<Envelope<{ reference_number: string }>>(t.app, SAVE, {
        application_type,
        step_number: 1,
        data: personal(),
      })
    ).body!.response.data.reference_number;
  const upload = (reference_number: string, document_type: string, language = 'en') =>
    uploadFile(t.app, { reference_number, document_type }, TINY_PDF, 'document.pdf', {
      headers: { 'accept-language': language },
    });

  test("attack: a repair draft uploads a new building's drawings: 422 in both languages, nothing stored", async () => {
    await newDay();
    const reference = await newDraft('repair');
    const [rowsBefore, filesBefore] = [await rows(), files()];
    for (const code of ['floor_plans', 'elevations', 'structural_drawings', 'fire_safety_plan'])
      for (const language of ['en', 'sw'] as const) {
        const res = await upload(reference, code, language);
        expect(res.status).toBe(422);
        expect(res.body!.response.message).toBe(api[language].document_not_for_application);
        expect(res.body!.response.data).toEqual({
          errors: [{ path: '/document_type', message: api[language].document_not_for_application }],
        });
      }
    expect([await rows(), files()]).toEqual([rowsBefore, filesBefore]);
    // Its own documents are taken.
    expect((await upload(reference, 'sheha_letter')).status).toBe(200);
  });

  test('attack: a new building of two storeys uploads the documents of one over three: refused until it has four', async () => {
    await newDay();
    const reference = await newDraft('new');
    const setStoreys = (storey_count: number) =>
      t.database.db
        .updateTable('application')
        .set({ answers: JSON.stringify({ personal: personal(), construction: { has_storeys: true, storey_count } }) })
        .where('reference_number', '=', reference.replace('-', ''))
        .execute();
    await setStoreys(2);
    expect((await upload(reference, 'fire_safety_plan')).status).toBe(422);
    expect((await upload(reference, 'floor_plans')).status).toBe(200); // a new building's own
    await setStoreys(4);
    expect((await upload(reference, 'fire_safety_plan')).status).toBe(200);
  });

  test('attack: one draft filled past its byte quota: 413 with the limit, nothing stored', async () => {
    await newDay();
    const reference = await newDraft('repair');
    for (const code of ['applicant_id', 'land_document', 'sheha_letter', 'site_plan'])
      expect((await upload(reference, code)).status).toBe(200);
    const [rowsBefore, filesBefore] = [await rows(), files()];
    const res = await upload(reference, 'site_plan');
    expect(res.status).toBe(413);
    expect(res.body!.response.message).toBe(
      api.en.upload_quota_application!.replace('{{mb}}', String(Number((LIMITS.draftBytes / MiB).toFixed(1)))),
    );
    expect([await rows(), files()]).toEqual([rowsBefore, filesBefore]);
  });

  test('a draft at its byte quota replaces a document it holds 3 files of (the oldest goes); a new document is still refused', async () => {
    await newDay();
    const reference = await newDraft('repair');
    for (const code of ['sheha_letter', 'sheha_letter', 'sheha_letter', 'land_document'])
      expect((await upload(reference, code)).status).toBe(200);
    const { id } = await t.database.db
      .selectFrom('application')
      .select('id')
      .where('reference_number', '=', reference.replace('-', ''))
      .executeTakeFirstOrThrow();
    const held = () =>
      t.database.db
        .selectFrom('attachment')
        .select(['id', 'document_type'])
        .where('application_id', '=', id)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    expect((await held()).length * S).toBe(LIMITS.draftBytes); // at its quota
    const oldest = (await held()).find((file) => file.document_type === 'sheha_letter');
    // The corrected letter: it takes the place of the oldest, the draft keeps no more than before.
    const corrected = await upload(reference, 'sheha_letter');
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect((await held()).map((file) => file.id)).not.toContain(oldest!.id);
    expect((await held()).length * S).toBe(LIMITS.draftBytes);
    expect(files()).not.toContain(oldest!.id);
    const [rowsBefore, filesBefore] = [await rows(), files()];
    const more = await upload(reference, 'site_plan');
    expect(more.status).toBe(413);
    expect([await rows(), files()]).toEqual([rowsBefore, filesBefore]);
  });

  test('attack: one client over many drafts: refused (429, Retry-After) once its day holds the worst case', async () => {
    await newDay();
    const worst = worstCasePerClientPerDay(LIMITS);
    let accepted = 0;
    let refused: Awaited<ReturnType<typeof upload>> | undefined;
    let before: [string[], string[]] = [[], []];
    // Each draft up to its own quota, a new draft after another: only the client's day stops it.
    for (let drafts = 0; !refused && drafts < 10; drafts++) {
      const reference = await newDraft('repair');
      for (const code of ['applicant_id', 'land_document', 'sheha_letter', 'site_plan']) {
        before = [await rows(), files()];
        const res = await upload(reference, code);
        if (res.status !== 200) {
          refused = res;
          break;
        }
        accepted += S;
      }
    }
    expect(accepted).toBe(worst);
    expect(refused!.status).toBe(429);
    expect(refused!.body!.response.message).toBe(
      api.en.upload_quota_daily!.replace('{{mb}}', String(Number((LIMITS.clientBytesPerDay / MiB).toFixed(1)))),
    );
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused!.headers['retry-after'])).toBeLessThanOrEqual(24 * 3600);
    expect([await rows(), files()]).toEqual(before);
    // docs/security-and-limits.md says the worst case of the real constants, computed the same way.
    const limitsDoc = readFileSync(path.join(import.meta.dirname, '../../docs/security-and-limits.md'), 'utf8');
    expect(limitsDoc).toContain(`${worstCasePerClientPerDay(UPLOAD_LIMITS) / MiB} MiB`);
  });

  test('attack: a signed-in applicant replaces a rejected document over and over: at most 3 files kept, the named one too', async () => {
    await newDay();
    const me = newPerson('0731');
    const app = await applicationIn(t, me, 'submitted');
    const named = await rejectedDocument(t, app.id, 'sheha_letter');
    await t.database.db
      .updateTable('application')
      .set({ answers: JSON.stringify({ uploads: { documents: { sheha_letter: named } } }) })
      .where('id', '=', app.id)
      .execute();
    const cookie = await signIn(t, app.reference, me.phone);
    const filesBefore = files();
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const form = new FormData();
      form.set('document_type', 'sheha_letter');
      form.set('file', new Blob([new Uint8Array(TINY_PDF)]), 'letter.pdf');
      const res = await fetch(`${t.app.listeningOrigin}/api/attachment/upload`, {
        method: 'POST',
        body: form,
        headers: { cookie },
      });
      expect(res.status).toBe(200);
      ids.push(((await res.json()) as Envelope<{ attachment_id: string }>).response.data.attachment_id);
      // Staff reject it again: the applicant may replace it again.
      await t.database.db.updateTable('attachment').set({ status: 'rejected' }).where('id', '=', ids.at(-1)!).execute();
    }
    const kept = await t.database.db
      .selectFrom('attachment')
      .select('id')
      .where('application_id', '=', app.id)
      .where('document_type', '=', 'sheha_letter')
      .execute();
    expect(kept.map((r) => r.id).sort()).toEqual([named, ...ids.slice(-2)].sort());
    expect(files().filter((f) => !filesBefore.includes(f))).toEqual(ids.slice(-2).sort());
  });
});
