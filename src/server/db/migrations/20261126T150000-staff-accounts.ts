import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports no app code.

/**
 * Staff accounts (issue 18, item 1): people, not a shared token. Each has a role, a password hashed
 * with argon2id and a second factor (an authenticator app's TOTP secret, or SMS to the staff phone);
 * a pending sign-in (password right, second factor not yet given) and staff sessions of their own,
 * apart from applicants'. The application's history records who made each back-office change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff_account')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // Lower case: `Asha.Omar` and `asha.omar` are one login.
    .addColumn('login', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) =>
      c.notNull().check(sql`role in ('policy_editor', 'policy_publisher', 'officer', 'admin')`),
    )
    .addColumn('phone', 'text')
    // The PHC string of argon2id (parameters and salt in it).
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('second_factor', 'text', (c) => c.notNull().check(sql`second_factor in ('totp', 'sms')`))
    .addColumn('totp_secret', 'text')
    // The time step of the last TOTP code accepted: a code is accepted once.
    .addColumn('totp_last_step', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Set: the account is disabled (no sign-in, its sessions end); null: enabled.
    .addColumn('disabled_at', 'timestamptz')
    .addCheckConstraint('staff_account_sms_phone', sql`second_factor <> 'sms' or phone is not null`)
    .addCheckConstraint('staff_account_totp_secret', sql`second_factor <> 'totp' or totp_secret is not null`)
    .execute();

  await db.schema
    .createTable('staff_sign_in')
    // sha256 of the pending sign-in's random id: the second step names it.
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('staff_account.id'))
    .addColumn('second_factor', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('staff_session')
    // sha256 of the cookie's random token: a copy of the table signs nobody in.
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('staff_account.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('staff_session_account_idx').on('staff_session').column('account_id').execute();

  // Who made each change: a staff account (its id and its name then), the integration's token (its
  // name), or the system (the demo seed). Lines written before this have none. A staff action that
  // moves no status (an invoice, a document review, …) is a line too, not shown to the applicant.
  await db.schema
    .alterTable('application_event')
    .addColumn('action', 'text')
    .addColumn('status_changed', 'boolean', (c) => c.notNull().defaultTo(sql`true`))
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('by_kind', 'text')
    .addColumn('by_account_id', 'integer', (c) => c.references('staff_account.id'))
    .addColumn('by_name', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('application_event')
    .dropColumn('action')
    .dropColumn('status_changed')
    .dropColumn('details')
    .dropColumn('by_kind')
    .dropColumn('by_account_id')
    .dropColumn('by_name')
    .execute();
  await db.schema.dropTable('staff_session').execute();
  await db.schema.dropTable('staff_sign_in').execute();
  await db.schema.dropTable('staff_account').execute();
}
