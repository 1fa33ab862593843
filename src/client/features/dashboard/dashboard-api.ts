import type { ApplicantInvoice } from '../../../shared/api/payments';
import type {
  ApplicantMessage,
  ApplicationSummary,
  DashboardApplication,
  DashboardAttachment,
  Notification,
  Permit,
  RenewalRequest,
  SessionTimes,
} from '../../../shared/dashboard';
import type { Conversation } from '../../../shared/api/conversation';
import type { CodeAnswer, CodeSent } from '../../../shared/api/one-time-code';
import type { ReferenceNumberBody } from '../../../shared/api/reference-number';
import type { WithdrawAnswer, WithdrawApplicationRequest } from '../../../shared/api/withdraw';
import type {
  ChangeRequestsAnswer,
  ResubmitChangesAnswer,
  ResubmitChangesRequest,
  SaveChangeStepAnswer,
  SaveChangeStepRequest,
} from '../../../shared/api/change-requests';
import { api } from '../../app/api';
import { DASHBOARD_TAGS, type SignInAnswer } from '../../session/session-api';

export interface DashboardUploadBody {
  /** The document's code ('sheha_letter'). */
  document_type: string;
  file: File;
  /** The drawing's scale, e.g. '1:100'. */
  scale?: string;
}

export interface DashboardUploaded {
  attachment_id: string;
  document_name: string;
  size: number;
  status: string;
}

/**
 * The signed-in applicant's calls. Every one needs the session cookie; the base query signs out on a
 * 401 and counts each success as activity. Forms show their errors themselves (quiet).
 */
export const dashboardApi = api.enhanceEndpoints({ addTagTypes: DASHBOARD_TAGS }).injectEndpoints({
  endpoints: (build) => ({
    keepAlive: build.mutation<SessionTimes, void>({
      query: () => ({ url: '/dashboard/keep_alive' }),
    }),
    getDashboardApplication: build.query<DashboardApplication, void>({
      query: () => ({ url: '/dashboard/get_application' }),
      providesTags: ['Application'],
    }),
    getApplications: build.query<ApplicationSummary[], void>({
      query: () => ({ url: '/dashboard/get_applications' }),
      providesTags: ['Applications'],
    }),
    openApplication: build.mutation<CodeSent, ReferenceNumberBody>({
      query: (body) => ({ url: '/dashboard/open_application', body, quiet: true }),
    }),
    verifyOpenCode: build.mutation<SignInAnswer, CodeAnswer>({
      query: (body) => ({ url: '/application/verify_code', body, quiet: true }),
    }),
    getAttachments: build.query<DashboardAttachment[], void>({
      query: () => ({ url: '/dashboard/get_attachments' }),
      providesTags: ['Attachments'],
    }),
    uploadDashboardAttachment: build.mutation<DashboardUploaded, DashboardUploadBody>({
      query: ({ document_type, file, scale }) => {
        // The server reads the fields before the file: they must come first.
        const body = new FormData();
        body.append('document_type', document_type);
        if (scale) body.append('scale', scale);
        body.append('file', file, file.name);
        return { url: '/attachment/upload', body, quiet: true, session: true };
      },
      invalidatesTags: (_result, error) => (error ? [] : ['Attachments', 'ChangeRequests']),
    }),
    getInvoices: build.query<ApplicantInvoice[], void>({
      query: () => ({ url: '/dashboard/get_invoices' }),
      providesTags: ['Invoices'],
    }),
    getNotifications: build.query<Notification[], void>({
      query: () => ({ url: '/dashboard/get_notifications' }),
      providesTags: ['Notifications'],
    }),
    readNotifications: build.mutation<{ updated: number }, void>({
      query: () => ({ url: '/dashboard/read_notifications' }),
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
      query: () => ({ url: '/dashboard/get_permits' }),
      providesTags: ['Permits'],
    }),
    renewPermit: build.mutation<RenewalRequest, { permit_number: string; type_of_work: string; reason: string }>({
      query: (body) => ({ url: '/dashboard/renew_permit', body, quiet: true }),
      invalidatesTags: (_result, error) => (error ? [] : ['Application', 'Permits', 'Notifications']),
    }),
    sendMessage: build.mutation<ApplicantMessage, { subject?: string; message: string }>({
      query: (body) => ({ url: '/dashboard/send_message', body, quiet: true }),
      invalidatesTags: (_result, error) => (error ? [] : ['Notifications', 'Messages']),
    }),
    getMessages: build.query<Conversation, void>({
      query: () => ({ url: '/dashboard/get_messages' }),
      providesTags: ['Messages'],
    }),
    withdrawApplication: build.mutation<WithdrawAnswer, WithdrawApplicationRequest>({
      query: (body) => ({ url: '/dashboard/withdraw_application', body, quiet: true }),
      invalidatesTags: (_result, error) => (error ? [] : ['Application', 'Applications']),
    }),
    // Requests for changes (src/shared/api/change-requests.ts).
    getChangeRequests: build.query<ChangeRequestsAnswer, void>({
      query: () => ({ url: '/dashboard/get_change_requests' }),
      providesTags: ['ChangeRequests'],
    }),
    saveChangeStep: build.mutation<SaveChangeStepAnswer, SaveChangeStepRequest>({
      query: (body) => ({ url: '/dashboard/save_change_step', body, quiet: true }),
      invalidatesTags: (_result, error) => (error ? [] : ['ChangeRequests', 'Application']),
    }),
    resubmitChanges: build.mutation<ResubmitChangesAnswer, ResubmitChangesRequest>({
      query: (body) => ({ url: '/dashboard/resubmit_changes', body, quiet: true }),
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
