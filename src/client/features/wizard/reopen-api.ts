import { openDraft, type OpenDraftAnswer, type OpenDraftRequest } from '../../../shared/api/open-draft';
import { api, callRequest } from '../../app/api';

/** What open_draft answers: one's own draft, for the holder of its draft cookie (src/shared/api/open-draft.ts). */
export type ReopenedDraft = OpenDraftAnswer;

export const reopenApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A mutation: it is read once, as the page opens, and never cached (it holds the applicant's answers).
    openDraft: build.mutation<ReopenedDraft, OpenDraftRequest>({
      query: (body) => callRequest(openDraft, body, { quiet: true }),
    }),
  }),
});
