import { withdrawDraft, type WithdrawAnswer, type WithdrawDraftRequest } from '../../../shared/api/withdraw';
import { api, callRequest } from '../../app/api';

/** /api/application/withdraw_draft: the draft this browser holds the draft cookie of (src/shared/api/withdraw.ts). */
const withdrawDraftApi = api.injectEndpoints({
  endpoints: (build) => ({
    withdrawDraft: build.mutation<WithdrawAnswer, WithdrawDraftRequest>({
      query: (body) => callRequest(withdrawDraft, body, { quiet: true }),
    }),
  }),
});

export const { useWithdrawDraftMutation } = withdrawDraftApi;
