import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { AnswerOf, RequestOf } from '../../shared/api/call';
import {
  staffCurrent,
  staffSignIn,
  staffSignOut,
  staffVerify,
  type StaffSessionAnswer,
  type StaffSignInAnswer,
  type StaffSignInRequest,
  type StaffVerifyRequest,
} from '../../shared/api/staff-session';
import {
  discardDraft,
  exportTexts,
  getAudit,
  getDiff,
  getDraft,
  getHistory,
  importTexts,
  publishDraft,
  rollbackVersion,
  saveDocument,
  saveFees,
  saveFlows,
  saveQuestion,
  saveStep,
  type AuditAnswer,
  type AuditRequest,
  type DiffAnswer,
  type ExportTextsAnswer,
  type HistoryAnswer,
  type HistoryRequest,
  type ImportTextsAnswer,
  type ImportTextsRequest,
  type PublishAnswer,
  type PublishRequest,
  type RollbackRequest,
  type SaveDocumentRequest,
  type SaveFeesRequest,
  type SaveFlowsRequest,
  type SaveQuestionRequest,
  type SaveStepRequest,
  type StudioDraftAnswer,
} from '../../shared/api/studio';
import { callRequest, envelopeBaseQuery, type ApiFailure, type ApiRequest } from '../app/api';
import { showToast } from '../app/ui-slice';
import { staffSignedIn, staffSignedOut } from './staff-session-slice';

/**
 * The portal's one base query (envelope, language), with the staff session's rules: a 401 of any
 * studio call means the staff session is over, and the studio shows its sign-in again (no toast: the
 * sign-in says why); a 403 is said in the studio's words (the server's "Access denied" is never shown).
 * Calls go with `session: false` so the applicant's session rules (api.ts) never apply to staff.
 */
const studioBaseQuery: BaseQueryFn<ApiRequest, unknown, ApiFailure> = async (args, apiArgs, extra) => {
  const result = await envelopeBaseQuery({ ...args, session: false, quiet: true }, apiArgs, extra);
  const failure = result.error;
  if (!failure) return result;
  if (failure.code === 401) apiArgs.dispatch(staffSignedOut('expired'));
  else if (failure.code === 403 && !args.quiet)
    apiArgs.dispatch(showToast({ severity: 'error', key: 'app.forbidden' }));
  else if (!args.quiet) apiArgs.dispatch(showToast({ severity: 'error', text: failure.message }));
  return result;
};

/** What the studio's queries are cached under; a change of the draft or a publish refreshes them. */
export const STUDIO_TAGS = ['Draft', 'Diff', 'History', 'Audit'] as const;

/**
 * The studio's calls (src/shared/api/studio.ts) and the staff session's (staff-session.ts): each
 * endpoint sends its shared call (callRequest: the call's path, a body of its request type).
 *
 * A createApi of its own rather than endpoints injected into the app's `api`: the studio is a separate
 * Vite entry with its own store, so its cache (reducerPath `studioApi`), tags and sign-out reset stay
 * apart from the applicant app's, and nothing of it can end up in the public bundle by an import of `api`.
 *
 * Every call that changes the draft answers the draft as it is now: it replaces getDraft's cache at
 * once (no refetch while an editor types) and drops the diff. Forms show their errors themselves (quiet).
 */
export const studioApi = createApi({
  reducerPath: 'studioApi',
  baseQuery: studioBaseQuery,
  tagTypes: STUDIO_TAGS,
  // The draft is shared by editors: what another saved shows when the studio comes back into view.
  refetchOnFocus: true,
  endpoints: (build) => {
    /** A call that changes the draft (its request made by `query`): its answer is the draft now. */
    const draftChange = <Request>(query: (body: Request) => ApiRequest) =>
      build.mutation<StudioDraftAnswer, Request>({
        query,
        invalidatesTags: (_answer, error) => (error ? [] : ['Diff', 'Audit']),
        async onQueryStarted(_body, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
          if (data) void dispatch(studioApi.util.upsertQueryData('getDraft', undefined, data));
        },
      });
    return {
      // The staff session ----------------------------------------------------------------------
      staffSignIn: build.mutation<StaffSignInAnswer, StaffSignInRequest>({
        query: (body) => callRequest(staffSignIn, body, { quiet: true }),
      }),
      staffVerify: build.mutation<StaffSessionAnswer, StaffVerifyRequest>({
        query: (body) => callRequest(staffVerify, body, { quiet: true }),
        async onQueryStarted(_body, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
          if (!data) return;
          // Whatever an earlier session had cached is not this member's to see.
          dispatch(studioApi.util.resetApiState());
          dispatch(staffSignedIn(data.staff));
        },
      }),
      /** On load: who is signed in (401 without a staff session: quiet, the sign-in shows). */
      staffCurrent: build.query<StaffSessionAnswer, void>({
        query: () => callRequest(staffCurrent, {}, { quiet: true }),
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
          if (data) dispatch(staffSignedIn(data.staff));
        },
      }),
      staffSignOut: build.mutation<AnswerOf<typeof staffSignOut>, void>({
        query: () => callRequest(staffSignOut, {}),
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          // Signed out here whatever the server says: the page must not go on showing the draft.
          await queryFulfilled.catch(() => undefined);
          dispatch(staffSignedOut('signed_out'));
          dispatch(studioApi.util.resetApiState());
        },
      }),

      // The draft --------------------------------------------------------------------------------
      getDraft: build.query<StudioDraftAnswer, void>({
        query: () => callRequest(getDraft, {}),
        providesTags: ['Draft'],
      }),
      saveQuestion: draftChange((body: SaveQuestionRequest) => callRequest(saveQuestion, body, { quiet: true })),
      saveStep: draftChange((body: SaveStepRequest) => callRequest(saveStep, body, { quiet: true })),
      // The draft's flows, fee schedule and documents are the forms' own types; the call takes them as
      // open objects (the checker says what is wrong in them).
      saveFlows: draftChange((body: SaveFlowsRequest) =>
        callRequest(saveFlows, body as unknown as RequestOf<typeof saveFlows>, { quiet: true }),
      ),
      saveFees: draftChange((body: SaveFeesRequest) =>
        callRequest(saveFees, body as unknown as RequestOf<typeof saveFees>, { quiet: true }),
      ),
      saveDocument: draftChange((body: SaveDocumentRequest) =>
        callRequest(saveDocument, body as RequestOf<typeof saveDocument>, { quiet: true }),
      ),
      importTexts: build.mutation<ImportTextsAnswer, ImportTextsRequest>({
        query: (body) => callRequest(importTexts, body, { quiet: true }),
        invalidatesTags: (_answer, error) => (error ? [] : ['Diff', 'Audit']),
        async onQueryStarted(_body, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
          if (!data) return;
          const { draft, live_version, problems } = data;
          void dispatch(studioApi.util.upsertQueryData('getDraft', undefined, { draft, live_version, problems }));
        },
      }),
      discardDraft: build.mutation<StudioDraftAnswer, void>({
        query: () => callRequest(discardDraft, {}, { quiet: true }),
        invalidatesTags: (_answer, error) => (error ? [] : ['Diff', 'Audit']),
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
          if (data) void dispatch(studioApi.util.upsertQueryData('getDraft', undefined, data));
        },
      }),

      // Diff, publish, history -------------------------------------------------------------------
      getDiff: build.query<DiffAnswer, void>({
        query: () => callRequest(getDiff, {}),
        providesTags: ['Diff'],
      }),
      publish: build.mutation<PublishAnswer, PublishRequest>({
        query: (body) => callRequest(publishDraft, body, { quiet: true }),
        // The draft is reset to the new live version: everything shown is stale.
        invalidatesTags: (_answer, error) => (error ? [] : ['Draft', 'Diff', 'History', 'Audit']),
      }),
      rollback: build.mutation<PublishAnswer, RollbackRequest>({
        query: (body) => callRequest(rollbackVersion, body, { quiet: true }),
        invalidatesTags: (_answer, error) => (error ? [] : ['Draft', 'Diff', 'History', 'Audit']),
      }),
      /** One page of versions, newest first; `before` from the previous page's next_before. */
      getHistory: build.query<HistoryAnswer, HistoryRequest>({
        query: (body) => callRequest(getHistory, body),
        providesTags: ['History'],
      }),

      // Translations, audit ----------------------------------------------------------------------
      /** A mutation: each export is an action of its own (it is in the audit), made on a click. */
      exportTexts: build.mutation<ExportTextsAnswer, void>({
        query: () => callRequest(exportTexts, {}),
        invalidatesTags: ['Audit'],
      }),
      getAudit: build.query<AuditAnswer, AuditRequest>({
        query: (body) => callRequest(getAudit, body),
        providesTags: ['Audit'],
      }),
    };
  },
});

export const {
  useStaffSignInMutation,
  useStaffVerifyMutation,
  useStaffCurrentQuery,
  useStaffSignOutMutation,
  useGetDraftQuery,
  useSaveQuestionMutation,
  useSaveStepMutation,
  useSaveFlowsMutation,
  useSaveFeesMutation,
  useSaveDocumentMutation,
  useImportTextsMutation,
  useDiscardDraftMutation,
  useGetDiffQuery,
  usePublishMutation,
  useRollbackMutation,
  useGetHistoryQuery,
  useExportTextsMutation,
  useGetAuditQuery,
} = studioApi;
