import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports no app code.

/**
 * Issue 31, item 7. A staff login's wrong passwords are counted per login and client, and per login
 * from all clients; past the second count the login is "under lock": its password step gives a pending
 * sign-in whether the password was right or not, and only the right password with the right code opens
 * it. `under_lock`: made so; `password_right`: false for one that no code opens; `account_id` null for
 * such a one of an unknown login.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('staff_sign_in')
    .alterColumn('account_id', (c) => c.dropNotNull())
    .execute();
  await db.schema
    .alterTable('staff_sign_in')
    .addColumn('under_lock', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
    .execute();
  await db.schema
    .alterTable('staff_sign_in')
    .addColumn('password_right', 'boolean', (c) => c.notNull().defaultTo(sql`true`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from staff_sign_in where account_id is null`.execute(db);
  await db.schema.alterTable('staff_sign_in').dropColumn('password_right').execute();
  await db.schema.alterTable('staff_sign_in').dropColumn('under_lock').execute();
  await db.schema
    .alterTable('staff_sign_in')
    .alterColumn('account_id', (c) => c.setNotNull())
    .execute();
}
