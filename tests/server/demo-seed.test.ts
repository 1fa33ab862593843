import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SCHEMAS_DIR } from '../../src/server/app';
import { seedDemo } from '../../src/server/demo/demo-seed';
import { seedReferenceData } from '../../src/server/db/seed/seed-reference-data';
import { FormRegistry } from '../../src/server/forms/form-registry';
import { readSamples } from '../../src/server/forms/sample-files';
import type { DatabaseHandle } from '../../src/server/db/database';
import { openTestDatabase } from './helpers';

/**
 * `npm run db:seed -- --demo` makes its applications from schemas/samples, so a policy edit (a step
 * added to a flow, a new required field) needs no change to the seed: only to the samples.
 */
const opened: { database: DatabaseHandle; dirs: string[] }[] = [];
afterEach(async () => {
  for (const { database, dirs } of opened.splice(0)) {
    await database.close();
    for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
  }
});

/** A copy of schemas/ that `edit` changes, as a policy officer would. */
async function editedSchemas(edit: (dir: string) => Promise<void>): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kibali-schemas-'));
  await fs.cp(SCHEMAS_DIR, dir, { recursive: true });
  await edit(dir);
  return dir;
}

const readJson = async <T>(file: string) => JSON.parse(await fs.readFile(file, 'utf8')) as T;
const writeJson = (file: string, value: unknown) => fs.writeFile(file, JSON.stringify(value, null, 2));

async function seed(schemasDir: string) {
  const database = await openTestDatabase();
  const uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kibali-uploads-'));
  opened.push({ database, dirs: schemasDir === SCHEMAS_DIR ? [uploadsDir] : [uploadsDir, schemasDir] });
  await seedReferenceData(database.db);
  const forms = await FormRegistry.open(database.db, { importFrom: schemasDir });
  const demo = await seedDemo({ db: database.db, forms, uploadsDir, samples: await readSamples(schemasDir) });
  const rows = await database.db
    .selectFrom('application')
    .select(['application_type', 'status', 'answers'])
    .orderBy('id')
    .execute();
  return { demo, rows: rows as { application_type: string; status: string; answers: Record<string, unknown> }[] };
}

describe('the demo seed, made from the sample answers', { timeout: 120_000 }, () => {
  it('makes an application in every state, with the applicants of the demo registry', async () => {
    const { demo, rows } = await seed(SCHEMAS_DIR);
    expect(demo.map((d) => d.status)).toEqual([
      'submitted',
      'under_review',
      'approved',
      'permit_issued',
      'expired',
      'draft',
    ]);
    expect(rows.map((r) => r.application_type)).toEqual(['repair', 'special', 'repair', 'new', 'repair', 'new']);
    const samples = await readSamples(SCHEMAS_DIR);
    // The sample's answers, the applicant replaced by a person of the demo registry.
    const juma = rows[0]!.answers;
    expect(juma.personal).toMatchObject({ zan_id: '190023456', first_name: 'Juma', phone: '+255700099902' });
    expect(juma.repair).toMatchObject({
      repair_description: 'Replace rusted iron sheets and two rotten rafters.',
      precautions: samples.repair!.repair!.precautions,
    });
    const amina = rows[3]!.answers;
    expect(amina.building).toEqual(samples.new!.building);
    expect(Object.keys(amina).sort()).toEqual(Object.keys(samples.new!).sort());
    expect(Object.keys(rows[5]!.answers).sort()).toEqual(['engineer', 'personal']);
  });

  it('still seeds when a step is added to a flow (the utilities step in repair) and the sample is not yet updated', async () => {
    const dir = await editedSchemas(async (d) => {
      const flows = await readJson<Record<string, string[]>>(path.join(d, 'flows.json'));
      flows.repair = ['personal', 'repair', 'building', 'uploads'];
      await writeJson(path.join(d, 'flows.json'), flows);
    });
    const { rows } = await seed(dir);
    const repairs = rows.filter((r) => r.application_type === 'repair');
    expect(repairs).toHaveLength(3);
    for (const row of repairs) {
      expect(Object.keys(row.answers).sort()).toEqual(['building', 'personal', 'repair', 'uploads']);
      expect(row.answers.building).toMatchObject({ clean_water_source: expect.any(String) });
    }
  });

  it('takes a new required field from the samples: the one place a policy edit changes', async () => {
    const dir = await editedSchemas(async (d) => {
      const file = path.join(d, 'steps', 'repair.schema.json');
      const schema = await readJson<{ properties: Record<string, unknown>; required: string[] }>(file);
      schema.properties.title_deed_number = {
        type: 'string',
        title: 'repair.title_deed_number.title',
        minLength: 1,
        maxLength: 20,
      };
      schema.required.push('title_deed_number');
      await writeJson(file, schema);
      for (const [language, text] of [
        ['en', 'Title deed number'],
        ['sw', 'Namba ya hati miliki'],
      ]) {
        const texts = await readJson<Record<string, Record<string, unknown>>>(
          path.join(d, 'texts', `${language}.json`),
        );
        texts.repair!.title_deed_number = { title: text };
        await writeJson(path.join(d, 'texts', `${language}.json`), texts);
      }
      const sample = await readJson<Record<string, Record<string, unknown>>>(path.join(d, 'samples', 'repair.json'));
      sample.repair!.title_deed_number = 'ZNZ/4471';
      await writeJson(path.join(d, 'samples', 'repair.json'), sample);
    });
    const { rows } = await seed(dir);
    const repairs = rows.filter((r) => r.application_type === 'repair');
    expect(repairs.map((r) => (r.answers.repair as Record<string, unknown>).title_deed_number)).toEqual([
      'ZNZ/4471',
      'ZNZ/4471',
      'ZNZ/4471',
    ]);
  });
});
