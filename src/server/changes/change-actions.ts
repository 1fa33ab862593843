import type { ApiCall, AnswerOf, RequestOf } from '../../shared/api/call';
import {
  addHoliday,
  extendChanges,
  listHolidays,
  listOverdueChanges,
  removeHoliday,
  returnForChanges,
  withdrawOverdue,
} from '../../shared/api/change-requests';
import type { Language } from '../../shared/reference-data';
import type { StaffActor } from '../staff-accounts/staff-actor';
import type { ChangeRequestsService } from './change-requests-service';

/**
 * The back office's calls of the requests for changes, in the shape of staff-actions.ts (which lists
 * them with the others): /api/staff/<name> and the command line both run them, with the staff's auth,
 * the record of who did it, and the CLI's printing. Each is built from its shared call
 * (src/shared/api/change-requests.ts).
 */
interface Answer<D> {
  data: D;
  messageKey: string;
  params?: Record<string, unknown>;
}

export interface ChangeAction<C extends ApiCall> {
  call: C;
  summary: string;
  run(
    changes: ChangeRequestsService,
    body: RequestOf<C>,
    language: Language,
    actor: StaffActor,
  ): Promise<Answer<AnswerOf<C>>>;
}

/** An action, its types erased: as staff-actions.ts lists it (its body checked against `call.body` first). */
export interface AnyChangeAction {
  call: ApiCall;
  summary: string;
  run(changes: ChangeRequestsService, body: never, language: Language, actor: StaffActor): Promise<Answer<unknown>>;
}

const define = <C extends ApiCall>(call: C, action: NoInfer<Omit<ChangeAction<C>, 'call'>>): ChangeAction<C> => ({
  call,
  ...action,
});

/** The answer's message: the change's own, or that the SMS could not be sent (it is retried). */
const done = <D extends { sms_failed?: true }>(
  data: D,
  messageKey: string,
  params?: Record<string, unknown>,
): Answer<D> =>
  data.sms_failed
    ? { data, messageKey: 'back_office.sms_failed' }
    : { data, messageKey, ...(params ? { params } : {}) };

export const CHANGE_ACTIONS = {
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
