import {
  findReference,
  verifyFindCode,
  type FindReferenceAnswer,
  type FindReferenceBody,
  type VerifyFindCodeAnswer,
  type VerifyFindCodeBody,
} from '../../../shared/api/find-reference';
import { api, callRequest } from '../../app/api';

/** "Forgot your reference number?" (src/shared/api/find-reference.ts): a code, then the applications. */
const findReferenceApi = api.injectEndpoints({
  endpoints: (build) => ({
    findReference: build.mutation<FindReferenceAnswer, FindReferenceBody>({
      query: (body) => callRequest(findReference, body, { quiet: true }),
    }),
    verifyFindCode: build.mutation<VerifyFindCodeAnswer, VerifyFindCodeBody>({
      query: (body) => callRequest(verifyFindCode, body, { quiet: true }),
    }),
  }),
});

export const { useFindReferenceMutation, useVerifyFindCodeMutation } = findReferenceApi;
