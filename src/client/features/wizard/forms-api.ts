import type { FormsChanged } from '../../../shared/forms-changed';
import type { ApplicationType } from '../../../shared/wizard-driver';
import { api } from '../../app/api';
import type { PhoneCode } from './use-phone-confirmation';
import type { ConfirmedEngineer, StepAnswers, VerifiedPerson } from './wizard-slice';

export interface SaveAndContinueBody {
  application_type: ApplicationType;
  /** 1-based: the number of the step being saved. */
  step_number: number;
  data: StepAnswers;
  reference_number?: string;
  /** The code sent to the new phone, when the save changes the phone saved in the draft. */
  phone_code?: PhoneCode;
  /** Save & Complete Later: the server sends the reference number by SMS. */
  save_later?: boolean;
  /**
   * The version of the forms the step was filled in (FormsDocument.version): when a newer one is
   * served, a step it changed is answered 409 forms_changed (`data`: FormsChanged), not field errors.
   */
  forms_version?: string;
  /** Save & Complete Later of a step not valid yet: kept as typed, the step unfinished. */
  unfinished?: boolean;
  /** The save's idempotency key: every attempt of one save sends the same (offline/send-until-saved.ts). */
  save_id?: string;
}

export interface SaveAndContinueResult {
  reference_number: string;
  /** The step to open next, 1-based. */
  step_number: number;
  /** The forms changed under the draft and it must answer something elsewhere. */
  forms_changed?: FormsChanged;
  /** The step was kept unfinished (its answers are not valid yet). */
  unfinished?: true;
}

/** Answers by step id. */
export interface SubmitBody {
  data: Record<string, StepAnswers>;
  reference_number?: string;
  phone_code?: PhoneCode;
  /** As in SaveAndContinueBody. */
  forms_version?: string;
  /** The applicant's declaration (src/shared/api/declaration.ts): Submit is refused without it. */
  declaration?: boolean;
  /** The Submit's idempotency key (src/shared/api/save-id.ts): every attempt of one Submit sends the same. */
  save_id?: string;
}

export interface SubmitResult {
  reference_number: string;
  status?: string;
}

export interface OtpSent {
  sent_to: string;
  expires_in_s: number;
  resend_after_s: number;
}

export interface OtpValidated {
  engineer: ConfirmedEngineer;
  validation_token: string;
}

export interface UploadBody {
  reference_number: string;
  /** The document's code ('sheha_letter'). */
  document_type: string;
  /** A drawing's scale ('1:100'), when the applicant gave one. */
  scale?: string;
  file: File;
}

export interface UploadedAttachment {
  attachment_id: string;
  document_name: string;
  size: number;
  scale?: string | null;
  /** The name as the server keeps it, fit to show (src/shared/api/open-draft.ts shownFileName). */
  file_name?: string | null;
  status: string;
}

/** The wizard's calls (reading the forms is in forms-query.ts). The page shows their errors itself (quiet). */
const formsApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveAndContinue: build.mutation<SaveAndContinueResult, SaveAndContinueBody>({
      query: (body) => ({ url: '/application/save_and_continue', body, quiet: true }),
    }),
    saveFinal: build.mutation<SubmitResult, SubmitBody & { application_type: ApplicationType }>({
      query: (body) => ({ url: '/application/save_final', body, quiet: true }),
    }),
    requestMaintenance: build.mutation<SubmitResult, SubmitBody>({
      // The spec's spelling.
      query: (body) => ({ url: '/application/request_maintainence', body, quiet: true }),
    }),
    requestNoDrawings: build.mutation<SubmitResult, SubmitBody>({
      query: (body) => ({ url: '/application/request_noDrawings', body, quiet: true }),
    }),
    // The draft's reference number: the engineer's SMS names it, and the confirmation is for it alone.
    sendEngineerOtp: build.mutation<OtpSent, { engineer_id: string; reference_number: string }>({
      query: (body) => ({ url: '/engineer/send_otp', body, quiet: true }),
    }),
    validateEngineerOtp: build.mutation<OtpValidated, { engineer_id: string; otp: string; reference_number: string }>({
      query: (body) => ({ url: '/engineer/validate_otp', body, quiet: true }),
    }),
    uploadAttachment: build.mutation<UploadedAttachment, UploadBody>({
      query: ({ reference_number, document_type, scale, file }) => {
        // The server reads the fields before the file: they must come first.
        const body = new FormData();
        body.append('reference_number', reference_number);
        body.append('document_type', document_type);
        if (scale) body.append('scale', scale);
        body.append('file', file, file.name);
        return { url: '/attachment/upload', body, quiet: true };
      },
    }),
    verifyZanid: build.mutation<VerifiedPerson, { zan_id: string }>({
      query: (body) => ({ url: '/application/verify_zanid', body, quiet: true }),
    }),
    submitApplication: build.mutation<SubmitResult, SubmitBody & { reference_number: string }>({
      query: (body) => ({ url: '/application/submit_application', body, quiet: true }),
    }),
  }),
});

export const {
  useSaveAndContinueMutation,
  useSaveFinalMutation,
  useRequestMaintenanceMutation,
  useRequestNoDrawingsMutation,
  useSendEngineerOtpMutation,
  useValidateEngineerOtpMutation,
  useUploadAttachmentMutation,
  useVerifyZanidMutation,
  useSubmitApplicationMutation,
} = formsApi;
