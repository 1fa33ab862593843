import {
  continueApplication,
  verifyCode,
  type ContinueApplicationRequest,
  type ContinueChallenge,
  type ContinuedDraft,
  type VerifyCodeRequest,
} from '../../../../shared/api/continue';
import { api, callRequest } from '../../../app/api';

export type { ContinueChallenge };

/** Continue by reference number: a code goes by SMS to the draft's phone, and the right code opens it. */
const continueApi = api.injectEndpoints({
  endpoints: (build) => ({
    continueApplication: build.mutation<ContinueChallenge, ContinueApplicationRequest>({
      query: (body) => callRequest(continueApplication, body, { quiet: true }),
    }),
    // The code of a continue challenge: verify_code answers the continued draft (src/shared/api/continue.ts).
    verifyContinueCode: build.mutation<ContinuedDraft, VerifyCodeRequest>({
      query: (body) => callRequest(verifyCode, body, { quiet: true }),
    }),
  }),
});

export const { useContinueApplicationMutation, useVerifyContinueCodeMutation } = continueApi;
