import { parseRequest } from '../changes/change-cli';
import { integer, PAGING, paging, required, str, UsageError, type Command } from './staff-cli-arguments';

/** The command line's commands of the requests for changes (src/server/changes): returns, deadlines, holidays. */
export const CHANGE_COMMANDS: Record<string, Command> = {
  return: {
    usage:
      'return <reference> --request step:<step>[:<field>,…]=<remark> | document:<type>:replace|add=<remark> … ' +
      '--days N [--remark TEXT]',
    summary:
      'return an application under review for changes: one --request per step or document, a deadline in working days',
    options: ['request', 'days', 'remark'],
    positionals: 1,
    action: 'return_for_changes',
    changes: true,
    body: ([reference], o) => {
      const given = o.request as unknown as string[] | undefined;
      if (!given || given.length === 0) throw new UsageError('--request is required (one per change asked for).');
      const requests = given.map((text) => {
        const request = parseRequest(text);
        if (typeof request === 'string') throw new UsageError(request);
        return request;
      });
      return {
        reference_number: reference,
        requests,
        deadline_working_days: integer({ days: required(o, 'days') }, 'days'),
        remark: str(o, 'remark'),
      };
    },
  },
  extend: {
    usage: 'extend <reference> --days N [--remark TEXT]',
    summary: 'a new deadline for the open requests for changes, N working days from today',
    options: ['days', 'remark'],
    positionals: 1,
    action: 'extend_changes',
    changes: true,
    body: ([reference], o) => ({
      reference_number: reference,
      deadline_working_days: integer({ days: required(o, 'days') }, 'days'),
      remark: str(o, 'remark'),
    }),
  },
  'withdraw-overdue': {
    usage: 'withdraw-overdue <reference> --reason TEXT',
    summary: 'withdraw a returned application whose deadline for changes has passed',
    options: ['reason'],
    positionals: 1,
    action: 'withdraw_overdue',
    changes: true,
    body: ([reference], o) => ({ reference_number: reference, reason: required(o, 'reason') }),
  },
  overdue: {
    usage: 'overdue [--page N] [--page-size N]',
    summary: 'returned applications whose deadline for changes has passed',
    options: [...PAGING],
    positionals: 0,
    action: 'list_overdue_changes',
    body: (_, o) => paging(o),
  },
  holidays: {
    usage: 'holidays [--year YYYY]',
    summary: 'the public holidays that working-day deadlines skip',
    options: ['year'],
    positionals: 0,
    action: 'list_holidays',
    body: (_, o) => ({ year: integer(o, 'year') }),
  },
  'add-holiday': {
    usage: 'add-holiday <YYYY-MM-DD> --name-en TEXT --name-sw TEXT',
    summary: 'a public holiday (its name in English and Swahili)',
    options: ['name-en', 'name-sw'],
    positionals: 1,
    action: 'add_holiday',
    changes: true,
    body: ([date], o) => ({ date, name_en: required(o, 'name-en'), name_sw: required(o, 'name-sw') }),
  },
  'remove-holiday': {
    usage: 'remove-holiday <YYYY-MM-DD>',
    summary: 'remove a public holiday (e.g. an expected date that was announced otherwise)',
    options: [],
    positionals: 1,
    action: 'remove_holiday',
    changes: true,
    body: ([date]) => ({ date }),
  },
};
