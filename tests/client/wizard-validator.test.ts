import type { RJSFSchema } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import { describe, expect, it } from 'vitest';
import { requireShim, validatorVersion } from '../../src/client/features/wizard/precompiled-validator';
import { dropInactive } from '../../src/client/features/wizard/step-data';
import { localizer } from '../../src/client/features/wizard/validation-messages';
import * as server from '../../src/server/routes/validator-routes';
import { servedForms, wt } from './wizard-forms';

const forms = servedForms();

/** What the browser does with GET /api/forms/validators/<step>.js, without a module loader. */
function precompiled(step: string) {
  const schema = forms.steps[step]!.schema as RJSFSchema;
  const code = server.validatorModule(schema);
  const factory = new Function(code.replace(/^export default /, 'return '))() as (
    require: (name: string) => unknown,
  ) => ValidatorFunctions;
  return { schema, validator: createPrecompiledValidator(factory(requireShim), schema) };
}

describe('precompiled validators', () => {
  it('are asked for with the version the server answers immutably', () => {
    for (const [step, { schema }] of Object.entries(forms.steps))
      expect(validatorVersion(forms.version, schema), step).toBe(server.validatorVersion(forms.version, schema));
  });

  it.each(Object.keys(forms.steps))('%s: the generated module runs with the client’s require shim', (step) => {
    const { schema, validator } = precompiled(step);
    expect(() => validator.validateFormData({}, schema)).not.toThrow();
  });

  it('validate like the server, with messages in the chosen language', () => {
    const { schema, validator } = precompiled('personal');
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

  it('check the conditions that drop stale conditional answers', () => {
    const { schema, validator } = precompiled('personal');
    const stale = { identification_type: 'passport', zan_id: '123456789', passport_number: 'AB123456' };
    expect(dropInactive(validator, schema, stale)).toEqual({
      identification_type: 'passport',
      passport_number: 'AB123456',
    });
  });
});
