import type { Kysely } from 'kysely';
import { REMINDER_WORKING_DAYS } from '../../shared/api/change-requests';
import { todayIso } from '../../shared/dashboard';
import type { Database } from '../db/schema';
import { formatReferenceNumber } from '../applications/reference-number';
import { recordAction } from '../applications/status-move';
import { message } from '../i18n/messages';
import type { Notifier } from '../notifications/notifier';
import type { SmsSender } from '../sms/sms-sender';
import { officerPhone } from '../staff-accounts/staff-accounts-access';
import * as repo from './changes-repository';
import { HolidaysService } from './holidays-service';

/** The job queue of the daily deadline run. */
export const CHANGE_DEADLINES_QUEUE = 'change-deadlines';
/** Every day at 05:00 UTC: 08:00 in Zanzibar, before the office opens and when an SMS is welcome. */
export const CHANGE_DEADLINES_CRON = '0 5 * * *';
/** Rounds looked at per run: a day's batch stays small; the rest wait for the next run. */
const BATCH = 500;

/**
 * The deadlines of the open rounds, once a day (job runner): an SMS reminder to the applicant
 * REMINDER_WORKING_DAYS working days before the deadline (once), and at the deadline the round is
 * marked overdue, with a line in the application's history for the officers (list_overdue_changes),
 * who then extend the deadline or withdraw the application; the officer who asked is told by SMS
 * (when their account has a phone), in Swahili and English (staff accounts keep no language).
 */
export class ChangeDeadlines {
  private readonly holidays: HolidaysService;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly notifier: Notifier,
    private readonly sms: Pick<SmsSender, 'send'>,
  ) {
    this.holidays = new HolidaysService(db);
  }

  async run(now: Date = new Date()): Promise<{ reminded: number; overdue: number }> {
    const today = todayIso(now);
    // The furthest deadline that is REMINDER_WORKING_DAYS working days away or less.
    const lastDue = await this.holidays.addWorkingDays(today, REMINDER_WORKING_DAYS);
    const rounds = await repo.openRoundsDueBy(this.db, lastDue, BATCH);
    let reminded = 0;
    let overdue = 0;
    for (const round of rounds) {
      // Past the deadline's day: overdue (an SMS reminder no longer helps).
      if (round.due_date < today) {
        if (round.overdue_at !== null) continue;
        const marked = await this.db.transaction().execute(async (trx) => {
          if (!(await repo.markOverdue(trx, round.id, now))) return false;
          await recordAction(trx, round.application_id, null, {
            actor: { kind: 'system', name: 'deadline job' },
            action: 'changes_overdue',
            details: { round: round.number, due_date: round.due_date },
          });
          return true;
        });
        if (!marked) continue;
        overdue += 1;
        await this.tellOfficer(round);
        continue;
      }
      if (round.reminded_at !== null) continue;
      const left = await this.holidays.workingDaysLeft(today, round.due_date);
      if (left > REMINDER_WORKING_DAYS) continue;
      const claimed = await this.db.transaction().execute((trx) => repo.markReminded(trx, round.id, now));
      if (!claimed) continue;
      await this.notifier.notice(round.application_id, 'changes_reminder', { due_date: round.due_date, days: left });
      reminded += 1;
    }
    return { reminded, overdue };
  }

  private async tellOfficer(round: { asked_by_account_id: number | null; reference_number: string; due_date: string }) {
    if (round.asked_by_account_id === null) return; // asked by the integration: its system reads the list
    const phone = await officerPhone(this.db, round.asked_by_account_id);
    if (!phone) return;
    const params = { reference_number: formatReferenceNumber(round.reference_number), due_date: round.due_date };
    const text = [
      message('sw', 'changes.sms_overdue_officer', params),
      message('en', 'changes.sms_overdue_officer', params),
    ];
    await this.sms.send(phone, text.join('\n'), 'changes_overdue_officer');
  }
}
