import { staffErrors, formsProblems } from './staff-errors';
import { apiCall, type RequestOf } from './call';

/**
 * reload_forms (back office, publisher roles or the integration's token): imports schemas/ on the
 * server and publishes it as a new forms version, optionally saying why (kept with the version).
 */
export const reloadForms = apiCall({
  path: '/api/staff/reload_forms',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    properties: { reason: { type: 'string', maxLength: 500 } },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['version', 'published'],
    properties: {
      /** The version served now (as get_forms names it). */
      version: { type: 'string' },
      /** A new version was published: false when the latest version holds the same content already. */
      published: { type: 'boolean' },
    },
  },
  errors: [...staffErrors, formsProblems],
} as const);
export type ReloadFormsRequest = RequestOf<typeof reloadForms>;
