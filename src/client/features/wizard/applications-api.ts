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
import { uploadAttachment, type UploadedAttachment } from '../../../shared/api/attachments';
import { submitApplication, type SubmitApplicationRequest } from '../../../shared/api/continue';
import {
  sendEngineerOtp,
  validateEngineerOtp,
  type OtpSent,
  type OtpValidated,
  type SendEngineerOtpRequest,
  type ValidateEngineerOtpRequest,
} from '../../../shared/api/engineers';
import { verifyZanid, type VerifyZanidRequest, type ZanidPerson } from '../../../shared/api/identity';
import type { ApplicationType } from '../../../shared/wizard-driver';
import { api, callRequest } from '../../app/api';
import type { StepAnswers } from './wizard-slice';

/** A step's save (src/shared/api/applications.ts): the step's answers as the wizard holds them. */
export type SaveAndContinueBody = SaveStepRequest & { data: StepAnswers };
export type SaveAndContinueResult = SaveStepAnswer;

/** Answers by step id (src/shared/api/applications.ts). */
export type SubmitBody = SubmitRequest & { data: Record<string, StepAnswers> };
export type SubmitResult = SubmittedAnswer;

export type { OtpSent };

/** A draft's upload (src/shared/api/attachments.ts): its fields, and the file as the page holds it. */
export interface UploadBody {
  reference_number: string;
  /** The document's code ('sheha_letter'). */
  document_type: string;
  /** A drawing's scale ('1:100'), when the applicant gave one. */
  scale?: string;
  file: File;
}

/**
 * The wizard's calls: the application's saves and submits, the engineer's confirmation code, the uploads
 * and the ZanID lookup (reading the forms is in src/client/forms/forms-query.ts). The page shows their
 * errors itself (quiet).
 */
const applicationsApi = api.injectEndpoints({
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
    sendEngineerOtp: build.mutation<OtpSent, SendEngineerOtpRequest>({
      query: (body) => callRequest(sendEngineerOtp, body, { quiet: true }),
    }),
    validateEngineerOtp: build.mutation<OtpValidated, ValidateEngineerOtpRequest>({
      query: (body) => callRequest(validateEngineerOtp, body, { quiet: true }),
    }),
    uploadAttachment: build.mutation<UploadedAttachment, UploadBody>({
      query: ({ reference_number, document_type, scale, file }) => {
        // The server reads the fields before the file: they must come first.
        const body = new FormData();
        body.append('reference_number', reference_number);
        body.append('document_type', document_type);
        if (scale) body.append('scale', scale);
        body.append('file', file, file.name);
        return callRequest(uploadAttachment, body, { quiet: true });
      },
    }),
    verifyZanid: build.mutation<ZanidPerson, VerifyZanidRequest>({
      query: (body) => callRequest(verifyZanid, body, { quiet: true }),
    }),
    submitApplication: build.mutation<SubmitResult, SubmitApplicationRequest & { data: Record<string, StepAnswers> }>({
      query: (body) => callRequest(submitApplication, body, { quiet: true }),
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
} = applicationsApi;
