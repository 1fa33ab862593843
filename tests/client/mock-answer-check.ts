import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { MockAnswerCheck } from '../../src/client/mocks/mock-call';

/**
 * The run-time half of the mocks' contract (src/client/mocks/mock-call.ts): in the client tests every
 * answer built with answerFor / refusalFor (the mock backend's and the tests' own) is checked against
 * the call's answer schema, or the declared error's, as the server's answers are outside production
 * (src/server/http/contract-route.ts). A mismatch throws: msw answers 500 and the test fails.
 */
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validators = new WeakMap<object, ValidateFunction>();

export const mockAnswerCheck: MockAnswerCheck = ({ call, error }, schema, data) => {
  let validate = validators.get(schema as object);
  if (!validate) {
    validate = ajv.compile(schema as object);
    validators.set(schema as object, validate);
  }
  if (validate(data)) return;
  const what = error ? `${call.path}'s ${error.code}` : `${call.path}'s answer`;
  throw new Error(`The mock's ${what} does not match the contract: ${ajv.errorsText(validate.errors)}`);
};
