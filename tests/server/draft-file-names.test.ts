import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DraftAttachment, OpenDraftAnswer } from '../../src/shared/api/open-draft';
import type { DashboardAttachment } from '../../src/shared/dashboard';
import { personal, SAVE } from './application-fixtures';
import {
  createTestApp,
  databaseKinds,
  post,
  TINY_PDF,
  TINY_PNG,
  uploadFile,
  type Envelope,
  type TestApp,
} from './helpers';
import { applicationIn, dashboardCall, newPerson, rejectedDocument, signIn } from './signed-in-fixtures';

/**
 * Issue 17, item 6, after a reload: the review shows every uploaded document by the name it was sent
 * with, its size and scale. The server keeps the name (made fit to show, never used to store or serve
 * the file) and open_draft answers the draft's files, for the holder of the draft's cookie only.
 */

const OPEN = '/api/application/open_draft';

describe.each(databaseKinds)('the names of a draft’s files after a reload (%s)', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({}, { kind });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => t.close());

  async function draft(): Promise<string> {
    const saved = await post<Envelope<{ reference_number: string }>>(t.app, SAVE, {
      application_type: 'repair',
      step_number: 1,
      data: personal(),
    });
    expect(saved.status).toBe(200);
    return saved.body!.response.data.reference_number;
  }

  const open = (reference: string, options: Parameters<typeof post>[4] = {}) =>
    post<Envelope<OpenDraftAnswer>>(t.app, OPEN, { reference_number: reference }, {}, options);

  it('answers each file with the name it was sent with, its size and scale; a file replaced is gone', async () => {
    const reference = await draft();
    const letter = await uploadFile(
      t.app,
      { reference_number: reference, document_type: 'sheha_letter' },
      TINY_PDF,
      'Barua ya Sheha – Mwanakwerekwe.pdf',
    );
    expect(letter.status).toBe(200);
    expect(letter.body!.response.data).toMatchObject({ file_name: 'Barua ya Sheha – Mwanakwerekwe.pdf' });
    const photo = await uploadFile(
      t.app,
      { reference_number: reference, document_type: 'passport_photo' },
      TINY_PNG,
      'picha.png',
    );
    expect(photo.status).toBe(200);

    const res = await open(reference);
    expect(res.status).toBe(200);
    const files = res.body!.response.data.attachments;
    expect(files).toEqual<DraftAttachment[]>([
      {
        attachment_id: letter.body!.response.data.attachment_id!,
        document_type: 'sheha_letter',
        file_name: 'Barua ya Sheha – Mwanakwerekwe.pdf',
        size: TINY_PDF.length,
        scale: null,
      },
      {
        attachment_id: photo.body!.response.data.attachment_id!,
        document_type: 'passport_photo',
        file_name: 'picha.png',
        size: TINY_PNG.length,
        scale: null,
      },
    ]);

    // A draft keeps three files per document: the fourth upload replaces the oldest, which is then not listed.
    for (const name of ['b.pdf', 'c.pdf', 'd.pdf'])
      expect(
        (await uploadFile(t.app, { reference_number: reference, document_type: 'sheha_letter' }, TINY_PDF, name))
          .status,
      ).toBe(200);
    const after = (await open(reference)).body!.response.data.attachments;
    expect(after.filter((a) => a.document_type === 'sheha_letter').map((a) => a.file_name)).toEqual([
      'b.pdf',
      'c.pdf',
      'd.pdf',
    ]);
  });

  it('keeps a name only fit to show: invisible characters dropped, spaces collapsed, a long name cut in its middle', async () => {
    const reference = await draft();
    const hidden = await uploadFile(
      t.app,
      { reference_number: reference, document_type: 'sheha_letter' },
      TINY_PDF,
      'barua\u200b  ya\u200d\u00ad   sheha.pdf',
    );
    expect(hidden.status).toBe(200);
    const long = `${'ramani-ya-kiwanja-'.repeat(13)}mwisho.pdf`;
    expect(long.length).toBeGreaterThan(200);
    const cut = await uploadFile(t.app, { reference_number: reference, document_type: 'sheha_letter' }, TINY_PDF, long);
    expect(cut.status).toBe(200);
    const names = (await open(reference)).body!.response.data.attachments.map((a) => a.file_name!);
    expect(names[0]).toBe('barua ya sheha.pdf');
    expect([...names[1]!]).toHaveLength(120);
    expect(names[1]).toMatch(/^ramani-ya-kiwanja-.*….*kiwanja-mwisho\.pdf$/);
    const row = await t.database.db
      .selectFrom('attachment')
      .select('file_name')
      .where('id', '=', cut.body!.response.data.attachment_id!)
      .executeTakeFirstOrThrow();
    expect(row.file_name).toBe(names[1]);
  });

  it('a name that hides a path or an extension is refused as before, and nothing is stored', async () => {
    const reference = await draft();
    const before = (await open(reference)).body!.response.data.attachments.length;
    for (const name of ['..\\..\\etc\\passwd.pdf', 'plan.exe.pdf', 'plan\u202Efdp.exe'])
      expect(
        (await uploadFile(t.app, { reference_number: reference, document_type: 'sheha_letter' }, TINY_PDF, name))
          .status,
      ).toBeGreaterThanOrEqual(400);
    expect((await open(reference)).body!.response.data.attachments).toHaveLength(before);
  });

  it('a file uploaded before names were kept is answered with no name (null), its size and scale', async () => {
    const reference = await draft();
    const uploaded = await uploadFile(
      t.app,
      { reference_number: reference, document_type: 'sheha_letter' },
      TINY_PDF,
      'old.pdf',
    );
    const id = uploaded.body!.response.data.attachment_id!;
    await t.database.db
      .updateTable('attachment')
      .set({ file_name: null, scale: '1:100' })
      .where('id', '=', id)
      .execute();
    expect((await open(reference)).body!.response.data.attachments).toEqual([
      { attachment_id: id, document_type: 'sheha_letter', file_name: null, size: TINY_PDF.length, scale: '1:100' },
    ]);
  });

  it('a reference number alone reads no file name: 404 as for an unknown number', async () => {
    const reference = await draft();
    await uploadFile(t.app, { reference_number: reference, document_type: 'sheha_letter' }, TINY_PDF, 'siri.pdf');
    const alone = await open(reference, { asStranger: true });
    expect(alone.status).toBe(404);
    expect(JSON.stringify(alone.body)).not.toContain('siri.pdf');
    // Another browser, with a draft of its own, gets nothing of this one either.
    const other = new Map<string, string>();
    await post(t.app, SAVE, { application_type: 'repair', step_number: 1, data: personal() }, {}, { jar: other });
    const theirs = await open(reference, { jar: other });
    expect(theirs.status).toBe(404);
    expect(JSON.stringify(theirs.body)).not.toContain('siri.pdf');
  });

  it('the dashboard lists each file with its name', async () => {
    const me = newPerson('61');
    const { id, reference } = await applicationIn(t, me, 'submitted');
    await rejectedDocument(t, id, 'sheha_letter'); // after Submit, only a rejected document is uploaded again
    const cookie = await signIn(t, reference, me.phone);
    const form = new FormData();
    form.set('document_type', 'sheha_letter');
    form.set('file', new Blob([new Uint8Array(TINY_PDF)]), 'barua-ya-sheha.pdf');
    const res = await fetch(`${t.app.listeningOrigin}/api/attachment/upload`, {
      method: 'POST',
      body: form,
      headers: { cookie },
    });
    expect(res.status).toBe(200);
    const list = await dashboardCall<DashboardAttachment[]>(t, 'get_attachments', cookie);
    expect(list.body!.response.data.map((a) => a.file_name)).toEqual(['barua-ya-sheha.pdf']);
  });
});
