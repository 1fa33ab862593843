import type { ColumnType, Generated } from 'kysely';

/** Staff accounts, their sign-ins and sessions, and the studio's drafts and audit. */
export interface StaffTables {
  staff_account: StaffAccountTable;
  staff_sign_in: StaffSignInTable;
  staff_session: StaffSessionTable;
  studio_draft: StudioDraftTable;
  studio_audit: StudioAuditTable;
}

/** A staff member's account (issue 18): a role, an argon2id password hash and a second factor. */
export interface StaffAccountTable {
  id: Generated<number>;
  login: string;
  display_name: string;
  role: string;
  phone: string | null;
  password_hash: string;
  second_factor: string;
  totp_secret: string | null;
  totp_last_step: number | null;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  disabled_at: Date | null;
}
/** A sign-in whose password was right and whose second factor is awaited, by the sha256 of its id. */
export interface StaffSignInTable {
  token_hash: string;
  /** Null: a pending sign-in of an unknown login under lock, that no code opens. */
  account_id: number | null;
  second_factor: string;
  /** Made while its login was under lock (staff-password-lockout.ts). */
  under_lock: Generated<boolean>;
  /** False: made under lock for a wrong password; no code opens it. */
  password_right: Generated<boolean>;
  attempts: Generated<number>;
  expires_at: Date;
  used_at: ColumnType<Date | null, never, Date>;
  created_at: ColumnType<Date, never, never>;
}
export interface StaffSessionTable {
  token_hash: string;
  account_id: number;
  created_at: ColumnType<Date, Date | undefined, never>;
  last_seen_at: ColumnType<Date, Date | undefined, Date>;
  expires_at: Date;
  ended_at: ColumnType<Date | null, never, Date>;
}
/** The studio's one shared draft of the next forms version (the row with id 1). */
export interface StudioDraftTable {
  id: number;
  /** The FormsSet as JSON text (key order kept). */
  content: string;
  /** The live version the draft was started from. */
  based_on: number;
  /** Raised by every save: saves compare and set it. */
  revision: number;
  /** JSON text: item → { revision, by, at } (src/server/studio/studio-items.ts). */
  revisions: ColumnType<string, string | undefined, string>;
  updated_by: string | null;
  updated_at: Date | null;
}
/** Every studio action: who, what, when (admins read it). */
export interface StudioAuditTable {
  id: Generated<number>;
  at: ColumnType<Date, never, never>;
  staff_id: number | null;
  staff_name: string;
  action: string;
  subject: string;
  detail: ColumnType<string, string | undefined, never>;
}
