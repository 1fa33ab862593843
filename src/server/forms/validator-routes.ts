import type { RJSFSchema } from '@rjsf/utils';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import type { FastifyInstance } from 'fastify';
import { AJV_OPTIONS, type JsonSchema } from '../../shared/forms';
import { validatorVersion } from '../../shared/validator-url';
import type { FormsService, Served } from './forms-service';
import { ApiError } from '../http/envelope';

/**
 * ajv's standalone code for one step, as an ES module whose default export takes the `require` the
 * CommonJS code needs (the client maps the few ajv runtime modules it names to its own imports).
 */
export function validatorModule(schema: JsonSchema): string {
  const code = compileSchemaValidatorsCode(schema as RJSFSchema, {
    // The server's own options (src/shared/forms.ts); RJSF's multipleOfPrecision would differ from them.
    ajvOptionsOverrides: { ...AJV_OPTIONS, multipleOfPrecision: undefined },
  });
  return [
    'export default function (require) {',
    'const module = { exports: {} };',
    'const exports = module.exports;',
    code,
    ';',
    'return module.exports;',
    '}',
    '',
  ].join('\n');
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The forms version named by a validator's `v` (`<version>.<schema hash>`), if it is one. */
function versionAsked(v: string | undefined): number | undefined {
  const match = /^([1-9][0-9]{0,8})\./.exec(v ?? '');
  return match ? Number(match[1]) : undefined;
}

/**
 * GET /api/forms/validators/<step>.js?v=<version>: the step's precompiled validator, so the browser
 * validates without eval under the CSP (script-src 'self'). Generated from the served forms, so a
 * policy edit or new reference data changes it with no rebuild; cached per served forms and step.
 * A `v` naming an older published version answers that version's step (a returned application's
 * step editor validates under the version the application was submitted in); an unknown version
 * answers the served one, as before.
 */
export function validatorRoutes(app: FastifyInstance, forms: FormsService): void {
  // Per served forms (the current ones, and the few older versions FormsService keeps): a new served
  // set is a new object, so what was compiled for the set before goes with it.
  const cache = new WeakMap<Served, Map<string, { version: string; code: string }>>();

  app.get<{ Params: { step: string }; Querystring: { v?: string } }>(
    '/api/forms/validators/:step.js',
    {
      schema: {
        summary:
          'A step’s precompiled validator (JavaScript module, not an envelope) for the client under the CSP; ' +
          'cached for good when v is the version of the step answered (<forms version>.<schema hash>)',
        params: {
          type: 'object',
          required: ['step'],
          properties: { step: { type: 'string', pattern: '^[a-z][a-z0-9_]{0,63}$' } },
        },
        querystring: { type: 'object', properties: { v: { type: 'string', maxLength: 100 } } },
      },
    },
    async (request, res) => {
      const asked = versionAsked(request.query.v);
      const served = (asked === undefined ? undefined : await forms.getVersion(asked)) ?? (await forms.get());
      const { step } = request.params;
      const schema = Object.hasOwn(served.forms.steps, step) ? served.forms.steps[step]?.schema : undefined;
      if (!schema) throw new ApiError(404, 'not_found');
      let compiled = cache.get(served);
      if (!compiled) cache.set(served, (compiled = new Map()));
      let entry = compiled.get(step);
      if (!entry) {
        entry = { version: validatorVersion(served.forms.version, schema), code: validatorModule(schema) };
        compiled.set(step, entry);
      }
      return res
        .header('Cache-Control', request.query.v === entry.version ? IMMUTABLE : 'no-store')
        .type('text/javascript; charset=utf-8')
        .send(entry.code);
    },
  );
}
