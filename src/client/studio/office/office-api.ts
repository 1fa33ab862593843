import {
  extendChanges,
  getApplicationOutline,
  returnForChanges,
  withdrawOverdue,
} from '../../../shared/api/change-requests';
import { answerMessage } from '../../../shared/api/conversation';
import { cancelInvoice, listPaymentExceptions, settlePaymentException } from '../../../shared/api/payment-exceptions';
import {
  addInvoice,
  assignApplication,
  getPermitDocument,
  getStaffApplication,
  issuePermit,
  listApplications,
  listMessages,
  previewPermit,
  revokePermit,
  setStatus,
  updateAttachment,
} from '../../../shared/api/back-office';
import type { RequestOf } from '../../../shared/api/call';
import { callMutation, callQuery } from '../../app/call-endpoint';
import { studioApi } from '../studio-api';

/**
 * The officers' workspace's calls (the back office's, src/shared/api/back-office.ts), added to the staff
 * app's API when the workspace's code loads: nothing of them is in the studio's first file. A change
 * to an application refreshes it and the queue.
 */
/** A change to an application, if made: its page and the queue are read again. */
const changed = (error: unknown, reference: string) =>
  error ? [] : [{ type: 'Application' as const, id: reference }, 'Queue' as const];

const officeApi = studioApi
  .enhanceEndpoints({ addTagTypes: ['Application', 'Queue', 'Inbox', 'Money'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listApplications: callQuery(build, listApplications, {}, { providesTags: ['Queue'] }),
      getStaffApplication: callQuery(
        build,
        getStaffApplication,
        {},
        { providesTags: (_answer, _error, body) => [{ type: 'Application', id: body.reference_number }] },
      ),
      setStatus: callMutation(
        build,
        setStatus,
        { quiet: true },
        {
          invalidatesTags: (_answer, error, body) => changed(error, body.reference_number),
        },
      ),
      listMessages: callQuery(build, listMessages, {}, { providesTags: ['Inbox'] }),
      answerMessage: callMutation(
        build,
        answerMessage,
        { quiet: true },
        { invalidatesTags: (_answer, error) => (error ? [] : ['Inbox']) },
      ),
      addInvoice: callMutation(
        build,
        addInvoice,
        { quiet: true },
        {
          invalidatesTags: (_answer, error, body) => changed(error, body.reference_number),
        },
      ),
      assignApplication: callMutation(
        build,
        assignApplication,
        { quiet: true },
        {
          invalidatesTags: (_answer, error, body) => changed(error, body.reference_number),
        },
      ),
      /** Accept or reject a document: the application it belongs to is read again (its page says which). */
      updateAttachment: callMutation(
        build,
        updateAttachment,
        { quiet: true, body: (body: UpdateAttachmentArg) => body.review },
        {
          invalidatesTags: (_answer, error, arg) => changed(error, arg.reference_number),
        },
      ),
      /** Cancel an invoice: its application is read again, and the money desk (money paid on it is to refund). */
      cancelInvoice: callMutation(
        build,
        cancelInvoice,
        { quiet: true, body: (arg: CancelInvoiceArg) => arg.cancel },
        {
          invalidatesTags: (_answer, error, arg) => (error ? [] : [...changed(error, arg.reference_number), 'Money']),
        },
      ),
      listPaymentExceptions: callQuery(build, listPaymentExceptions, {}, { providesTags: ['Money'] }),
      settlePaymentException: callMutation(
        build,
        settlePaymentException,
        { quiet: true },
        { invalidatesTags: (_answer, error) => (error ? [] : ['Money', 'Application']) },
      ),
      /** What may be asked of the application: its forms version's, so it is kept with the application. */
      getApplicationOutline: callQuery(
        build,
        getApplicationOutline,
        {},
        { providesTags: (_answer, _error, body) => [{ type: 'Application', id: body.reference_number }] },
      ),
      returnForChanges: callMutation(
        build,
        returnForChanges,
        { quiet: true },
        { invalidatesTags: (_answer, error, body) => changed(error, body.reference_number) },
      ),
      extendChanges: callMutation(
        build,
        extendChanges,
        { quiet: true },
        { invalidatesTags: (_answer, error, body) => changed(error, body.reference_number) },
      ),
      withdrawOverdue: callMutation(
        build,
        withdrawOverdue,
        { quiet: true },
        { invalidatesTags: (_answer, error, body) => changed(error, body.reference_number) },
      ),
      /** The permit as it would be issued: nothing changes, nothing is read again. */
      previewPermit: callMutation(build, previewPermit, { quiet: true }),
      issuePermit: callMutation(
        build,
        issuePermit,
        { quiet: true },
        { invalidatesTags: (_answer, error, body) => changed(error, body.reference_number) },
      ),
      /** A permit's PDF, asked when the officer opens it (a mutation: never kept in the cache). */
      getPermitDocument: callMutation(build, getPermitDocument, { quiet: true }),
      /** Revoke a permit: the application it belongs to is read again. */
      revokePermit: callMutation(
        build,
        revokePermit,
        { quiet: true, body: (arg: RevokePermitArg) => arg.revoke },
        { invalidatesTags: (_answer, error, arg) => changed(error, arg.reference_number) },
      ),
    }),
  });

/** An invoice's cancellation, and the application whose page shows it. */
interface CancelInvoiceArg {
  reference_number: string;
  cancel: RequestOf<typeof cancelInvoice>;
}

/** A permit's revocation, and the application whose page shows it. */
interface RevokePermitArg {
  reference_number: string;
  revoke: RequestOf<typeof revokePermit>;
}

/** A document's review, and the application whose page shows it. */
interface UpdateAttachmentArg {
  reference_number: string;
  review: RequestOf<typeof updateAttachment>;
}

export const {
  useListApplicationsQuery,
  useGetStaffApplicationQuery,
  useSetStatusMutation,
  useUpdateAttachmentMutation,
  useAssignApplicationMutation,
  useAddInvoiceMutation,
  useListMessagesQuery,
  useAnswerMessageMutation,
  useCancelInvoiceMutation,
  useListPaymentExceptionsQuery,
  useSettlePaymentExceptionMutation,
  useGetApplicationOutlineQuery,
  useReturnForChangesMutation,
  useExtendChangesMutation,
  useWithdrawOverdueMutation,
  usePreviewPermitMutation,
  useIssuePermitMutation,
  useGetPermitDocumentMutation,
  useRevokePermitMutation,
} = officeApi;
