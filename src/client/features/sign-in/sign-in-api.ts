import type { SessionTimes, SignedInUser } from '../../../shared/dashboard';
import type { CodeAnswer, CodeSent } from '../../../shared/api/one-time-code';
import { api } from '../../app/api';

/** A one-time code went by SMS to the applicant's phone on file. */
export type CodeChallenge = CodeSent;

/** verify_code's answer to a sign-in challenge; the session cookie comes with it. */
export interface SignInAnswer {
  user: SignedInUser;
  session: SessionTimes;
}

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
    logout: build.mutation<unknown, void>({
      query: () => ({ url: '/application/logout', quiet: true }),
    }),
  }),
});

export const { useRequestSignInCodeMutation, useVerifySignInCodeMutation, useLogoutMutation } = signInApi;
