import { verifyPermit } from '../../../shared/api/permits';
import { api } from '../../app/api';
import { callQuery } from '../../app/call-endpoint';

/** The public permit check (src/shared/api/permits.ts): the page shows its own refusal, so no toast. */
const verifyApi = api.injectEndpoints({
  endpoints: (build) => ({
    verifyPermit: callQuery(build, verifyPermit, { quiet: true }),
  }),
});

export const { useVerifyPermitQuery } = verifyApi;
