import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { hashForSchema } from '@rjsf/utils';
// Not the package's index: it builds the runtime (eval-based) validator when loaded.
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import equal from 'ajv/dist/runtime/equal';
import ucs2length from 'ajv/dist/runtime/ucs2length';
import uri from 'ajv/dist/runtime/uri';
import { fastFormats, fullFormats } from 'ajv-formats/dist/formats';
import type { JsonSchema } from '../../../shared/forms';

/**
 * The value of a CommonJS module's `exports.default`, whichever interop the bundler applied: the
 * production build (Node's, in a "type": "module" package) hands over the whole `module.exports`.
 */
function esDefault(imported: unknown): unknown {
  const value = imported as { default?: unknown } | null;
  return value !== null && Object.hasOwn(value as object, 'default') ? value.default : imported;
}

/**
 * The CommonJS modules ajv's standalone code may `require`, as that code reads them (`.default`,
 * `.fullFormats`). Anything else is refused: the module comes from our server, but stays contained.
 */
const MODULES: Record<string, unknown> = {
  'ajv/dist/runtime/ucs2length': { default: esDefault(ucs2length) },
  'ajv/dist/runtime/equal': { default: esDefault(equal) },
  'ajv/dist/runtime/uri': { default: esDefault(uri) },
  'ajv-formats/dist/formats': { fullFormats, fastFormats },
};

export function requireShim(name: string): unknown {
  if (!Object.hasOwn(MODULES, name)) throw new Error(`The validator module needs "${name}", which the client lacks`);
  return MODULES[name];
}

/** The version the server answers an immutable module for (src/server/routes/validator-routes.ts). */
export function validatorVersion(formsVersion: string, schema: JsonSchema): string {
  return `${formsVersion}.${hashForSchema(schema as RJSFSchema)}`;
}

type ValidatorModule = { default?: unknown };

/**
 * The step's validator without eval (the CSP has no 'unsafe-eval'): the server compiles the served
 * schema with ajv's standalone code and answers it as a same-origin ES module, which is imported here.
 * Throws when the module does not fit the schema (forms changed meanwhile): the caller reloads the forms.
 */
export async function loadPrecompiledValidator(
  step: string,
  schema: JsonSchema,
  formsVersion: string,
): Promise<ValidatorType> {
  const url = `/api/forms/validators/${encodeURIComponent(step)}.js?v=${encodeURIComponent(validatorVersion(formsVersion, schema))}`;
  const loaded = (await import(/* @vite-ignore */ url)) as ValidatorModule;
  if (typeof loaded.default !== 'function') throw new Error(`${url} is not a validator module`);
  const functions = (loaded.default as (require: (name: string) => unknown) => ValidatorFunctions)(requireShim);
  return createPrecompiledValidator(functions, schema as RJSFSchema);
}
