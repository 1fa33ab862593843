import { localizedTextSchema } from './common-schemas';
import { apiCall, type AnswerOf, type RequestOf } from './call';
import { emptyBodySchema } from './empty-body';

/**
 * The public reference data (api-contract.md, Splash): the spec's twelve reference lists and the site's
 * contact settings, read once by every public page (kept in sessionStorage, revalidated with its ETag).
 */

/** A named item of a reference list: a material, a room or area name. */
export const namedItemSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name'],
  properties: { id: { type: 'integer' }, name: localizedTextSchema },
} as const;

export const faqSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'question', 'answer'],
  properties: { id: { type: 'integer' }, question: localizedTextSchema, answer: localizedTextSchema },
} as const;

/**
 * An engineer as the reference data names them: what the wizard shows of an engineer confirmed before
 * (a continued draft) by registration number. No contact: the email, phone and experience are the
 * engineer registry's, shown a page at a time by get_engineers (src/shared/api/engineers.ts), never
 * handed whole to every visitor.
 */
export const splashEngineerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'registration_number', 'name', 'role_id'],
  properties: {
    id: { type: 'integer' },
    registration_number: { type: 'string' },
    name: { type: 'string' },
    role_id: { type: 'integer' },
  },
} as const;

export const engineerRoleSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'code', 'name'],
  properties: { id: { type: 'integer' }, code: { type: 'string' }, name: localizedTextSchema },
} as const;

/** A document of the spec's lists, derived from a rule of the forms (src/shared/document-rules.ts). */
export const requiredDocumentSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'code', 'name', 'description', 'max_bytes', 'accept', 'required'],
  properties: {
    id: { type: 'integer' },
    code: { type: 'string' },
    name: localizedTextSchema,
    description: localizedTextSchema,
    /** The largest file the portal accepts for it, in bytes. */
    max_bytes: { type: 'integer' },
    /** The kinds of file it accepts, as MIME types. */
    accept: { type: 'array', items: { type: 'string' } },
    /** Submit is refused without it (when it applies); an optional one may be left out. */
    required: { type: 'boolean' },
  },
} as const;

/** The site's contact settings. */
export const siteSettingsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['support_phone', 'whatsapp_number'],
  properties: {
    support_phone: { type: 'string' },
    whatsapp_number: { type: 'string' },
    /**
     * True when the server answers ZanIDs from the demo registry (development, or DEMO_MODE=1): the
     * wizard then shows the demo-only hints (the test ID numbers). Never true in production.
     */
    demo_hints: { type: 'boolean' },
  },
} as const;

const namedItems = { type: 'array', items: namedItemSchema } as const;
const documents = { type: 'array', items: requiredDocumentSchema } as const;

/**
 * The twelve reference lists of the spec and the site's contact settings. The answer carries an ETag:
 * with If-None-Match the same copy answers 304.
 */
export const getSplash = apiCall({
  path: '/api/splash/get_splash',
  method: 'POST',
  body: emptyBodySchema,
  answer: {
    type: 'object',
    additionalProperties: false,
    required: [
      'beam_tools',
      'foundation_tools',
      'entry_tools',
      'roof_tools',
      'wall_tools',
      'rooms',
      'faqs',
      'engineers',
      'engineer_roles',
      'normal_attachments',
      'not_more_than_three_attachments',
      'more_than_three_attachments',
      'site',
    ],
    properties: {
      beam_tools: namedItems,
      foundation_tools: namedItems,
      entry_tools: namedItems,
      roof_tools: namedItems,
      wall_tools: namedItems,
      rooms: namedItems,
      faqs: { type: 'array', items: faqSchema },
      /** Every active engineer, by name, without contacts (splashEngineerSchema). */
      engineers: { type: 'array', items: splashEngineerSchema },
      engineer_roles: { type: 'array', items: engineerRoleSchema },
      /** The documents of every application. */
      normal_attachments: documents,
      /** The others a new or government building of up to three storeys is asked for. */
      not_more_than_three_attachments: documents,
      /** Those of a building of more than three storeys. */
      more_than_three_attachments: documents,
      site: siteSettingsSchema,
    },
  },
} as const);
export type GetSplashRequest = RequestOf<typeof getSplash>;
/** The answer of get_splash. */
export type Splash = AnswerOf<typeof getSplash>;
