import { verifyPermit, type VerifiedPermit, type VerifyPermitRequest } from '../../../shared/api/permits';
import { api, callRequest } from '../../app/api';

/** The public permit check (src/shared/api/permits.ts): the page shows its own refusal, so no toast. */
const verifyApi = api.injectEndpoints({
  endpoints: (build) => ({
    verifyPermit: build.query<VerifiedPermit, VerifyPermitRequest>({
      query: (body) => callRequest(verifyPermit, body, { quiet: true }),
    }),
  }),
});

export const { useVerifyPermitQuery } = verifyApi;
