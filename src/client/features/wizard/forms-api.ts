import {
  requestMaintenance,
  requestNoDrawings,
  saveAndContinue,
  saveFinal,
  type SaveStepAnswer,
  type SaveStepRequest,
  type SubmitRequest,
  type SubmittedAnswer,
} from '../../../shared/api/applications';
import type { ApplicationType } from '../../../shared/wizard-driver';
import { api, callRequest } from '../../app/api';
import type { ConfirmedEngineer, StepAnswers, VerifiedPerson } from './wizard-slice';

/** A step's save (src/shared/api/applications.ts): the step's answers as the wizard holds them. */
export type SaveAndContinueBody = SaveStepRequest & { data: StepAnswers };
export type SaveAndContinueResult = SaveStepAnswer;

/** Answers by step id (src/shared/api/applications.ts). */
export type SubmitBody = SubmitRequest & { data: Record<string, StepAnswers> };
export type SubmitResult = SubmittedAnswer;

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
      query: (body) => callRequest(saveAndContinue, body, { quiet: true }),
    }),
    saveFinal: build.mutation<SubmitResult, SubmitBody & { application_type: ApplicationType }>({
      query: (body) => callRequest(saveFinal, body, { quiet: true }),
    }),
    requestMaintenance: build.mutation<SubmitResult, SubmitBody>({
      query: (body) => callRequest(requestMaintenance, body, { quiet: true }),
    }),
    requestNoDrawings: build.mutation<SubmitResult, SubmitBody>({
      query: (body) => callRequest(requestNoDrawings, body, { quiet: true }),
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
