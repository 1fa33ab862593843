import { sql } from 'kysely';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REMINDERS } from '../../src/server/reminders/reminder-policy';
import { addDays, Reminders } from '../../src/server/reminders/reminders';
import { RETENTION } from '../../src/server/retention/retention-policy';
import { Sweeper } from '../../src/server/retention/sweeper';
import { createTestApp, databaseKinds, type TestApp } from './helpers';

const DAY = 24 * 60 * 60 * 1000;
/** The reminders' clock (09:00 in Zanzibar): every date below is counted from it, never from the real time. */
const NOW = new Date('2026-12-01T06:00:00Z');
const TODAY = '2026-12-01';
const at = (days: number) => new Date(NOW.getTime() + days * DAY);
const PHONE = '+255 777 123 456';

describe.each(databaseKinds)('daily reminders by SMS (%s)', (kind) => {
  let t: TestApp;
  let reminders: Reminders;
  let serial = 0;

  // One app for the file (a new one costs seconds here); each test starts from no applications and no texts.
  beforeAll(async () => {
    t = await createTestApp({}, { kind });
    reminders = new Reminders(t.database.db, t.app.sms);
  }, 120_000);
  afterAll(() => t?.close());
  beforeEach(async () => {
    for (const table of ['reminder_sent', 'invoice', 'permit', 'application', 'sms_message', 'sms_outbox'] as const) {
      await t.database.db.deleteFrom(table).execute();
    }
  });

  const outbox = () =>
    t.database.db.selectFrom('sms_outbox').select(['phone', 'message', 'purpose']).orderBy('id').execute();
  const textsOf = async (purpose: string) => (await outbox()).filter((sms) => sms.purpose === purpose);

  async function application(
    status: string,
    options: { language?: string; phone?: string | null; updatedAt?: Date } = {},
  ): Promise<{ id: number; reference: string }> {
    serial += 1;
    // The serial in base 8, written with the digits 2–9 (a reference number has no 0 or 1): one each.
    const digits = [...serial.toString(8)].map((d) => String(Number(d) + 2)).join('');
    const reference = `K7PQ2M${digits.padStart(4, '2')}`;
    const { rows } = await sql<{ id: number }>`
      insert into application (reference_number, application_type, status, phone, language, updated_at)
      values (${reference}, 'repair', ${status}, ${options.phone === undefined ? PHONE : options.phone},
        ${options.language ?? 'en'}, ${options.updatedAt ?? NOW}) returning id`.execute(t.database.db);
    return { id: rows[0]!.id, reference };
  }

  async function permit(applicationId: number, number: string, validUntil: string) {
    await sql`insert into permit (id, application_id, permit_number, valid_from, valid_until)
      values (${`permit-${number}`}, ${applicationId}, ${number}, '2024-01-01', ${validUntil})`.execute(t.database.db);
  }

  async function invoice(applicationId: number, control: string, due: string, paid = false, paidTzs = 0) {
    await sql`insert into invoice (id, application_id, description, amount_tzs, control_number, due_date, paid_at, paid_tzs)
      values (${`inv-${control}`}, ${applicationId}, 'Permit fee', 150000, ${control}, ${due},
        ${paid ? NOW : null}, ${paidTzs})`.execute(t.database.db);
  }

  it('tells of a permit 30 days before its last valid day, once, with how to renew it', async () => {
    const { id } = await application('permit_issued');
    await permit(id, 'ZP-2024-0001', addDays(TODAY, REMINDERS.permitExpiryDays + 1));

    expect((await reminders.run(NOW)).permit_expiry).toBe(0);
    expect(await textsOf('reminder_permit_expiry')).toEqual([]);

    expect((await reminders.run(at(1))).permit_expiry).toBe(1);
    const [sms] = await textsOf('reminder_permit_expiry');
    expect(sms!.phone).toBe(PHONE);
    expect(sms!.message).toContain('ZP-2024-0001');
    expect(sms!.message).toContain('1 January 2027');
    expect(sms!.message).toContain('Renew permit');

    // Not again: the same day, the next day, nor the permit's last week.
    expect((await reminders.run(at(1))).permit_expiry).toBe(0);
    expect((await reminders.run(at(2))).permit_expiry).toBe(0);
    expect((await reminders.run(at(25))).permit_expiry).toBe(0);
    expect(await textsOf('reminder_permit_expiry')).toHaveLength(1);
  });

  it('writes the permit reminder in Swahili for a Swahili applicant', async () => {
    const { id } = await application('permit_issued', { language: 'sw' });
    await permit(id, 'ZP-2024-0002', addDays(TODAY, 10));
    await reminders.run(NOW);
    const [sms] = await textsOf('reminder_permit_expiry');
    expect(sms!.message).toContain('Huisha kibali');
    expect(sms!.message).toContain('11 Desemba 2026');
    expect(sms!.message).toMatch(/^[\x20-\x7e]+$/);
  });

  it('does not tell of a renewed permit, a permit whose renewal is asked, or one already past', async () => {
    const renewed = await application('renewed');
    await permit(renewed.id, 'ZP-OLD', addDays(TODAY, 5));
    await permit(renewed.id, 'ZP-NEW', addDays(TODAY, 400));
    const asked = await application('renewal_requested');
    await permit(asked.id, 'ZP-ASKED', addDays(TODAY, 5));
    const past = await application('permit_issued');
    await permit(past.id, 'ZP-PAST', addDays(TODAY, -1));

    expect((await reminders.run(NOW)).permit_expiry).toBe(0);
    expect(await textsOf('reminder_permit_expiry')).toEqual([]);
  });

  it('tells of an unpaid invoice 3 days before it is due, once, with its control number; never of a paid one', async () => {
    const { id, reference } = await application('approved');
    await invoice(id, '991234567890', addDays(TODAY, REMINDERS.invoiceDueDays + 1));
    await invoice(id, '991234500000', addDays(TODAY, REMINDERS.invoiceDueDays + 1), true);

    expect((await reminders.run(NOW)).invoice_due).toBe(0);
    expect((await reminders.run(at(1))).invoice_due).toBe(1);
    expect((await reminders.run(at(1))).invoice_due).toBe(0);
    expect((await reminders.run(at(3))).invoice_due).toBe(0);

    const texts = await textsOf('reminder_invoice_due');
    expect(texts).toHaveLength(1);
    expect(texts[0]!.message).toContain('control number 991234567890');
    expect(texts[0]!.message).toContain('150,000');
    expect(texts[0]!.message).toContain(`${reference.slice(0, 5)}-${reference.slice(5)}`);
    expect(texts.map((sms) => sms.message).join()).not.toContain('991234500000');
  });

  it('does not ask the applicant to pay an invoice staff cancelled', async () => {
    const { id } = await application('approved');
    await invoice(id, '991234522222', addDays(TODAY, REMINDERS.invoiceDueDays + 1));
    await sql`update invoice set cancelled_at = ${NOW}, cancel_reason = 'raised by mistake'
      where id = 'inv-991234522222'`.execute(t.database.db);
    expect((await reminders.run(at(1))).invoice_due).toBe(0);
    expect(await textsOf('reminder_invoice_due')).toHaveLength(0);
  });

  it('of a partly paid invoice, asks only for what is still to pay', async () => {
    const { id } = await application('approved');
    await invoice(id, '991234512345', addDays(TODAY, REMINDERS.invoiceDueDays + 1), false, 100000);
    expect((await reminders.run(at(1))).invoice_due).toBe(1);
    const [sms] = (await textsOf('reminder_invoice_due')).filter((text) => text.message.includes('991234512345'));
    expect(sms!.message).toContain('TZS 50,000 is still to pay');
    expect(sms!.message).not.toContain('150,000');
  });

  it('tells of a draft untouched for 30 days, once, with its reference number and how to continue', async () => {
    const idle = await application('draft', { updatedAt: at(-REMINDERS.draftIdleDays) });
    await application('draft', { updatedAt: at(-REMINDERS.draftIdleDays + 1) }); // a day younger
    await application('submitted', { updatedAt: at(-40) });
    await application('draft', { updatedAt: at(-40), phone: null });

    expect((await reminders.run(at(-0.01))).draft_idle).toBe(0);
    expect((await reminders.run(NOW)).draft_idle).toBe(1);
    expect((await reminders.run(NOW)).draft_idle).toBe(0);

    const texts = await textsOf('reminder_draft_idle');
    expect(texts).toHaveLength(1);
    expect(texts[0]!.phone).toBe(PHONE);
    expect(texts[0]!.message).toContain(`${idle.reference.slice(0, 5)}-${idle.reference.slice(5)}`);
    expect(texts[0]!.message).toContain('/home/continue');
    // Deleted 90 days after the last save: 60 days from now.
    expect(texts[0]!.message).toContain('30 January 2027');

    // The next day the younger draft's turn comes, and only its.
    expect((await reminders.run(at(1))).draft_idle).toBe(1);
    expect(await textsOf('reminder_draft_idle')).toHaveLength(2);
  });

  it('tells of a draft again, once, when it was saved after its reminder and left again', async () => {
    const { id } = await application('draft', { updatedAt: at(-31) });
    expect((await reminders.run(NOW)).draft_idle).toBe(1);
    await t.database.db
      .updateTable('application')
      .set({ updated_at: at(1) })
      .where('id', '=', id)
      .execute();
    expect((await reminders.run(at(20))).draft_idle).toBe(0);
    expect((await reminders.run(at(31))).draft_idle).toBe(1);
    expect((await reminders.run(at(32))).draft_idle).toBe(0);
  });

  it('sends each reminder once when two servers run at the same moment', async () => {
    const { id } = await application('permit_issued');
    await permit(id, 'ZP-TWICE', addDays(TODAY, 3));
    await invoice(id, '995555555555', addDays(TODAY, 2));
    await application('draft', { updatedAt: at(-45) });
    const other = new Reminders(t.database.db, t.app.sms);

    const [first, second] = await Promise.all([reminders.run(NOW), other.run(NOW)]);

    for (const kind of ['permit_expiry', 'invoice_due', 'draft_idle'] as const) {
      expect(first[kind] + second[kind]).toBe(1);
    }
    expect(await outbox()).toHaveLength(3);
  });

  it('keeps every reminder to two plain GSM-7 parts at most, in both languages', async () => {
    for (const language of ['en', 'sw']) {
      const { id } = await application('permit_issued', { language });
      await permit(id, `ZP-2026-LONG-${language}`, addDays(TODAY, 20));
      await invoice(id, `99888877776${language === 'en' ? 1 : 2}`, addDays(TODAY, 1));
      await application('draft', { language, updatedAt: at(-31) });
    }
    await reminders.run(NOW);
    const texts = await outbox();
    expect(texts).toHaveLength(6);
    for (const sms of texts) {
      expect(sms.message).toMatch(/^[\x20-\x7e]+$/);
      expect(sms.message.length).toBeLessThanOrEqual(306);
    }
  });

  it('deletes a draft at 90 days untouched, not at 89, with its reminders', async () => {
    expect(RETENTION.abandonedDraftDays).toBe(90);
    const old = await application('draft', { updatedAt: at(-90 - 1 / 24) });
    const young = await application('draft', { updatedAt: at(-89) });
    await reminders.run(at(-50)); // both were reminded at 40 and 39 days
    expect(await t.database.db.selectFrom('reminder_sent').selectAll().execute()).toHaveLength(2);

    const counts = await new Sweeper(t.database.db, path.join(os.tmpdir(), `kibali-none-${process.pid}`)).run(NOW);

    expect(counts.abandoned_drafts).toBe(1);
    const left = await t.database.db.selectFrom('application').select('id').execute();
    expect(left.map((row) => row.id)).toEqual([young.id]);
    const reminded = await t.database.db.selectFrom('reminder_sent').select('application_id').execute();
    expect(reminded.map((row) => row.application_id)).toEqual([young.id]);
    expect(old.id).not.toBe(young.id);
  });
});
