/** Text shown to applicants, in every language the portal speaks. */
export interface LocalizedText {
  en: string;
  sw: string;
}

export type Language = keyof LocalizedText;
export const LANGUAGES: readonly Language[] = ['en', 'sw'];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export type MaterialCategory = 'foundation' | 'wall' | 'beam' | 'roof' | 'entry';
export const MATERIAL_CATEGORIES: readonly MaterialCategory[] = ['foundation', 'wall', 'beam', 'roof', 'entry'];

/** A named item of a reference list: a material, a room or area name. */
export interface NamedItem {
  id: number;
  name: LocalizedText;
}

export interface Faq {
  id: number;
  question: LocalizedText;
  answer: LocalizedText;
}

export interface EngineerRole {
  id: number;
  code: string;
  name: LocalizedText;
}

export interface Engineer {
  id: number;
  registration_number: string;
  name: string;
  role_id: number;
  experience_years: number;
  email: string;
  mobile: string;
}

export interface RequiredDocument {
  id: number;
  code: string;
  name: LocalizedText;
  description: LocalizedText;
  /** the largest file the portal accepts for it, in bytes */
  max_bytes: number;
  /** the kinds of file it accepts, as MIME types */
  accept: string[];
  /** submit is refused without it (when it applies); an optional one may be left out */
  required: boolean;
}

export interface SiteSettings {
  support_phone: string;
  whatsapp_number: string;
  /**
   * True when the server answers ZanIDs from the demo registry (development, or DEMO_MODE=1): the
   * wizard then shows the demo-only hints (the test ID numbers). Never true in production.
   */
  demo_hints?: boolean;
}

/** The answer of /api/splash/get_splash: the twelve reference lists of the spec, and the site's contact settings. */
export interface Splash {
  beam_tools: NamedItem[];
  foundation_tools: NamedItem[];
  entry_tools: NamedItem[];
  roof_tools: NamedItem[];
  wall_tools: NamedItem[];
  rooms: NamedItem[];
  faqs: Faq[];
  engineers: Engineer[];
  engineer_roles: EngineerRole[];
  normal_attachments: RequiredDocument[];
  not_more_than_three_attachments: RequiredDocument[];
  more_than_three_attachments: RequiredDocument[];
  site: SiteSettings;
}
