import type { FromSchema } from 'json-schema-to-ts';
import type { engineerSchema } from './api/engineers';
import type {
  engineerRoleSchema,
  faqSchema,
  namedItemSchema,
  requiredDocumentSchema,
  siteSettingsSchema,
  splashEngineerSchema,
} from './api/splash';

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
export type NamedItem = FromSchema<typeof namedItemSchema>;

export type Faq = FromSchema<typeof faqSchema>;

export type EngineerRole = FromSchema<typeof engineerRoleSchema>;

/** An engineer of the public list with their contacts (get_engineers' `items`). */
export type Engineer = FromSchema<typeof engineerSchema>;

/** An engineer of the reference data, without contacts (get_splash's `engineers`). */
export type SplashEngineer = FromSchema<typeof splashEngineerSchema>;

/** A document of the spec's lists (get_splash), derived from a rule of the forms. */
export type RequiredDocument = FromSchema<typeof requiredDocumentSchema>;

/** The site's contact settings (get_splash's `site`). */
export type SiteSettings = FromSchema<typeof siteSettingsSchema>;

/** The answer of /api/splash/get_splash: the twelve reference lists of the spec, and the site's contact settings. */
export type { Splash } from './api/splash';
