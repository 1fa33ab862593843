/**
 * Staff accounts and their sessions (issue 18, item 1): the wire contract of the staff session calls,
 * defined once (the routes validate with these schemas; a staff client's endpoints and mocks use these
 * types). Every staff call is under /api/staff/, so that the staff session cookie (Path=/api/staff)
 * goes with all of them and with nothing else.
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
/** The roles that publish forms (/api/staff/reload_forms, and the studio's publish). */
export const PUBLISHER_ROLES: readonly StaffRole[] = ['policy_publisher', 'admin'];

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** How the second step of a sign-in is given: a code of an authenticator app, or a code sent by SMS. */
export const SECOND_FACTORS = ['totp', 'sms'] as const;
export type SecondFactor = (typeof SECOND_FACTORS)[number];

export const STAFF_SIGN_IN_PATH = '/api/staff/session/sign_in';
export const STAFF_VERIFY_PATH = '/api/staff/session/verify';
export const STAFF_CURRENT_PATH = '/api/staff/session/current';
export const STAFF_SIGN_OUT_PATH = '/api/staff/session/sign_out';

/** A password is 12 to 256 characters (longer would only cost hashing time). */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

export const staffSignInBody = {
  type: 'object',
  additionalProperties: false,
  required: ['login', 'password'],
  properties: {
    login: { type: 'string', minLength: 1, maxLength: 64 },
    password: { type: 'string', minLength: 1, maxLength: PASSWORD_MAX_LENGTH },
  },
} as const;

export interface StaffSignInRequest {
  login: string;
  password: string;
}

export interface StaffSignInAnswer {
  /** Names this pending sign-in in verify; good for `expires_in_s` and 5 wrong codes. */
  sign_in_id: string;
  second_factor: SecondFactor;
  /** The staff phone the SMS code went to, masked (SMS only). */
  sent_to?: string;
  expires_in_s: number;
}

export const staffVerifyBody = {
  type: 'object',
  additionalProperties: false,
  required: ['sign_in_id', 'code'],
  properties: {
    sign_in_id: { type: 'string', minLength: 1, maxLength: 64 },
    code: { type: 'string', minLength: 1, maxLength: 10 },
  },
} as const;

export interface StaffVerifyRequest {
  sign_in_id: string;
  code: string;
}

/** The signed-in staff member, as the studio and the back office show them. */
export interface StaffMember {
  login: string;
  display_name: string;
  role: StaffRole;
}

export interface StaffSessionTimes {
  idle_expires_at: string;
  expires_at: string;
  idle_timeout_s: number;
}

/** verify's and current's answer. */
export interface StaffSessionAnswer {
  staff: StaffMember;
  session: StaffSessionTimes;
}
