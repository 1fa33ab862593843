import type { CodeAnswer, CodeSent } from '../../../../shared/api/one-time-code';
import type { ReferenceNumberBody } from '../../../../shared/api/reference-number';
import { api } from '../../../app/api';
import type { ContinueData } from './continue-data';

/** The code went to the phone saved in the draft. */
export type ContinueChallenge = CodeSent;

/** Continue by reference number: a code goes by SMS to the draft's phone, and the right code opens it. */
const continueApi = api.injectEndpoints({
  endpoints: (build) => ({
    continueApplication: build.mutation<ContinueChallenge, ReferenceNumberBody>({
      query: (body) => ({ url: '/application/continue_application', body, quiet: true }),
    }),
    verifyContinueCode: build.mutation<ContinueData, CodeAnswer>({
      query: (body) => ({ url: '/application/verify_code', body, quiet: true }),
    }),
  }),
});

export const { useContinueApplicationMutation, useVerifyContinueCodeMutation } = continueApi;
