import { uploadAttachment, type UploadRequest } from '../../../shared/api/attachments';
import { getChangeRequests, resubmitChanges, saveChangeStep } from '../../../shared/api/change-requests';
import { verifyCode, type VerifyCodeRequest } from '../../../shared/api/continue';
import { getMessages, sendMessage } from '../../../shared/api/conversation';
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
} from '../../../shared/api/dashboard';
import { getInvoices } from '../../../shared/api/payments';
import { withdrawApplication } from '../../../shared/api/withdraw';
import { api } from '../../app/api';
import { callMutation, callQuery } from '../../app/call-endpoint';
import { DASHBOARD_TAGS, type SignInAnswer } from '../../session/session-api';

type DashboardTag = (typeof DASHBOARD_TAGS)[number];

/** A dashboard upload (src/shared/api/attachments.ts): no reference number, the signed-in application's. */
export type DashboardUploadBody = Omit<UploadRequest, 'reference_number' | 'file'> & { file: File };

/**
 * The signed-in applicant's calls. Every one needs the session cookie; the base query signs out on a
 * 401 and counts each success as activity. Forms show their errors themselves (quiet).
 */
export const dashboardApi = api.enhanceEndpoints({ addTagTypes: DASHBOARD_TAGS }).injectEndpoints({
  endpoints: (build) => ({
    keepAlive: callMutation(build, keepAlive),
    getDashboardApplication: callQuery(build, getDashboardApplication, {}, { providesTags: ['Application'] }),
    getApplications: callQuery(build, getApplications, {}, { providesTags: ['Applications'] }),
    openApplication: callMutation(build, openApplication, { quiet: true }),
    // verify_code answers a sign-in's challenge (this one) with the user and the session. Its types
    // named: the compiler infers no result from a transformResponse of the call's two answers.
    verifyOpenCode: callMutation<typeof verifyCode, DashboardTag, 'api', VerifyCodeRequest, SignInAnswer>(
      build,
      verifyCode,
      { quiet: true },
      { transformResponse: (answer) => answer as SignInAnswer },
    ),
    getAttachments: callQuery(build, getAttachments, {}, { providesTags: ['Attachments'] }),
    uploadDashboardAttachment: callMutation(
      build,
      uploadAttachment,
      {
        quiet: true,
        session: true,
        body: ({ document_type, file, scale }: DashboardUploadBody) => {
          // The server reads the fields before the file: they must come first.
          const body = new FormData();
          body.append('document_type', document_type);
          if (scale) body.append('scale', scale);
          body.append('file', file, file.name);
          return body;
        },
      },
      { invalidatesTags: (_result, error) => (error ? [] : ['Attachments', 'ChangeRequests']) },
    ),
    getInvoices: callQuery(build, getInvoices, {}, { providesTags: ['Invoices'] }),
    getNotifications: callQuery(build, getNotifications, {}, { providesTags: ['Notifications'] }),
    readNotifications: callMutation(
      build,
      readNotifications,
      {},
      {
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
      },
    ),
    getPermits: callQuery(build, getPermits, {}, { providesTags: ['Permits'] }),
    renewPermit: callMutation(
      build,
      renewPermit,
      { quiet: true },
      { invalidatesTags: (_result, error) => (error ? [] : ['Application', 'Permits', 'Notifications']) },
    ),
    sendMessage: callMutation(
      build,
      sendMessage,
      { quiet: true },
      { invalidatesTags: (_result, error) => (error ? [] : ['Notifications', 'Messages']) },
    ),
    getMessages: callQuery(build, getMessages, {}, { providesTags: ['Messages'] }),
    withdrawApplication: callMutation(
      build,
      withdrawApplication,
      { quiet: true },
      { invalidatesTags: (_result, error) => (error ? [] : ['Application', 'Applications']) },
    ),
    // Requests for changes (src/shared/api/change-requests.ts).
    getChangeRequests: callQuery(build, getChangeRequests, {}, { providesTags: ['ChangeRequests'] }),
    saveChangeStep: callMutation(
      build,
      saveChangeStep,
      { quiet: true },
      { invalidatesTags: (_result, error) => (error ? [] : ['ChangeRequests', 'Application']) },
    ),
    resubmitChanges: callMutation(
      build,
      resubmitChanges,
      { quiet: true },
      { invalidatesTags: (_result, error) => (error ? [] : ['ChangeRequests', 'Application', 'Applications']) },
    ),
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
