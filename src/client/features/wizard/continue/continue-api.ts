import {
  continueApplication,
  verifyCode,
  type ContinueChallenge,
  type ContinuedDraft,
  type VerifyCodeRequest,
} from '../../../../shared/api/continue';
import { api } from '../../../app/api';
import { callMutation } from '../../../app/call-endpoint';

export type { ContinueChallenge };

/** Continue by reference number: a code goes by SMS to the draft's phone, and the right code opens it. */
const continueApi = api.injectEndpoints({
  endpoints: (build) => ({
    continueApplication: callMutation(build, continueApplication, { quiet: true }),
    // The code of a continue challenge: verify_code answers the continued draft (src/shared/api/continue.ts),
    // or a sign-in's user (its other answer) to a sign-in's challenge, never to this one.
    // Its types named: the compiler infers no result from a transformResponse of verify_code's two
    // answers ("type instantiation is excessively deep").
    verifyContinueCode: callMutation<typeof verifyCode, never, 'api', VerifyCodeRequest, ContinuedDraft>(
      build,
      verifyCode,
      { quiet: true },
      { transformResponse: (answer) => answer as ContinuedDraft },
    ),
  }),
});

export const { useContinueApplicationMutation, useVerifyContinueCodeMutation } = continueApi;
