import { verifyCode, type VerifyCodeRequest } from '../../../shared/api/continue';
import { requestSignInCode, type SignInChallenge, type SignInRequest } from '../../../shared/api/sign-in';
import { api, callRequest } from '../../app/api';
import type { SignInAnswer } from '../../session/session-api';

/**
 * View (sign-in): the reference number and the captcha's payload (the ALTCHA widget fetches and solves
 * its challenge itself, CaptchaField.tsx), then the code sent to the applicant's phone.
 */
const signInApi = api.injectEndpoints({
  endpoints: (build) => ({
    requestSignInCode: build.mutation<SignInChallenge, SignInRequest>({
      query: (body) => callRequest(requestSignInCode, body, { quiet: true }),
    }),
    // verify_code answers a sign-in's code with the user and the session.
    verifySignInCode: build.mutation<SignInAnswer, VerifyCodeRequest>({
      query: (body) => callRequest(verifyCode, body, { quiet: true }),
    }),
  }),
});

export const { useRequestSignInCodeMutation, useVerifySignInCodeMutation } = signInApi;
