import type { WithdrawAnswer, WithdrawDraftRequest } from '../../../shared/api/withdraw';
import { api } from '../../app/api';

/** /api/application/withdraw_draft: the draft this browser holds the draft cookie of (src/shared/api/withdraw.ts). */
const withdrawDraftApi = api.injectEndpoints({
  endpoints: (build) => ({
    withdrawDraft: build.mutation<WithdrawAnswer, WithdrawDraftRequest>({
      query: (body) => ({ url: '/application/withdraw_draft', body, quiet: true }),
    }),
  }),
});

export const { useWithdrawDraftMutation } = withdrawDraftApi;
