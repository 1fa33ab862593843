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
import { uploadAttachment } from '../../../shared/api/attachments';
import { submitApplication, type SubmitApplicationRequest } from '../../../shared/api/continue';
import { sendEngineerOtp, validateEngineerOtp, type OtpSent } from '../../../shared/api/engineers';
import { verifyZanid } from '../../../shared/api/identity';
import type { ApplicationType } from '../../../shared/wizard-driver';
import { api } from '../../app/api';
import { callMutation } from '../../app/call-endpoint';
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
    // The wizard's answers are sent as the call's body (its data the steps' answers as the wizard holds them).
    saveAndContinue: callMutation(build, saveAndContinue, { quiet: true, body: (body: SaveAndContinueBody) => body }),
    saveFinal: callMutation(build, saveFinal, {
      quiet: true,
      body: (body: SubmitBody & { application_type: ApplicationType }) => body,
    }),
    requestMaintenance: callMutation(build, requestMaintenance, { quiet: true, body: (body: SubmitBody) => body }),
    requestNoDrawings: callMutation(build, requestNoDrawings, { quiet: true, body: (body: SubmitBody) => body }),
    // The draft's reference number: the engineer's SMS names it, and the confirmation is for it alone.
    sendEngineerOtp: callMutation(build, sendEngineerOtp, { quiet: true }),
    validateEngineerOtp: callMutation(build, validateEngineerOtp, { quiet: true }),
    uploadAttachment: callMutation(build, uploadAttachment, {
      quiet: true,
      body: ({ reference_number, document_type, scale, file }: UploadBody) => {
        // The server reads the fields before the file: they must come first.
        const body = new FormData();
        body.append('reference_number', reference_number);
        body.append('document_type', document_type);
        if (scale) body.append('scale', scale);
        body.append('file', file, file.name);
        return body;
      },
    }),
    verifyZanid: callMutation(build, verifyZanid, { quiet: true }),
    submitApplication: callMutation(build, submitApplication, {
      quiet: true,
      body: (body: SubmitApplicationRequest & { data: Record<string, StepAnswers> }) => body,
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
