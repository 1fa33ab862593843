import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, SCHEMAS_DIR } from '../../src/server/app';
import { FormRegistry, FORMS_RECHECK_MS } from '../../src/server/forms/form-registry';
import { writeFormsFolder } from '../../src/server/forms/forms-folder';
import { loadForms } from '../../src/server/forms/form-loader';
import type { FormsDocument } from '../../src/shared/forms';
import { testConfig } from '../../src/server/config';
import { createTestApp, databaseKinds, post, type TestApp } from './helpers';

const TOKEN = 'versions-test-token';
const auth = { authorization: `Bearer ${TOKEN}` };

function copyOfSchemas(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kibali-versions-'));
  cpSync(SCHEMAS_DIR, dir, { recursive: true });
  return dir;
}

async function served(app: TestApp['app']): Promise<FormsDocument> {
  return (await post(app, '/api/forms/get_forms', {})).body!.response.data as unknown as FormsDocument;
}

const swTitle = (forms: FormsDocument) => (forms.texts.sw as { repair: { title: string } }).repair.title;

function editSwahiliRepairTitle(dir: string, title: string): void {
  const file = path.join(dir, 'texts/sw.json');
  const texts = JSON.parse(readFileSync(file, 'utf8'));
  texts.repair.title = title;
  writeFileSync(file, JSON.stringify(texts));
}

describe('published forms versions', () => {
  it('are picked up by every server within 2 s', () => {
    expect(FORMS_RECHECK_MS).toBeLessThanOrEqual(2000);
  });

  describe.each(databaseKinds)('on %s, with two server processes on one database', (kind) => {
    let dir: string;
    let t: TestApp;
    let other: TestApp['app'];
    beforeAll(async () => {
      dir = copyOfSchemas();
      t = await createTestApp({ STAFF_API_TOKEN: TOKEN }, { kind, formsDir: dir, formsRecheckMs: 50 });
      // A second app on the same database: what a second server process is, without the process.
      other = await buildApp({
        config: testConfig({ STATIC_DIR: '/nonexistent' }),
        database: t.database,
        formsDir: SCHEMAS_DIR,
        formsRecheckMs: 50,
      });
    });
    afterAll(async () => {
      await other?.close();
      await t?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('the first start publishes schemas/ as version 1; another start publishes nothing', async () => {
      const versions = await t.database.db.selectFrom('forms_version').selectAll().execute();
      expect(versions.map((v) => [v.version, v.published_by])).toEqual([[1, 'first start']]);
      expect((await served(t.app)).version).toBe('1');
      expect((await served(other)).version).toBe('1');
    });

    it('a version published on one server is served by the other with no restart; the same set again publishes nothing', async () => {
      editSwahiliRepairTitle(dir, 'Ukarabati wa jengo (toleo jipya)');
      const res = await post(t.app, '/api/staff/reload_forms', { reason: 'Swahili wording' }, auth);
      expect(res.status).toBe(200);
      expect(res.body!.response.data).toEqual({ version: '2', published: true });
      expect(swTitle(await served(t.app))).toBe('Ukarabati wa jengo (toleo jipya)');
      await vi.waitFor(async () => expect(swTitle(await served(other))).toBe('Ukarabati wa jengo (toleo jipya)'), {
        timeout: 5000,
      });
      const again = await post(t.app, '/api/staff/reload_forms', {}, auth);
      expect(again.body!.response.data).toEqual({ version: '2', published: false });
      const row = await t.database.db
        .selectFrom('forms_version')
        .selectAll()
        .where('version', '=', 2)
        .executeTakeFirst();
      expect(row).toMatchObject({ reason: 'Swahili wording', published_by: 'integration (staff API token)' });
    });

    it('keeps serving the latest version after a restart with a broken folder', async () => {
      const broken = copyOfSchemas();
      try {
        writeFileSync(path.join(broken, 'flows.json'), '{ "new": [');
        const restarted = await buildApp({
          config: testConfig({ STATIC_DIR: '/nonexistent' }),
          database: t.database,
          formsDir: broken,
        });
        try {
          expect(swTitle(await served(restarted))).toBe('Ukarabati wa jengo (toleo jipya)');
        } finally {
          await restarted.close();
        }
      } finally {
        rmSync(broken, { recursive: true, force: true });
      }
    });

    it('keeps every version: an older one is still read whole', async () => {
      const registry = await FormRegistry.open(t.database.db, { importFrom: SCHEMAS_DIR });
      expect(swTitle({ ...(await registry.version(1))!.set, version: '1' })).not.toBe(
        'Ukarabati wa jengo (toleo jipya)',
      );
      expect((await registry.list()).map((v) => v.version)).toEqual([2, 1]);
    });
  });
});

describe('export then import', () => {
  it('writes a version back in the layout of schemas/, byte for byte as the repository keeps it', async () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'kibali-export-'));
    try {
      const files = await writeFormsFolder(await loadForms(SCHEMAS_DIR), out);
      expect(files.length).toBeGreaterThan(20);
      for (const file of files)
        expect(readFileSync(path.join(out, file), 'utf8'), file).toBe(
          readFileSync(path.join(SCHEMAS_DIR, file), 'utf8'),
        );
      expect(readdirSync(path.join(out, 'steps')).sort()).toEqual(
        readdirSync(path.join(SCHEMAS_DIR, 'steps'))
          .filter((f) => f.endsWith('.json'))
          .sort(),
      );
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('is the identity: a version exported and imported again publishes nothing new', async () => {
    const t = await createTestApp({ STAFF_API_TOKEN: TOKEN });
    const out = mkdtempSync(path.join(os.tmpdir(), 'kibali-export-'));
    try {
      const registry = await FormRegistry.open(t.database.db, { importFrom: SCHEMAS_DIR });
      await writeFormsFolder((await registry.current()).set, out);
      const result = await registry.importFolder(out, { by: 'test', reason: 'round trip' });
      expect(result).toEqual({ ok: true, version: 1, published: false });
    } finally {
      rmSync(out, { recursive: true, force: true });
      await t.close();
    }
  });
});
