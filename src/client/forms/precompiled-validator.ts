import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
// Not the package's index: it builds the runtime (eval-based) validator when loaded.
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import ucs2length from 'ajv/dist/runtime/ucs2length';
import type { JsonSchema } from '../../shared/forms';
import { validatorUrl, validatorVersion } from '../../shared/validator-url';

/**
 * The value of a CommonJS module's `exports.default`, whichever interop the bundler applied: the
 * production build (Node's, in a "type": "module" package) hands over the whole `module.exports`.
 */
function esDefault(imported: unknown): unknown {
  const value = imported as { default?: unknown } | null;
  return value !== null && Object.hasOwn(value, 'default') ? value.default : imported;
}

/**
 * The CommonJS modules ajv's standalone code may `require`, as that code reads them (`.default`,
 * `.fullFormats`). Anything else is refused: the module comes from our server, but stays contained.
 * ucs2length (string lengths) is in nearly every step; the rest (deep equality, URIs, formats: ~15 KiB
 * of gzip) load the first time a validator asks for them.
 */
const LOADERS: Record<string, () => Promise<unknown>> = {
  'ajv/dist/runtime/equal': async () => ({ default: esDefault((await import('ajv/dist/runtime/equal')).default) }),
  'ajv/dist/runtime/uri': async () => ({ default: esDefault((await import('ajv/dist/runtime/uri')).default) }),
  'ajv-formats/dist/formats': async () => {
    const { fastFormats, fullFormats } = await import('ajv-formats/dist/formats');
    return { fullFormats, fastFormats };
  },
};
const MODULES: Record<string, unknown> = {
  'ajv/dist/runtime/ucs2length': { default: esDefault(ucs2length) },
};

class NotLoadedYet extends Error {
  constructor(readonly module: string) {
    super(`${module} is not loaded yet`);
  }
}

function requireShim(name: string): unknown {
  if (Object.hasOwn(MODULES, name)) return MODULES[name];
  if (Object.hasOwn(LOADERS, name)) throw new NotLoadedYet(name);
  throw new Error(`The validator module needs "${name}", which the client lacks`);
}

/**
 * Runs the module's factory (which only builds functions, so running it again is harmless), loading
 * each runtime module it asks for that is not loaded yet.
 */
export async function runValidatorFactory(
  factory: (require: (name: string) => unknown) => ValidatorFunctions,
): Promise<ValidatorFunctions> {
  for (;;) {
    try {
      return factory(requireShim);
    } catch (error) {
      if (!(error instanceof NotLoadedYet)) throw error;
      MODULES[error.module] = await LOADERS[error.module]!();
    }
  }
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
  const url = validatorUrl(step, validatorVersion(formsVersion, schema));
  const loaded = (await import(/* @vite-ignore */ url)) as ValidatorModule;
  if (typeof loaded.default !== 'function') throw new Error(`${url} is not a validator module`);
  const factory = loaded.default as (require: (name: string) => unknown) => ValidatorFunctions;
  const functions = await runValidatorFactory(factory);
  return createPrecompiledValidator(functions, schema as RJSFSchema);
}
