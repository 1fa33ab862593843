import type { ColumnType, Generated } from 'kysely';
import type { Bilingual } from './bilingual';

/** The reference data, the forms versions and the calendar. */
export interface ReferenceTables {
  material: MaterialTable;
  room: RoomTable;
  faq: FaqTable;
  engineer_role: EngineerRoleTable;
  engineer: EngineerTable;
  reference_version: ReferenceVersionTable;
  public_holiday: PublicHolidayTable;
  forms_version: FormsVersionTable;
}

export interface MaterialTable extends Bilingual {
  id: Generated<number>;
  category: string;
  sort_order: number;
}
export interface RoomTable extends Bilingual {
  id: Generated<number>;
  sort_order: number;
}
export interface FaqTable {
  id: Generated<number>;
  question_en: string;
  question_sw: string;
  answer_en: string;
  answer_sw: string;
  sort_order: number;
}
export interface EngineerRoleTable extends Bilingual {
  id: Generated<number>;
  code: string;
  sort_order: number;
}
export interface EngineerTable {
  id: Generated<number>;
  registration_number: string;
  name: string;
  role_id: number;
  experience_years: number;
  email: string;
  mobile: string;
  active: Generated<boolean>;
}
export interface ReferenceVersionTable {
  id: number;
  version: number;
  changed_at: ColumnType<Date, never, never>;
}
/** Zanzibar's public holidays: working-day deadlines skip them (src/shared/working-days.ts). */
export interface PublicHolidayTable {
  date: string;
  name_en: string;
  name_sw: string;
  /** An Islamic holiday's expected date, until the announced one replaces it. */
  expected: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, never, never>;
  created_by: string | null;
}
/** A published forms version: immutable once written. */
export interface FormsVersionTable {
  version: number;
  /** The FormsSet as JSON text (key order kept). */
  content: ColumnType<string, string, never>;
  content_hash: string;
  published_at: ColumnType<Date, Date | undefined, never>;
  published_by: string;
  reason: string;
}
