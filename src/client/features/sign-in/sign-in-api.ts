import { verifyCode, type VerifyCodeRequest } from '../../../shared/api/continue';
import { requestSignInCode } from '../../../shared/api/sign-in';
import { api } from '../../app/api';
import { callMutation } from '../../app/call-endpoint';
import type { SignInAnswer } from '../../session/session-api';

/**
 * View (sign-in): the reference number and the captcha's payload (the ALTCHA widget fetches and solves
 * its challenge itself, CaptchaField.tsx), then the code sent to the applicant's phone.
 */
const signInApi = api.injectEndpoints({
  endpoints: (build) => ({
    requestSignInCode: callMutation(build, requestSignInCode, { quiet: true }),
    // verify_code answers a sign-in's code with the user and the session (a continue's, the draft).
    // Its types named: the compiler infers no result from a transformResponse of verify_code's two
    // answers ("type instantiation is excessively deep").
    verifySignInCode: callMutation<typeof verifyCode, never, 'api', VerifyCodeRequest, SignInAnswer>(
      build,
      verifyCode,
      { quiet: true },
      { transformResponse: (answer) => answer as SignInAnswer },
    ),
  }),
});

export const { useRequestSignInCodeMutation, useVerifySignInCodeMutation } = signInApi;
