import { PAGING, paging, required, str, type Command } from './staff-cli-arguments';
import { CHANGE_COMMANDS } from './staff-cli-change-commands';
import { MONEY_COMMANDS } from './staff-cli-money-commands';
import { PERMIT_COMMANDS } from './staff-cli-permit-commands';

/**
 * The command line's commands: each names its back-office call and builds that call's body from the
 * arguments (staff-cli-parse.ts reads the command line; the payments', permits' and changes' commands
 * are in their own files). The order here is the order `help` lists them in.
 */
export const COMMANDS: Record<string, Command> = {
  list: {
    usage:
      'list [--status S] [--type T] [--reference R] [--name N] [--search TEXT] [--overdue] [--mine] [--page N] [--page-size N]',
    summary: 'applications, most recently changed first (drafts only with --status draft)',
    options: ['status', 'type', 'reference', 'name', 'search', 'overdue', 'mine', ...PAGING],
    positionals: 0,
    action: 'list_applications',
    body: (_, o) => ({
      status: str(o, 'status'),
      application_type: str(o, 'type'),
      reference_number: str(o, 'reference'),
      name: str(o, 'name'),
      search: str(o, 'search'),
      ...(o.overdue === true ? { overdue: true } : {}),
      ...(o.mine === true ? { mine: true } : {}),
      ...paging(o),
    }),
  },
  show: {
    usage: 'show <reference>',
    summary: 'one application: history, invoices, permits, documents',
    options: [],
    positionals: 1,
    action: 'get_application',
    body: ([reference]) => ({ reference_number: reference }),
  },
  assign: {
    usage: 'assign <reference> (--to LOGIN | --nobody)',
    summary: 'who works an application: --to an officer or administrator (yourself to take it), or --nobody',
    options: ['to', 'nobody'],
    positionals: 1,
    action: 'assign_application',
    changes: true,
    body: ([reference], o) => ({ reference_number: reference, assignee: o.nobody === true ? null : required(o, 'to') }),
  },
  'set-status': {
    usage: 'set-status <reference> <status> [--remark TEXT]',
    summary: 'move an application (under_review, returned, approved, rejected) and tell the applicant',
    options: ['remark'],
    positionals: 2,
    action: 'set_status',
    changes: true,
    body: ([reference, status], o) => ({ reference_number: reference, status, remark: str(o, 'remark') }),
  },
  ...MONEY_COMMANDS,
  ...PERMIT_COMMANDS,
  notify: {
    usage: 'notify <reference> --title TEXT --message TEXT [--remark TEXT]',
    summary: 'a notification in your own words (dashboard and SMS)',
    options: ['title', 'message', 'remark'],
    positionals: 1,
    action: 'add_notification',
    changes: true,
    body: ([reference], o) => ({
      reference_number: reference,
      title: required(o, 'title'),
      message: required(o, 'message'),
      remark: str(o, 'remark'),
    }),
  },
  'review-attachment': {
    usage: 'review-attachment <attachment-id> accepted|rejected [--remark TEXT]',
    summary: 'accept or reject an uploaded document (a remark is required to reject)',
    options: ['remark'],
    positionals: 2,
    action: 'update_attachment',
    changes: true,
    body: ([attachmentId, status], o) => ({
      attachment_id: attachmentId,
      status: status === 'accept' ? 'accepted' : status === 'reject' ? 'rejected' : status,
      remark: str(o, 'remark'),
    }),
  },
  messages: {
    usage: 'messages [--reference R] [--page N] [--page-size N]',
    summary: 'messages applicants sent, newest first',
    options: ['reference', ...PAGING],
    positionals: 0,
    action: 'list_messages',
    body: (_, o) => ({ reference_number: str(o, 'reference'), ...paging(o) }),
  },
  answer: {
    usage: 'answer <message-id> --message TEXT [--by NAME]',
    summary:
      "answer an applicant's message (shown in their dashboard's conversation), signed with the --as account's " +
      'name; with --url, --by names who wrote it',
    options: ['message', 'by'],
    positionals: 1,
    action: 'answer_message',
    changes: true,
    body: ([messageId], o) => ({ message_id: messageId, message: required(o, 'message'), by: str(o, 'by') }),
  },
  ...CHANGE_COMMANDS,
  renewals: {
    usage: 'renewals [--reference R] [--page N] [--page-size N]',
    summary: 'permit renewal requests, newest first',
    options: ['reference', ...PAGING],
    positionals: 0,
    action: 'list_renewals',
    body: (_, o) => ({ reference_number: str(o, 'reference'), ...paging(o) }),
  },
};
