import {
  addHoliday,
  extendChanges,
  getApplicationOutline,
  listHolidays,
  listOverdueChanges,
  removeHoliday,
  returnForChanges,
  withdrawOverdue,
} from '../../shared/api/change-requests';
import { defineOn, done, type AnyStaffAction } from '../back-office/staff-action';
import type { ChangeRequestsService } from './change-requests-service';

/**
 * The back office's calls of the requests for changes (staff-actions.ts lists them with the others),
 * each built from its shared call (src/shared/api/change-requests.ts), run on the changes service.
 */
export type AnyChangeAction = AnyStaffAction<ChangeRequestsService>;

const define = defineOn<ChangeRequestsService>();

export const CHANGE_ACTIONS = {
  get_application_outline: define(getApplicationOutline, {
    summary:
      'Back office: what return_for_changes may ask of an application: the steps of its own flow and forms ' +
      'version with every question (those asked only under a condition marked), the documents of its type, ' +
      'today and the public holidays a deadline may reach; both languages',
    run: async (changes, body) => ({ data: await changes.outline(body.reference_number), messageKey: 'ok' }),
  }),

  return_for_changes: define(returnForChanges, {
    summary:
      'Back office: return an application under review for changes (→ returned) with 1–20 typed requests, each a ' +
      'step of its own forms version (`kind: step`, `step`, optional `fields`) or a document (`kind: document`, ' +
      '`document_type`, `action`: replace | add), each with a remark, and a deadline of 1–60 working days ' +
      '(weekends and public holidays skipped); tells the applicant by SMS and on the dashboard',
    run: async (changes, body, language, actor) => {
      const returned = await changes.returnForChanges(actor, body, language);
      return done(returned, 'changes.returned', { due_date: returned.round.due_date });
    },
  }),

  extend_changes: define(extendChanges, {
    summary:
      'Back office: a new deadline for the open requests for changes, 1–60 working days from today; tells the applicant',
    run: async (changes, body, language, actor) => {
      const extended = await changes.extend(actor, body, language);
      return done(extended, 'changes.extended', { due_date: extended.due_date });
    },
  }),

  withdraw_overdue: define(withdrawOverdue, {
    summary:
      'Back office: withdraw a returned application whose deadline for changes has passed (→ withdrawn), with a ' +
      'reason; tells the applicant. 409 changes.not_overdue before the deadline',
    run: async (changes, body, language, actor) =>
      done(await changes.withdrawOverdue(actor, body, language), 'changes.withdrawn'),
  }),

  list_overdue_changes: define(listOverdueChanges, {
    summary: 'Back office: the returned applications whose deadline for changes has passed, longest overdue first',
    run: async (changes, body) => {
      const page = await changes.listOverdue(body);
      return { data: page, messageKey: 'changes.overdue_found', params: { count: page.total } };
    },
  }),

  list_holidays: define(listHolidays, {
    summary:
      'Back office: the public holidays that working-day deadlines skip (of one year, or all); `expected` marks ' +
      'an Islamic holiday whose date is announced each year',
    run: async (changes, body) => {
      const holidays = await changes.holidays.list(body.year);
      return { data: { items: holidays }, messageKey: 'changes.holidays_found', params: { count: holidays.length } };
    },
  }),

  add_holiday: define(addHoliday, {
    summary: 'Back office: a public holiday (YYYY-MM-DD, its name in English and Swahili); 409 when the date is one',
    run: async (changes, body, language, actor) => ({
      data: await changes.holidays.add(body, actor, language),
      messageKey: 'changes.holiday_added',
      params: { date: body.date },
    }),
  }),

  remove_holiday: define(removeHoliday, {
    summary: 'Back office: remove a public holiday (e.g. an expected date the government moved); 404 when none',
    run: async (changes, body) => ({
      data: await changes.holidays.remove(body.date),
      messageKey: 'changes.holiday_removed',
      params: { date: body.date },
    }),
  }),
};
