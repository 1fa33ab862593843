import type { CodeAnswer } from '../../../shared/api/one-time-code';
import { api } from '../../app/api';
import type { CodeChallenge, SignInAnswer } from '../../session/session-api';

/**
 * View (sign-in): the reference number and the captcha's payload (the ALTCHA widget fetches and solves
 * its challenge itself, CaptchaField.tsx), then the code sent to the applicant's phone.
 */
const signInApi = api.injectEndpoints({
  endpoints: (build) => ({
    requestSignInCode: build.mutation<CodeChallenge, { reference_number: string; altcha: string }>({
      query: (body) => ({ url: '/application/get_application', body, quiet: true }),
    }),
    verifySignInCode: build.mutation<SignInAnswer, CodeAnswer>({
      query: (body) => ({ url: '/application/verify_code', body, quiet: true }),
    }),
  }),
});

export const { useRequestSignInCodeMutation, useVerifySignInCodeMutation } = signInApi;
