import type { VerifiedPermit, VerifyPermitBody } from '../../../shared/api/permits';
import { api } from '../../app/api';

/** The public permit check (src/shared/api/permits.ts): the page shows its own refusal, so no toast. */
const verifyApi = api.injectEndpoints({
  endpoints: (build) => ({
    verifyPermit: build.query<VerifiedPermit, VerifyPermitBody>({
      query: (body) => ({ url: '/permits/verify', body, quiet: true }),
    }),
  }),
});

export const { useVerifyPermitQuery } = verifyApi;
