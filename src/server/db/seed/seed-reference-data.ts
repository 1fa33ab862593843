import type { Kysely, Transaction } from 'kysely';
import referenceData from '../../../../seed/reference-data.json';
import { MATERIAL_CATEGORIES } from '../../../shared/reference-data';
import type { Database } from '../schema';

/**
 * Writes the reference lists of seed/reference-data.json (bundled into the built server, so it seeds
 * from any working directory); running it again updates them in place (keyed by their natural keys),
 * so `npm run db:seed` is safe on a database that is in use. Each list is stored in the file's order.
 */
export async function seedReferenceData(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await seedLists(trx);
    await seedEngineers(trx);
  });
}

/** The lists the wizard offers: materials, rooms, and the questions people ask. */
async function seedLists(trx: Transaction<Database>): Promise<void> {
  const { materials, rooms, faqs } = referenceData;
  const materialRows = MATERIAL_CATEGORIES.flatMap((category) =>
    materials[category].map((name, i) => ({ category, name_en: name.en, name_sw: name.sw, sort_order: i })),
  );
  await trx
    .insertInto('material')
    .values(materialRows)
    .onConflict((oc) =>
      oc.columns(['category', 'name_en']).doUpdateSet((eb) => ({
        name_sw: eb.ref('excluded.name_sw'),
        sort_order: eb.ref('excluded.sort_order'),
      })),
    )
    .execute();

  await trx
    .insertInto('room')
    .values(rooms.map((name, i) => ({ name_en: name.en, name_sw: name.sw, sort_order: i })))
    .onConflict((oc) =>
      oc.column('name_en').doUpdateSet((eb) => ({
        name_sw: eb.ref('excluded.name_sw'),
        sort_order: eb.ref('excluded.sort_order'),
      })),
    )
    .execute();

  await trx
    .insertInto('faq')
    .values(
      faqs.map((faq, i) => ({
        question_en: faq.question.en,
        question_sw: faq.question.sw,
        answer_en: faq.answer.en,
        answer_sw: faq.answer.sw,
        sort_order: i,
      })),
    )
    .onConflict((oc) =>
      oc.column('question_en').doUpdateSet((eb) => ({
        question_sw: eb.ref('excluded.question_sw'),
        answer_en: eb.ref('excluded.answer_en'),
        answer_sw: eb.ref('excluded.answer_sw'),
        sort_order: eb.ref('excluded.sort_order'),
      })),
    )
    .execute();
}

/** The engineers' roles, and the engineers an applicant can name (each with a role of the file). */
async function seedEngineers(trx: Transaction<Database>): Promise<void> {
  const { engineer_roles: engineerRoles, engineers } = referenceData;
  await trx
    .insertInto('engineer_role')
    .values(
      engineerRoles.map((role, i) => ({
        code: role.code,
        name_en: role.name.en,
        name_sw: role.name.sw,
        sort_order: i,
      })),
    )
    .onConflict((oc) =>
      oc.column('code').doUpdateSet((eb) => ({
        name_en: eb.ref('excluded.name_en'),
        name_sw: eb.ref('excluded.name_sw'),
        sort_order: eb.ref('excluded.sort_order'),
      })),
    )
    .execute();

  const roleIds = new Map(
    (await trx.selectFrom('engineer_role').select(['id', 'code']).execute()).map((r) => [r.code, r.id]),
  );
  const engineerRows = engineers.map((e) => {
    const roleId = roleIds.get(e.role_code);
    if (roleId === undefined) throw new Error(`Engineer ${e.registration_number} has unknown role ${e.role_code}`);
    return {
      registration_number: e.registration_number,
      name: e.name,
      role_id: roleId,
      experience_years: e.experience_years,
      email: e.email,
      mobile: e.mobile,
    };
  });
  await trx
    .insertInto('engineer')
    .values(engineerRows)
    .onConflict((oc) =>
      oc.column('registration_number').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        role_id: eb.ref('excluded.role_id'),
        experience_years: eb.ref('excluded.experience_years'),
        email: eb.ref('excluded.email'),
        mobile: eb.ref('excluded.mobile'),
      })),
    )
    .execute();
}

/** True when the reference lists have never been seeded (a new database). */
export async function needsSeeding(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('engineer_role')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0) === 0;
}
