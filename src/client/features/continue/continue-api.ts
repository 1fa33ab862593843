import { api } from '../../app/api';
import type { ContinueData } from '../wizard/continue-data';

export interface ContinueChallenge {
  challenge_id: string;
  /** The phone the code went to, masked. */
  sent_to: string;
  expires_in_s: number;
}

/** Continue by reference number: a code goes by SMS to the draft's phone, and the right code opens it. */
const continueApi = api.injectEndpoints({
  endpoints: (build) => ({
    continueApplication: build.mutation<ContinueChallenge, { reference_number: string }>({
      query: (body) => ({ url: '/application/continue_application', body, quiet: true }),
    }),
    verifyContinueCode: build.mutation<ContinueData, { challenge_id: string; code: string }>({
      query: (body) => ({ url: '/application/verify_code', body, quiet: true }),
    }),
  }),
});

export const { useContinueApplicationMutation, useVerifyContinueCodeMutation } = continueApi;
