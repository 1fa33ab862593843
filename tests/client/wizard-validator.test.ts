import type { RJSFSchema } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import { describe, expect, it } from 'vitest';
import { runValidatorFactory } from '../../src/client/forms/precompiled-validator';
import { dropInactive } from '../../src/client/forms/step-data';
import { localizer } from '../../src/client/forms/validation-messages';
import { validatorModule } from '../../src/server/forms/validator-routes';
import { validatorVersion } from '../../src/shared/validator-url';
import { servedForms, wt } from './wizard-forms';

const forms = servedForms();

/** What the browser does with GET /api/forms/validators/<step>.js: the module imported (a data: URL). */
async function precompiled(step: string) {
  const schema = forms.steps[step]!.schema as RJSFSchema;
  const code = validatorModule(schema);
  const { default: factory } = (await import(
    `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`
  )) as {
    default: (require: (name: string) => unknown) => ValidatorFunctions;
  };
  return { schema, validator: createPrecompiledValidator(await runValidatorFactory(factory), schema) };
}

describe('precompiled validators', () => {
  it('load the ajv runtime modules a validator asks for on first use, and refuse any other module', async () => {
    const asked: string[] = [];
    const functions = await runValidatorFactory((require) => {
      asked.push('run');
      const equal = require('ajv/dist/runtime/equal') as { default: (a: unknown, b: unknown) => boolean };
      const { fullFormats } = require('ajv-formats/dist/formats') as { fullFormats: Record<string, unknown> };
      expect(equal.default({ a: [1] }, { a: [1] })).toBe(true);
      expect(fullFormats.email).toBeDefined();
      return {};
    });
    expect(functions).toEqual({});
    // Run again after each module arrived: equal, then the formats.
    expect(asked).toHaveLength(3);
    await expect(runValidatorFactory((require) => require('fs') as ValidatorFunctions)).rejects.toThrow(
      /needs "fs", which the client lacks/,
    );
  });

  it('are asked for with a version of the forms and of the step (one function, src/shared/validator-url.ts)', () => {
    const versions = Object.values(forms.steps).map(({ schema }) => validatorVersion(forms.version, schema));
    expect(new Set(versions).size).toBe(versions.length);
    const [step] = Object.values(forms.steps);
    const schema = step!.schema as Record<string, unknown>;
    // The same schema, its keys in another order: the same version. Another forms version or schema: another.
    const reordered = Object.fromEntries(Object.entries(schema).reverse());
    expect(validatorVersion(forms.version, reordered)).toBe(validatorVersion(forms.version, schema));
    expect(validatorVersion('999', schema)).not.toBe(validatorVersion(forms.version, schema));
    expect(validatorVersion(forms.version, { ...schema, title: 'x' })).not.toBe(
      validatorVersion(forms.version, schema),
    );
  });

  it.each(Object.keys(forms.steps))('%s: the generated module runs with the client’s require shim', async (step) => {
    const { schema, validator } = await precompiled(step);
    expect(() => validator.validateFormData({}, schema)).not.toThrow();
  });

  it('validate like the server, with messages in the chosen language', async () => {
    const { schema, validator } = await precompiled('personal');
    const sw = wt('sw');
    const data = { identification_type: 'passport', passport_number: 'x', email: 'not-an-email', phone: '12' };
    const { errors } = validator.validateFormData(data, schema, undefined, localizer(sw));
    const byField = Object.fromEntries(errors.map((e) => [e.property, e.message]));
    expect(byField).toMatchObject({
      first_name: sw('validation:required'),
      '.passport_number': sw('validation:minLength', { limit: 6 }),
      '.email': sw('validation:format'),
      '.phone': sw('validation:minLength', { limit: 10 }),
    });
  });

  it('check the conditions that drop stale conditional answers', async () => {
    const { schema, validator } = await precompiled('personal');
    const stale = { identification_type: 'passport', zan_id: '123456789', passport_number: 'AB123456' };
    expect(dropInactive(validator, schema, stale)).toEqual({
      identification_type: 'passport',
      passport_number: 'AB123456',
    });
  });
});
