import { startTransition, useEffect, useState } from 'react';
import type { ValidatorType } from '@rjsf/utils';
import type { JsonSchema } from '../../shared/forms';
import { validatorVersion } from '../../shared/validator-url';
import { loadPrecompiledValidator } from './precompiled-validator';

/** Makes the validator of a step. The app loads precompiled ones; tests (no CSP) may give ajv's runtime one. */
export type ValidatorFactory = (step: string, schema: JsonSchema, formsVersion: string) => Promise<ValidatorType>;

/**
 * `npm run dev:mock` has no server to compile validators: ajv's runtime validator stands in, in that
 * mode only. The build replaces import.meta.env.MODE, so production bundles neither branch nor ajv's
 * runtime validator (and its eval, which the CSP refuses).
 */
const mockValidator: ValidatorFactory = async () => {
  const [{ customizeValidator }, { AJV_OPTIONS }] = await Promise.all([
    import('@rjsf/validator-ajv8'),
    import('../../shared/forms'),
  ]);
  return customizeValidator({ ajvOptionsOverrides: AJV_OPTIONS });
};

const defaultFactory: ValidatorFactory = import.meta.env.MODE === 'mock' ? mockValidator : loadPrecompiledValidator;

let factory: ValidatorFactory = defaultFactory;
const cache = new Map<string, Promise<ValidatorType>>();
/** The validators loaded, by the same key: a step whose validator is in opens at once, in one render. */
const loaded = new Map<string, ValidatorType>();

export function setValidatorFactory(next?: ValidatorFactory): void {
  factory = next ?? defaultFactory;
  cache.clear();
  loaded.clear();
}

const keyOf = (step: string, schema: JsonSchema, formsVersion: string) =>
  `${step}:${validatorVersion(formsVersion, schema)}`;

function validatorFor(step: string, schema: JsonSchema, formsVersion: string): Promise<ValidatorType> {
  const key = keyOf(step, schema, formsVersion);
  let found = cache.get(key);
  if (!found) {
    found = factory(step, schema, formsVersion);
    found.then(
      (validator) => loaded.set(key, validator),
      // A failure is not kept: the next attempt (after reloading the forms) tries again.
      () => cache.delete(key),
    );
    cache.set(key, found);
  }
  return found;
}

/**
 * Loads a step's validator before it is opened (the wizard asks for the steps next to the one shown):
 * on a slow network it is then there when the applicant moves on.
 */
export function preloadValidator(step: string, schema: JsonSchema, formsVersion: string): void {
  validatorFor(step, schema, formsVersion).catch(() => undefined); // the step itself shows the failure
}

export interface StepValidator {
  validator?: ValidatorType;
  failed: boolean;
}

/** The validator of a step, loaded once per version of its schema. */
export function useStepValidator(step: string, schema: JsonSchema, formsVersion: string, attempt = 0): StepValidator {
  const [state, setState] = useState<StepValidator & { for?: unknown }>(() => {
    const validator = loaded.get(keyOf(step, schema, formsVersion));
    return validator ? { validator, failed: false, for: schema } : { failed: false };
  });
  useEffect(() => {
    if (state.validator && state.for === schema && attempt === 0) return; // loaded before the step opened
    let live = true;
    validatorFor(step, schema, formsVersion).then(
      // The step's form renders in slices (a transition): a phone stays free to scroll meanwhile.
      (validator) => live && startTransition(() => setState({ validator, failed: false, for: schema })),
      () => live && setState({ failed: true, for: schema }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the state is read only to skip a validator in already
  }, [step, schema, formsVersion, attempt]);
  // Until the new step's validator arrives, not the previous step's.
  return state.for === schema ? state : { failed: false };
}
