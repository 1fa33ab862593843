import { sql, type Kysely, type Transaction } from 'kysely';
import type { DocumentLists } from '../../shared/document-rules';
import type { Engineer, MaterialCategory, Splash } from '../../shared/reference-data';
import { phoneSearchDigits } from '../../shared/engineer-search';
import { MATERIAL_CATEGORIES } from '../../shared/reference-data';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** The reference lists kept in the database; the three document lists come from the forms' rules. */
export type ReferenceLists = Omit<Splash, 'site' | keyof DocumentLists>;

const toolsKey: Record<MaterialCategory, keyof ReferenceLists> = {
  foundation: 'foundation_tools',
  wall: 'wall_tools',
  beam: 'beam_tools',
  roof: 'roof_tools',
  entry: 'entry_tools',
};

export async function referenceVersion(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('reference_version').select('version').where('id', '=', 1).executeTakeFirstOrThrow();
  return row.version;
}

/** Every reference list, read in one transaction so the lists agree with each other. */
export async function loadReferenceLists(db: Kysely<Database>): Promise<{ version: number; lists: ReferenceLists }> {
  return db.transaction().execute(async (trx) => {
    const version = await referenceVersion(trx);
    const [materials, rooms, faqs, roles, engineers] = await Promise.all([
      trx.selectFrom('material').selectAll().orderBy('category').orderBy('sort_order').orderBy('id').execute(),
      trx.selectFrom('room').selectAll().orderBy('sort_order').orderBy('id').execute(),
      trx.selectFrom('faq').selectAll().orderBy('sort_order').orderBy('id').execute(),
      trx.selectFrom('engineer_role').selectAll().orderBy('sort_order').orderBy('id').execute(),
      splashEngineers(trx).orderBy('name').orderBy('id').execute(),
    ]);
    const lists = {
      rooms: rooms.map((r) => ({ id: r.id, name: { en: r.name_en, sw: r.name_sw } })),
      faqs: faqs.map((f) => ({
        id: f.id,
        question: { en: f.question_en, sw: f.question_sw },
        answer: { en: f.answer_en, sw: f.answer_sw },
      })),
      engineer_roles: roles.map((r) => ({ id: r.id, code: r.code, name: { en: r.name_en, sw: r.name_sw } })),
      engineers,
    } as Partial<ReferenceLists>;
    for (const category of MATERIAL_CATEGORIES) {
      (lists as Record<string, unknown>)[toolsKey[category]] = materials
        .filter((m) => m.category === category)
        .map((m) => ({ id: m.id, name: { en: m.name_en, sw: m.name_sw } }));
    }
    return { version, lists: lists as ReferenceLists };
  });
}

/**
 * The active engineers as the reference data names them: no email, phone or experience (the engineer
 * registry's contacts go out a page at a time, through findEngineers, never whole in every splash).
 */
function splashEngineers(db: Kysely<Database>) {
  return db.selectFrom('engineer').select(['id', 'registration_number', 'name', 'role_id']).where('active', '=', true);
}

export interface EngineerQuery {
  search?: string | undefined;
  roleCode?: string | undefined;
  page: number;
  pageSize: number;
}

/** A page of the public engineers list: search by name, email or phone (spaces in phones ignored). */
export async function findEngineers(
  db: Kysely<Database>,
  query: EngineerQuery,
): Promise<{ items: Engineer[]; total: number }> {
  let base = db.selectFrom('engineer').where('engineer.active', '=', true);
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const digits = phoneSearchDigits(search);
    base = base.where((eb) =>
      eb.or([
        eb('engineer.name', 'ilike', pattern),
        eb('engineer.email', 'ilike', pattern),
        eb('engineer.registration_number', 'ilike', pattern),
        ...(digits ? [eb(sql<string>`regexp_replace(engineer.mobile, '[^0-9]', '', 'g')`, 'like', `%${digits}%`)] : []),
      ]),
    );
  }
  if (query.roleCode) {
    base = base
      .innerJoin('engineer_role', 'engineer_role.id', 'engineer.role_id')
      .where('engineer_role.code', '=', query.roleCode);
  }
  // The page and the total in one query (the count over the whole match rides on each row); a page
  // past the end has no row to carry it, and asks for the count alone.
  const rows = await base
    .select([
      'engineer.id',
      'engineer.registration_number',
      'engineer.name',
      'engineer.role_id',
      'engineer.experience_years',
      'engineer.email',
      'engineer.mobile',
      sql<number>`count(*) over ()::int`.as('total'),
    ])
    .orderBy('engineer.name')
    .orderBy('engineer.id')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  const total =
    rows[0]?.total ??
    (query.page > 1 ? (await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow()).total : 0);
  return { items: rows.map(({ total: _total, ...engineer }) => engineer), total };
}

/** The engineer named in the answers, with the role's names. */
export async function findEngineerWithRole(db: Db, registrationNumber: string) {
  return db
    .selectFrom('engineer')
    .leftJoin('engineer_role', 'engineer_role.id', 'engineer.role_id')
    .select([
      'engineer.name',
      'engineer.experience_years',
      'engineer.email',
      'engineer.mobile',
      'engineer_role.name_en',
      'engineer_role.name_sw',
    ])
    .where('engineer.registration_number', '=', registrationNumber)
    .executeTakeFirst();
}

/** The engineer's registry phone, by registration number: where their lock is told. */
export async function engineerPhone(db: Db, registrationNumber: string) {
  return db
    .selectFrom('engineer')
    .select('mobile')
    .where('registration_number', '=', registrationNumber)
    .executeTakeFirst();
}

/** The engineer every demo application names: the registry's first active one. */
export async function firstActiveEngineer(db: Kysely<Database>): Promise<{ registration_number: string }> {
  return db
    .selectFrom('engineer')
    .select('registration_number')
    .where('active', '=', true)
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

/** An active engineer of the registry, by registration number. */
export async function findActiveEngineer(db: Kysely<Database>, registrationNumber: string) {
  return db
    .selectFrom('engineer')
    .select(['id', 'registration_number', 'name', 'role_id', 'experience_years', 'email', 'mobile'])
    .where('registration_number', '=', registrationNumber)
    .where('active', '=', true)
    .executeTakeFirst();
}

export async function findEngineerRole(db: Kysely<Database>, roleId: number) {
  return db
    .selectFrom('engineer_role')
    .select(['code', 'name_en', 'name_sw'])
    .where('id', '=', roleId)
    .executeTakeFirst();
}
