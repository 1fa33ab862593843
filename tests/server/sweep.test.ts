import { randomUUID } from 'node:crypto';
import { existsSync, promises as fs, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/schema';
import { RETENTION } from '../../src/server/retention/retention-policy';
import { Sweeper } from '../../src/server/retention/sweeper';
import { databaseKinds, openTestDatabase } from './helpers';

const DAY = 24 * 60 * 60 * 1000;
/** The sweep's clock: every row's age is set from it, so nothing depends on how long the test takes. */
const NOW = new Date('2026-11-25T02:30:00Z');
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
const later = (days: number) => new Date(NOW.getTime() + days * DAY);

describe.each(databaseKinds)('the retention sweep (%s)', (kind) => {
  let database: DatabaseHandle;
  let db: Kysely<Database>;
  let uploads: string;

  beforeEach(async () => {
    database = await openTestDatabase(kind);
    db = database.db;
    uploads = await fs.mkdtemp(path.join(os.tmpdir(), 'kibali-sweep-'));
  });
  afterEach(async () => {
    await database.close();
    await fs.rm(uploads, { recursive: true, force: true });
  });

  /** A file in the upload folder, last written `days` ago. */
  async function file(name: string, days: number): Promise<string> {
    const where = path.join(uploads, name);
    await fs.writeFile(where, 'x');
    await fs.utimes(where, ago(days), ago(days));
    return where;
  }

  async function application(reference: string, status: string, updatedDaysAgo: number): Promise<number> {
    const { rows } = await sql<{ id: number }>`
      insert into application (reference_number, application_type, status, updated_at)
      values (${reference}, 'repair', ${status}, ${ago(updatedDaysAgo)}) returning id`.execute(db);
    return rows[0]!.id;
  }

  /** An attachment of `applicationId` and its stored file. */
  async function attachment(applicationId: number): Promise<string> {
    const id = randomUUID();
    await sql`insert into attachment (id, application_id, document_type, mime_type, size, sha256)
      values (${id}, ${applicationId}, 'site_plan', 'application/pdf', 1, 'x')`.execute(db);
    await file(id, 400); // as old as can be: only its row keeps it
    return id;
  }

  async function session(applicationId: number, expiresAt: Date, endedAt: Date | null): Promise<string> {
    const token = randomUUID();
    await sql`insert into applicant_session (token_hash, application_id, expires_at, ended_at)
      values (${token}, ${applicationId}, ${expiresAt}, ${endedAt})`.execute(db);
    return token;
  }

  async function code(subject: string, expiresAt: Date, usedAt: Date | null) {
    await sql`insert into one_time_code (purpose, subject, code_hash, expires_at, used_at)
      values ('engineer', ${subject}, 'h', ${expiresAt}, ${usedAt})`.execute(db);
  }

  async function sms(phone: string, status: 'queued' | 'sent', createdAt: Date, sentAt: Date | null) {
    await sql`insert into sms_message (phone, message, purpose, status, created_at, sent_at)
      values (${phone}, '', 'test', ${status}, ${createdAt}, ${sentAt})`.execute(db);
  }

  const column = async (query: string) =>
    (await sql<{ v: string | number }>`${sql.raw(query)}`.execute(db)).rows.map((row) => String(row.v)).sort();

  it('deletes exactly what the policy no longer keeps, and nothing newer or still in use', async () => {
    const oldDraft = await application('OLD-DRAFT', 'draft', RETENTION.abandonedDraftDays + 1);
    const recentDraft = await application('RECENT-DRAFT', 'draft', RETENTION.abandonedDraftDays - 1);
    const oldSubmitted = await application('OLD-SUBMITTED', 'submitted', 400);
    const oldDraftFile = await attachment(oldDraft);
    const recentDraftFile = await attachment(recentDraft);
    const submittedFile = await attachment(oldSubmitted);
    await session(oldDraft, later(1), null);
    await sql`insert into notification (id, application_id, kind) values (${randomUUID()}, ${oldDraft}, 'status_changed')`.execute(
      db,
    );
    await sql`insert into application_event (application_id, status) values (${oldDraft}, 'draft')`.execute(db);

    await session(recentDraft, later(1), ago(RETENTION.endedSessionDays + 1));
    const endedLately = await session(recentDraft, later(1), ago(RETENTION.endedSessionDays - 1));
    await session(recentDraft, ago(RETENTION.endedSessionDays + 1), null);
    const live = await session(recentDraft, later(1), null);

    await code('used-long-ago', later(1), ago(RETENTION.usedCodeDays + 1));
    await code('used-lately', ago(RETENTION.usedCodeDays + 5), ago(RETENTION.usedCodeDays - 1));
    await code('expired-long-ago', ago(RETENTION.usedCodeDays + 1), null);
    await code('live', later(1), null);

    await sql`insert into captcha_spent (signature, expires_at) values
      ('old', ${ago(RETENTION.expiredCaptchaDays + 1)}), ('recent', ${ago(0.01)}), ('live', ${later(0.01)})`.execute(
      db,
    );
    await sql`insert into engineer_confirmation (token_hash, registration_number, expires_at) values
      ('old', 'E1', ${ago(RETENTION.expiredEngineerConfirmationDays + 1)}),
      ('recent', 'E1', ${ago(RETENTION.expiredEngineerConfirmationDays - 1)}),
      ('live', 'E1', ${later(1)})`.execute(db);
    // Carried by a draft's engineer step: kept as long as the draft, however long ago it expired.
    await sql`insert into engineer_confirmation (token_hash, registration_number, application_id, expires_at, used_at)
      values ('carried', 'E1', ${recentDraft}, ${ago(400)}, ${ago(399)})`.execute(db);
    await sql`insert into draft_key (token_hash, application_id, last_used_at, expires_at) values
      ('ended-long-ago', ${recentDraft}, ${ago(3)}, ${ago(RETENTION.expiredDraftKeyDays + 1)}),
      ('idle-long-ago', ${recentDraft}, ${ago(RETENTION.expiredDraftKeyDays + 2)}, ${later(3)}),
      ('idle-lately', ${recentDraft}, ${ago(0.5)}, ${later(3)}),
      ('of-the-old-draft', ${oldDraft}, ${ago(0.1)}, ${later(3)})`.execute(db);

    await sms('sent-long-ago', 'sent', ago(400), ago(RETENTION.sentSmsDays + 1));
    await sms('sent-lately', 'sent', ago(400), ago(RETENTION.sentSmsDays - 1));
    await sms('queued-for-long', 'queued', ago(400), null);
    await sql`insert into sms_outbox (phone, message, purpose, created_at) values
      ('old', 'code', 'p', ${ago(RETENTION.outboxDays + 1)}), ('recent', 'code', 'p', ${ago(RETENTION.outboxDays - 1)})`.execute(
      db,
    );

    // Staff: sessions and pending sign-ins as applicants' sessions and codes; counts of wrong tries of
    // staff logins once they count nothing (an applicant's subject's count is kept).
    const { rows: staffRows } = await sql<{ id: number }>`insert into staff_account
      (login, display_name, role, password_hash, second_factor, totp_secret)
      values ('asha.omar', 'Asha Omar', 'officer', 'h', 'totp', 'S') returning id`.execute(db);
    const staffId = staffRows[0]!.id;
    await sql`insert into staff_session (token_hash, account_id, expires_at, ended_at) values
      ('staff-ended-long-ago', ${staffId}, ${later(1)}, ${ago(RETENTION.endedSessionDays + 1)}),
      ('staff-expired-long-ago', ${staffId}, ${ago(RETENTION.endedSessionDays + 1)}, null),
      ('staff-ended-lately', ${staffId}, ${later(1)}, ${ago(RETENTION.endedSessionDays - 1)}),
      ('staff-live', ${staffId}, ${later(1)}, null)`.execute(db);
    await sql`insert into staff_sign_in (token_hash, account_id, second_factor, expires_at, used_at) values
      ('used-long-ago', ${staffId}, 'totp', ${ago(RETENTION.usedCodeDays + 2)}, ${ago(RETENTION.usedCodeDays + 1)}),
      ('expired-long-ago', ${staffId}, 'totp', ${ago(RETENTION.usedCodeDays + 1)}, null),
      ('used-lately', ${staffId}, 'totp', ${ago(RETENTION.usedCodeDays + 2)}, ${ago(RETENTION.usedCodeDays - 1)}),
      ('pending', ${staffId}, 'totp', ${later(0.001)}, null)`.execute(db);
    const stale = ago(RETENTION.staffSignInCountDays + 2);
    await sql`insert into code_lockout (subject_key, failures, window_started_at, locked_until) values
      ('staff_password:ghost', 3, ${stale}, null),
      ('staff_sign_in:staff:1', 0, ${stale}, ${ago(RETENTION.staffSignInCountDays + 1)}),
      ('staff_password:locked-lately', 0, ${stale}, ${ago(RETENTION.staffSignInCountDays - 1)}),
      ('staff_password:counting', 2, ${ago(0.5)}, null),
      ('application:K7PQ2M9XHT', 3, ${stale}, null)`.execute(db);

    await sql`insert into inbound_sms (message_id, phone_digits, outcome, replied, received_at) values
      ('old', '777123456', 'help', true, ${ago(RETENTION.inboundSmsDays + 1)}),
      ('recent', '777123456', 'help', true, ${ago(RETENTION.inboundSmsDays - 1)})`.execute(db);

    await sql`insert into upload_tally (client, day, bytes, updated_at) values
      ('old-client', '2026-01-01', 100, ${ago(RETENTION.uploadTallyDays + 1)}),
      ('recent-client', '2026-01-02', 100, ${ago(RETENTION.uploadTallyDays - 1)})`.execute(db);

    const orphanOld = await file(randomUUID(), RETENTION.orphanFileHours / 24 + 1);
    const orphanYoung = await file(randomUUID(), 0); // an upload whose row is not written yet
    const partialOld = await file(`.partial-${randomUUID()}`, 2);
    const notOurs = await file('README', 400);

    const counts = await new Sweeper(db, uploads).run(NOW);

    expect(counts).toEqual({
      abandoned_drafts: 1,
      applicant_session: 2,
      staff_session: 2,
      staff_sign_in: 2,
      code_lockout: 2,
      one_time_code: 2,
      captcha_spent: 1,
      engineer_confirmation: 1,
      draft_key: 2,
      sms_message: 1,
      sms_outbox: 1,
      inbound_sms: 1,
      upload_tally: 1,
      orphan_files: 2,
    });
    expect(await column('select reference_number as v from application')).toEqual(['OLD-SUBMITTED', 'RECENT-DRAFT']);
    expect(await column('select id as v from attachment')).toEqual([recentDraftFile, submittedFile].sort());
    expect(await column(`select count(*) as v from notification`)).toEqual(['0']);
    expect(await column(`select count(*) as v from application_event`)).toEqual(['0']);
    expect(await column('select token_hash as v from applicant_session')).toEqual([endedLately, live].sort());
    expect(await column('select subject as v from one_time_code')).toEqual(['live', 'used-lately']);
    expect(await column('select token_hash as v from staff_session')).toEqual(['staff-ended-lately', 'staff-live']);
    expect(await column('select token_hash as v from staff_sign_in')).toEqual(['pending', 'used-lately']);
    expect(await column('select subject_key as v from code_lockout')).toEqual([
      'application:K7PQ2M9XHT',
      'staff_password:counting',
      'staff_password:locked-lately',
    ]);
    expect(await column('select signature as v from captcha_spent')).toEqual(['live', 'recent']);
    expect(await column('select token_hash as v from engineer_confirmation')).toEqual(['carried', 'live', 'recent']);
    // The old draft's key went with the old draft.
    expect(await column('select token_hash as v from draft_key')).toEqual(['idle-lately']);
    expect(await column('select phone as v from sms_message')).toEqual(['queued-for-long', 'sent-lately']);
    expect(await column('select phone as v from sms_outbox')).toEqual(['recent']);
    expect(await column('select client as v from upload_tally')).toEqual(['recent-client']);

    expect(existsSync(path.join(uploads, oldDraftFile))).toBe(false);
    expect(existsSync(path.join(uploads, recentDraftFile))).toBe(true);
    expect(existsSync(path.join(uploads, submittedFile))).toBe(true);
    expect([orphanOld, orphanYoung, partialOld, notOurs].map((where) => existsSync(where))).toEqual([
      false,
      true,
      false,
      true,
    ]);

    // A second sweep finds nothing more.
    expect(Object.values(await new Sweeper(db, uploads).run(NOW)).every((count) => count === 0)).toBe(true);
  });

  it('sweeps an empty database and a missing upload folder', async () => {
    const counts = await new Sweeper(db, path.join(uploads, 'none')).run(NOW);
    expect(Object.values(counts).every((count) => count === 0)).toBe(true);
  });
});

describe('the retention policy as written', () => {
  const section = readFileSync('docs/data-retention.md', 'utf8');
  const terms = (lng: string) => {
    const pages = JSON.parse(readFileSync(`locales/${lng}/pages.json`, 'utf8')) as {
      terms: { sections: { body: string }[] };
    };
    return pages.terms.sections.map((s) => s.body).join('\n');
  };

  it("docs/data-retention.md's table gives each number of retention-policy.ts", () => {
    const days = Object.entries(RETENTION).filter(([key]) => key !== 'orphanFileHours');
    for (const [, n] of days) expect(section).toMatch(new RegExp(`\\| ${n} days? after`));
    expect(section).toContain(`| ${RETENTION.orphanFileHours} hours after`);
  });

  it.each(['en', 'sw'])("the Terms (%s) give the numbers an applicant's data is kept by", (lng) => {
    const text = terms(lng);
    const numbers = [
      RETENTION.abandonedDraftDays,
      RETENTION.endedSessionDays,
      RETENTION.usedCodeDays,
      RETENTION.sentSmsDays,
      RETENTION.expiredEngineerConfirmationDays,
      RETENTION.expiredCaptchaDays,
      RETENTION.uploadTallyDays,
    ];
    const said = lng === 'en' ? (n: number) => `${n} day` : (n: number) => `siku ${n} `;
    for (const n of numbers) expect(text).toContain(said(n));
  });
});
