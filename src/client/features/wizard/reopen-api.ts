import type { FormsChanged } from '../../../shared/forms-changed';
import type { ApplicationType } from '../../../shared/wizard-driver';
import { api } from '../../app/api';
import type { StepAnswers } from './wizard-slice';

/** What open_draft answers: one's own draft, for the holder of its draft cookie (src/server/applications/draft-resume-service.ts). */
export interface ReopenedDraft {
  reference_number: string;
  application_type: ApplicationType;
  /** The step to open next, 1-based. */
  step_number: number;
  /** The finished steps' answers, by step id. */
  data: Record<string, StepAnswers>;
  /** What was typed on steps kept unfinished (Save & Complete Later), by step id. */
  unfinished: Record<string, StepAnswers>;
  forms_changed?: FormsChanged;
}

const reopenApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A mutation: it is read once, as the page opens, and never cached (it holds the applicant's answers).
    openDraft: build.mutation<ReopenedDraft, { reference_number: string }>({
      query: (body) => ({ url: '/application/open_draft', body, quiet: true }),
    }),
  }),
});

export const { useOpenDraftMutation } = reopenApi;
