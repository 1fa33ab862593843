import { staffSignInErrors, staffErrors } from './staff-errors';
import { apiCall, type AnswerOf, type RequestOf } from './call';
import { emptyAnswerSchema, emptyBodySchema } from './empty-body';

/**
 * Staff accounts and their sessions (issue 18, item 1): the wire contract of the staff session calls,
 * defined once (issue 20, item 1: src/shared/api/call.ts; the routes are built from these calls, the
 * studio's endpoints and mocks send and answer them). Every staff call is under /api/staff/, so that
 * the staff session cookie (Path=/api/staff) goes with all of them and with nothing else.
 *
 * 1. sign_in { login, password } → a pending sign-in and how the second factor is given.
 * 2. verify { sign_in_id, code } → the code of the authenticator app (TOTP) or of the SMS sent to the
 *    staff phone: the staff session cookie and who is signed in.
 * 3. current {} → who is signed in (401 without a live staff session); it also keeps the session alive.
 * 4. sign_out {} → ends the session (always 200).
 */

/**
 * What a staff member may do: `policy_editor` edits form drafts, `policy_publisher` publishes and rolls
 * back forms, `officer` works applications in the back office, `admin` manages accounts (and may do
 * what an officer does).
 */
export const STAFF_ROLES = ['policy_editor', 'policy_publisher', 'officer', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The roles that work applications (/api/staff/<back-office call>). */
export const BACK_OFFICE_ROLES: readonly StaffRole[] = ['officer', 'admin'];
/** The officers' workspace (the staff app's pages for working applications, issue 33): its page and those under it. */
export const OFFICE_PAGE = '/office';

/** The roles that publish forms (/api/staff/reload_forms, and the studio's publish). */
export const PUBLISHER_ROLES: readonly StaffRole[] = ['policy_publisher', 'admin'];

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** How the second step of a sign-in is given: a code of an authenticator app, or a code sent by SMS. */
export const SECOND_FACTORS = ['totp', 'sms'] as const;
export type SecondFactor = (typeof SECOND_FACTORS)[number];

/** A password is 12 to 256 characters (longer would only cost hashing time). */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

export const staffSignIn = apiCall({
  path: '/api/staff/session/sign_in',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['login', 'password'],
    properties: {
      login: { type: 'string', minLength: 1, maxLength: 64 },
      password: { type: 'string', minLength: 1, maxLength: PASSWORD_MAX_LENGTH },
    },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['sign_in_id', 'second_factor', 'expires_in_s'],
    properties: {
      /** Names this pending sign-in in verify; good for `expires_in_s` and 5 wrong codes. */
      sign_in_id: { type: 'string' },
      second_factor: { type: 'string', enum: SECOND_FACTORS },
      /** The staff phone the SMS code went to, masked (SMS only). */
      sent_to: { type: 'string' },
      expires_in_s: { type: 'integer', minimum: 1 },
    },
  },
  errors: [...staffSignInErrors],
} as const);
export type StaffSignInRequest = RequestOf<typeof staffSignIn>;
export type StaffSignInAnswer = AnswerOf<typeof staffSignIn>;

/**
 * verify's and current's answer: the signed-in staff member, as the studio and the back office show
 * them, and the session's times.
 */
const staffSessionAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['staff', 'session'],
  properties: {
    staff: {
      type: 'object',
      additionalProperties: false,
      required: ['login', 'display_name', 'role'],
      properties: {
        login: { type: 'string' },
        display_name: { type: 'string' },
        role: { type: 'string', enum: STAFF_ROLES },
      },
    },
    session: {
      type: 'object',
      additionalProperties: false,
      required: ['idle_expires_at', 'expires_at', 'idle_timeout_s'],
      properties: {
        idle_expires_at: { type: 'string', format: 'date-time' },
        expires_at: { type: 'string', format: 'date-time' },
        idle_timeout_s: { type: 'integer', minimum: 0 },
      },
    },
  },
} as const;

export const staffVerify = apiCall({
  path: '/api/staff/session/verify',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['sign_in_id', 'code'],
    properties: {
      sign_in_id: { type: 'string', minLength: 1, maxLength: 64 },
      code: { type: 'string', minLength: 1, maxLength: 10 },
    },
  },
  answer: staffSessionAnswer,
  errors: [...staffSignInErrors],
} as const);
export type StaffVerifyRequest = RequestOf<typeof staffVerify>;

export const staffCurrent = apiCall({
  path: '/api/staff/session/current',
  method: 'POST',
  body: emptyBodySchema,
  answer: staffSessionAnswer,
  errors: [...staffErrors],
} as const);

export type StaffSessionAnswer = AnswerOf<typeof staffVerify>;
/** The signed-in staff member. */
export type StaffMember = StaffSessionAnswer['staff'];
export type StaffSessionTimes = StaffSessionAnswer['session'];

export const staffSignOut = apiCall({
  path: '/api/staff/session/sign_out',
  method: 'POST',
  body: emptyBodySchema,
  answer: emptyAnswerSchema,
} as const);
