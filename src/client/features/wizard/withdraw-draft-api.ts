import { withdrawDraft } from '../../../shared/api/withdraw';
import { api } from '../../app/api';
import { callMutation } from '../../app/call-endpoint';

/** /api/application/withdraw_draft: the draft this browser holds the draft cookie of (src/shared/api/withdraw.ts). */
const withdrawDraftApi = api.injectEndpoints({
  endpoints: (build) => ({
    withdrawDraft: callMutation(build, withdrawDraft, { quiet: true }),
  }),
});

export const { useWithdrawDraftMutation } = withdrawDraftApi;
