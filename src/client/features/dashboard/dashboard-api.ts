import { uploadAttachment, type UploadedAttachment, type UploadRequest } from '../../../shared/api/attachments';
import {
  getChangeRequests,
  resubmitChanges,
  saveChangeStep,
  type ChangeRequestsAnswer,
  type ResubmitChangesAnswer,
  type ResubmitChangesRequest,
  type SaveChangeStepAnswer,
  type SaveChangeStepRequest,
} from '../../../shared/api/change-requests';
import { verifyCode, type VerifyCodeRequest } from '../../../shared/api/continue';
import {
  getMessages,
  sendMessage,
  type ApplicantMessage,
  type Conversation,
  type SendMessageRequest,
} from '../../../shared/api/conversation';
import {
  getApplications,
  getAttachments,
  getDashboardApplication,
  getNotifications,
  getPermits,
  keepAlive,
  openApplication,
  readNotifications,
  renewPermit,
  type ApplicationSummary,
  type DashboardApplication,
  type DashboardAttachment,
  type Notification,
  type OpenApplicationRequest,
  type Permit,
  type ReadNotificationsAnswer,
  type RenewalRequest,
  type RenewPermitRequest,
  type SessionTimes,
} from '../../../shared/api/dashboard';
import type { CodeSent } from '../../../shared/api/one-time-code';
import { getInvoices, type ApplicantInvoice } from '../../../shared/api/payments';
import {
  withdrawApplication,
  type WithdrawAnswer,
  type WithdrawApplicationRequest,
} from '../../../shared/api/withdraw';
import { api, callRequest } from '../../app/api';
import { DASHBOARD_TAGS, type SignInAnswer } from '../../session/session-api';

/** A dashboard upload (src/shared/api/attachments.ts): no reference number, the signed-in application's. */
export type DashboardUploadBody = Omit<UploadRequest, 'reference_number' | 'file'> & { file: File };

/**
 * The signed-in applicant's calls. Every one needs the session cookie; the base query signs out on a
 * 401 and counts each success as activity. Forms show their errors themselves (quiet).
 */
export const dashboardApi = api.enhanceEndpoints({ addTagTypes: DASHBOARD_TAGS }).injectEndpoints({
  endpoints: (build) => ({
    keepAlive: build.mutation<SessionTimes, void>({
      query: () => callRequest(keepAlive, {}),
    }),
    getDashboardApplication: build.query<DashboardApplication, void>({
      query: () => callRequest(getDashboardApplication, {}),
      providesTags: ['Application'],
    }),
    getApplications: build.query<ApplicationSummary[], void>({
      query: () => callRequest(getApplications, {}),
      providesTags: ['Applications'],
    }),
    openApplication: build.mutation<CodeSent, OpenApplicationRequest>({
      query: (body) => callRequest(openApplication, body, { quiet: true }),
    }),
    verifyOpenCode: build.mutation<SignInAnswer, VerifyCodeRequest>({
      query: (body) => callRequest(verifyCode, body, { quiet: true }),
    }),
    getAttachments: build.query<DashboardAttachment[], void>({
      query: () => callRequest(getAttachments, {}),
      providesTags: ['Attachments'],
    }),
    uploadDashboardAttachment: build.mutation<UploadedAttachment, DashboardUploadBody>({
      query: ({ document_type, file, scale }) => {
        // The server reads the fields before the file: they must come first.
        const body = new FormData();
        body.append('document_type', document_type);
        if (scale) body.append('scale', scale);
        body.append('file', file, file.name);
        return callRequest(uploadAttachment, body, { quiet: true, session: true });
      },
      invalidatesTags: (_result, error) => (error ? [] : ['Attachments', 'ChangeRequests']),
    }),
    getInvoices: build.query<ApplicantInvoice[], void>({
      query: () => callRequest(getInvoices, {}),
      providesTags: ['Invoices'],
    }),
    getNotifications: build.query<Notification[], void>({
      query: () => callRequest(getNotifications, {}),
      providesTags: ['Notifications'],
    }),
    readNotifications: build.mutation<ReadNotificationsAnswer, void>({
      query: () => callRequest(readNotifications, {}),
      // Read in the cache too (the tab's count goes), without fetching the list again.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        dispatch(
          dashboardApi.util.updateQueryData('getNotifications', undefined, (list) => {
            for (const item of list) item.read = true;
          }),
        );
      },
    }),
    getPermits: build.query<Permit[], void>({
      query: () => callRequest(getPermits, {}),
      providesTags: ['Permits'],
    }),
    renewPermit: build.mutation<RenewalRequest, RenewPermitRequest>({
      query: (body) => callRequest(renewPermit, body, { quiet: true }),
      invalidatesTags: (_result, error) => (error ? [] : ['Application', 'Permits', 'Notifications']),
    }),
    sendMessage: build.mutation<ApplicantMessage, SendMessageRequest>({
      query: (body) => callRequest(sendMessage, body, { quiet: true }),
      invalidatesTags: (_result, error) => (error ? [] : ['Notifications', 'Messages']),
    }),
    getMessages: build.query<Conversation, void>({
      query: () => callRequest(getMessages, {}),
      providesTags: ['Messages'],
    }),
    withdrawApplication: build.mutation<WithdrawAnswer, WithdrawApplicationRequest>({
      query: (body) => callRequest(withdrawApplication, body, { quiet: true }),
      invalidatesTags: (_result, error) => (error ? [] : ['Application', 'Applications']),
    }),
    // Requests for changes (src/shared/api/change-requests.ts).
    getChangeRequests: build.query<ChangeRequestsAnswer, void>({
      query: () => callRequest(getChangeRequests, {}),
      providesTags: ['ChangeRequests'],
    }),
    saveChangeStep: build.mutation<SaveChangeStepAnswer, SaveChangeStepRequest>({
      query: (body) => callRequest(saveChangeStep, body, { quiet: true }),
      invalidatesTags: (_result, error) => (error ? [] : ['ChangeRequests', 'Application']),
    }),
    resubmitChanges: build.mutation<ResubmitChangesAnswer, ResubmitChangesRequest>({
      query: (body) => callRequest(resubmitChanges, body, { quiet: true }),
      invalidatesTags: (_result, error) => (error ? [] : ['ChangeRequests', 'Application', 'Applications']),
    }),
  }),
});

export const {
  useGetChangeRequestsQuery,
  useSaveChangeStepMutation,
  useResubmitChangesMutation,
  useKeepAliveMutation,
  useGetDashboardApplicationQuery,
  useGetApplicationsQuery,
  useOpenApplicationMutation,
  useVerifyOpenCodeMutation,
  useGetAttachmentsQuery,
  useUploadDashboardAttachmentMutation,
  useGetInvoicesQuery,
  useGetNotificationsQuery,
  useReadNotificationsMutation,
  useGetPermitsQuery,
  useRenewPermitMutation,
  useSendMessageMutation,
  useGetMessagesQuery,
  useWithdrawApplicationMutation,
} = dashboardApi;
