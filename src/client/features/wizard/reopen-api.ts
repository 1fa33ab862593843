import { OPEN_DRAFT_PATH, type OpenDraftAnswer, type OpenDraftBody } from '../../../shared/api/open-draft';
import { api } from '../../app/api';

/** What open_draft answers: one's own draft, for the holder of its draft cookie (src/shared/api/open-draft.ts). */
export type ReopenedDraft = OpenDraftAnswer;

const reopenApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A mutation: it is read once, as the page opens, and never cached (it holds the applicant's answers).
    openDraft: build.mutation<ReopenedDraft, OpenDraftBody>({
      query: (body) => ({ url: OPEN_DRAFT_PATH.replace(/^\/api/, ''), body, quiet: true }),
    }),
  }),
});

export const { useOpenDraftMutation } = reopenApi;
