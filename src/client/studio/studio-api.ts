import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { AnswerOf, ApiCall, RequestOf } from '../../shared/api/call';
import { staffCurrent, staffSignIn, staffSignOut, staffVerify } from '../../shared/api/staff-session';
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
  type SaveDocumentRequest,
  type SaveFeesRequest,
  type SaveFlowsRequest,
  type SaveQuestionRequest,
  type SaveStepRequest,
  type ImportTextsRequest,
  type ImportTextsAnswer,
  type StudioDraftAnswer,
} from '../../shared/api/studio';
import { envelopeBaseQuery, type ApiFailure, type ApiRequest } from '../app/api';
import { callMutation, callQuery, type CallMutationDefinition, type CallSend } from '../app/call-endpoint';
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
type StudioTag = (typeof STUDIO_TAGS)[number];

/**
 * A draft as a call answers it (its set's parts open objects in the call's schema) read as the studio
 * reads it, its set a FormsSet (StudioDraftAnswer): the checker, not the schema, says what is wrong in a set.
 */
function draftNow(answer: AnswerOf<typeof getDraft>): StudioDraftAnswer {
  return answer as unknown as StudioDraftAnswer;
}

/** What a call that changes the draft does with its answer (draftChange below). */
const DRAFT_CHANGE = {
  transformResponse: (answer: AnswerOf<typeof getDraft>) => draftNow(answer),
  invalidatesTags: (_answer: unknown, error: unknown): StudioTag[] => (error ? [] : ['Diff', 'Audit']),
  async onQueryStarted(
    _arg: unknown,
    {
      dispatch,
      queryFulfilled,
    }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: StudioDraftAnswer }> },
  ) {
    const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
    if (data) void dispatch(studioApi.util.upsertQueryData('getDraft', undefined, data));
  },
};

/**
 * The studio's calls (src/shared/api/studio.ts) and the staff session's (staff-session.ts): each
 * endpoint is built from its shared call (callQuery/callMutation: the call's path, its body, its answer).
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
    /**
     * A call that changes the draft: its answer is the draft now (read by a cast, draftNow, so its types
     * are named), which replaces getDraft's cache and drops the diff and the audit.
     */
    const draftChange = <C extends ApiCall, Arg>(call: C, send: CallSend<C, Arg>) =>
      // The options are typed once, in DRAFT_CHANGE (its transformResponse reads any draft-changing
      // call's answer as the draft): checked against the options of any call C, they are too deep an
      // instantiation for tsc (TS2589). So callMutation is called untyped here, its result typed.
      (callMutation as (...args: unknown[]) => unknown)(build, call, send, DRAFT_CHANGE) as CallMutationDefinition<
        Arg,
        StudioDraftAnswer,
        StudioTag,
        'studioApi'
      >;
    return {
      // The staff session ----------------------------------------------------------------------
      staffSignIn: callMutation(build, staffSignIn, { quiet: true }),
      staffVerify: callMutation(
        build,
        staffVerify,
        { quiet: true },
        {
          async onQueryStarted(_body, { dispatch, queryFulfilled }) {
            const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
            if (!data) return;
            // Whatever an earlier session had cached is not this member's to see.
            dispatch(studioApi.util.resetApiState());
            dispatch(staffSignedIn(data.staff));
          },
        },
      ),
      /** On load: who is signed in (401 without a staff session: quiet, the sign-in shows). */
      staffCurrent: callQuery(
        build,
        staffCurrent,
        { quiet: true },
        {
          async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
            const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
            if (data) dispatch(staffSignedIn(data.staff));
          },
        },
      ),
      staffSignOut: callMutation(
        build,
        staffSignOut,
        {},
        {
          async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
            // Signed out here whatever the server says: the page must not go on showing the draft.
            await queryFulfilled.catch(() => undefined);
            dispatch(staffSignedOut('signed_out'));
            dispatch(studioApi.util.resetApiState());
          },
        },
      ),

      // The draft --------------------------------------------------------------------------------
      // The draft's answers are read by a cast (draftNow), so their endpoints name their types: the
      // compiler infers none of them from a transformResponse ("type instantiation is excessively deep").
      // Every call below that changes the draft answers the draft now: it replaces getDraft's cache at
      // once (no refetch while an editor types) and drops the diff.
      getDraft: callQuery<typeof getDraft, StudioTag, 'studioApi', void, StudioDraftAnswer>(
        build,
        getDraft,
        {},
        {
          transformResponse: (answer) => draftNow(answer),
          providesTags: ['Draft'],
        },
      ),
      saveQuestion: draftChange<typeof saveQuestion, SaveQuestionRequest>(saveQuestion, { quiet: true }),
      saveStep: draftChange<typeof saveStep, SaveStepRequest>(saveStep, { quiet: true }),
      // The draft's flows, fee schedule and documents are the forms' own types; the call takes them as
      // open objects (the checker says what is wrong in them).
      saveFlows: draftChange<typeof saveFlows, SaveFlowsRequest>(saveFlows, {
        quiet: true,
        body: (body: SaveFlowsRequest) => body as unknown as RequestOf<typeof saveFlows>,
      }),
      saveFees: draftChange<typeof saveFees, SaveFeesRequest>(saveFees, {
        quiet: true,
        body: (body: SaveFeesRequest) => body as unknown as RequestOf<typeof saveFees>,
      }),
      saveDocument: draftChange<typeof saveDocument, SaveDocumentRequest>(saveDocument, {
        quiet: true,
        body: (body: SaveDocumentRequest) => body as RequestOf<typeof saveDocument>,
      }),
      importTexts: callMutation<typeof importTexts, StudioTag, 'studioApi', ImportTextsRequest, ImportTextsAnswer>(
        build,
        importTexts,
        { quiet: true },
        {
          transformResponse: (answer) => answer as unknown as ImportTextsAnswer,
          invalidatesTags: (_answer, error) => (error ? [] : ['Diff', 'Audit']),
          async onQueryStarted(_body, { dispatch, queryFulfilled }) {
            const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
            if (!data) return;
            const { draft, live_version, problems } = data;
            void dispatch(studioApi.util.upsertQueryData('getDraft', undefined, { draft, live_version, problems }));
          },
        },
      ),
      discardDraft: draftChange<typeof discardDraft, void>(discardDraft, { quiet: true }),

      // Diff, publish, history -------------------------------------------------------------------
      getDiff: callQuery(build, getDiff, {}, { providesTags: ['Diff'] }),
      publish: callMutation(
        build,
        publishDraft,
        { quiet: true },
        {
          // The draft is reset to the new live version: everything shown is stale.
          invalidatesTags: (_answer, error) => (error ? [] : ['Draft', 'Diff', 'History', 'Audit']),
        },
      ),
      rollback: callMutation(
        build,
        rollbackVersion,
        { quiet: true },
        {
          invalidatesTags: (_answer, error) => (error ? [] : ['Draft', 'Diff', 'History', 'Audit']),
        },
      ),
      /** One page of versions, newest first; `before` from the previous page's next_before. */
      getHistory: callQuery(build, getHistory, {}, { providesTags: ['History'] }),

      // Translations, audit ----------------------------------------------------------------------
      /** A mutation: each export is an action of its own (it is in the audit), made on a click. */
      exportTexts: callMutation(build, exportTexts, {}, { invalidatesTags: ['Audit'] }),
      getAudit: callQuery(build, getAudit, {}, { providesTags: ['Audit'] }),
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
