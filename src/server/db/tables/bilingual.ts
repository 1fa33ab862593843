/** A name in both languages, as the reference data keeps it. */
export interface Bilingual {
  name_en: string;
  name_sw: string;
}
