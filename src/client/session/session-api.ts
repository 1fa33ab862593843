import type { SignedIn } from '../../shared/api/continue';
import type { CodeSent } from '../../shared/api/one-time-code';
import { logout } from '../../shared/api/sign-in';
import { api } from '../app/api';
import { callMutation } from '../app/call-endpoint';

/** A one-time code went by SMS to the applicant's phone on file (a sign-in, a switch of application). */
export type CodeChallenge = CodeSent;

/** verify_code's answer to a sign-in or a switch of application; the session cookie comes with it. */
export type SignInAnswer = SignedIn;

/** Everything the dashboard shows comes under these tags: a sign-in or a switch of application drops them all. */
export const DASHBOARD_TAGS = [
  'Application',
  'Applications',
  'Attachments',
  'Invoices',
  'Notifications',
  'Permits',
  'Messages',
  'ChangeRequests',
] as const;

/** The session's own call: sign-in opens it, the dashboard's Logout and its timer end it. */
const sessionApi = api.enhanceEndpoints({ addTagTypes: DASHBOARD_TAGS }).injectEndpoints({
  endpoints: (build) => ({
    logout: callMutation(build, logout, { quiet: true }),
  }),
});

export const { useLogoutMutation } = sessionApi;

/** Drops every dashboard answer: those on screen are fetched again, the others forgotten. */
export const dashboardDataInvalidated = () => sessionApi.util.invalidateTags([...DASHBOARD_TAGS]);
