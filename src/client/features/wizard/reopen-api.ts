import { openDraft, type OpenDraftAnswer } from '../../../shared/api/open-draft';
import { api } from '../../app/api';
import { callMutation } from '../../app/call-endpoint';

/** What open_draft answers: one's own draft, for the holder of its draft cookie (src/shared/api/open-draft.ts). */
export type ReopenedDraft = OpenDraftAnswer;

export const reopenApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A mutation: it is read once, as the page opens, and never cached (it holds the applicant's answers).
    openDraft: callMutation(build, openDraft, { quiet: true }),
  }),
});
