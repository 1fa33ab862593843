import type {
  FindReferenceAnswer,
  FindReferenceBody,
  VerifyFindCodeAnswer,
  VerifyFindCodeBody,
} from '../../../shared/api/find-reference';
import { api } from '../../app/api';

/** "Forgot your reference number?" (src/shared/api/find-reference.ts): a code, then the applications. */
const findReferenceApi = api.injectEndpoints({
  endpoints: (build) => ({
    findReference: build.mutation<FindReferenceAnswer, FindReferenceBody>({
      query: (body) => ({ url: '/application/find_reference', body, quiet: true }),
    }),
    verifyFindCode: build.mutation<VerifyFindCodeAnswer, VerifyFindCodeBody>({
      query: (body) => ({ url: '/application/verify_find_code', body, quiet: true }),
    }),
  }),
});

export const { useFindReferenceMutation, useVerifyFindCodeMutation } = findReferenceApi;
