import { findReference, verifyFindCode } from '../../../shared/api/find-reference';
import { api } from '../../app/api';
import { callMutation } from '../../app/call-endpoint';

/** "Forgot your reference number?" (src/shared/api/find-reference.ts): a code, then the applications. */
const findReferenceApi = api.injectEndpoints({
  endpoints: (build) => ({
    findReference: callMutation(build, findReference, { quiet: true }),
    verifyFindCode: callMutation(build, verifyFindCode, { quiet: true }),
  }),
});

export const { useFindReferenceMutation, useVerifyFindCodeMutation } = findReferenceApi;
