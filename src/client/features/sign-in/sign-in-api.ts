import type { SessionTimes, SignedInUser } from '../../../shared/dashboard';
import { api } from '../../app/api';

export interface Captcha {
  captcha_id: string;
  /** An SVG document, shown as a data: URL image. */
  svg: string;
  expires_in_s: number;
}

/** A one-time code went by SMS. */
export interface CodeChallenge {
  challenge_id: string;
  /** The phone the code went to, masked. */
  sent_to: string;
  expires_in_s: number;
}

/** verify_code's answer to a sign-in challenge; the session cookie comes with it. */
export interface SignInAnswer {
  user: SignedInUser;
  session: SessionTimes;
}

/** View (sign-in): a captcha, the reference number, then the code sent to the applicant's phone. */
const signInApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A query, so that a page shows one captcha however often it renders; refetch() draws a new one.
    newCaptcha: build.query<Captcha, void>({
      query: () => ({ url: '/captcha/new', quiet: true }),
      // Single use: never kept for another visit.
      keepUnusedDataFor: 0,
    }),
    requestSignInCode: build.mutation<
      CodeChallenge,
      { reference_number: string; captcha_id: string; captcha_answer: string }
    >({
      query: (body) => ({ url: '/application/get_application', body, quiet: true }),
    }),
    verifySignInCode: build.mutation<SignInAnswer, { challenge_id: string; code: string }>({
      query: (body) => ({ url: '/application/verify_code', body, quiet: true }),
    }),
    logout: build.mutation<unknown, void>({
      query: () => ({ url: '/application/logout', quiet: true }),
    }),
  }),
});

export const { useNewCaptchaQuery, useRequestSignInCodeMutation, useVerifySignInCodeMutation, useLogoutMutation } =
  signInApi;
