import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { StaffActionName } from './staff-actions';
import { parseRequest } from '../changes/change-cli';

/** The command line's commands: each names its back-office call and builds that call's body from the arguments. */

export class UsageError extends Error {}

export type Options = Record<string, string | string[] | boolean | undefined>;

interface Command {
  usage: string;
  summary: string;
  options: string[];
  positionals: number;
  action: StaffActionName;
  /** It changes an application: on the database, `--as <login>` says who (recorded in the history). */
  changes?: true;
  body(positionals: string[], options: Options): Record<string, unknown>;
}

const PAGING = ['page', 'page-size'];

const str = (options: Options, name: string): string | undefined =>
  typeof options[name] === 'string' ? options[name] : undefined;

function required(options: Options, name: string): string {
  const value = str(options, name);
  if (value === undefined || value.trim() === '') throw new UsageError(`--${name} is required.`);
  return value;
}

/** A whole number given on the command line; thousands separators (150,000 or 150_000) allowed. */
function integer(options: Options, name: string): number | undefined {
  const value = str(options, name);
  if (value === undefined) return undefined;
  const compact = value.replace(/[,_\s]/g, '');
  if (!/^-?[0-9]+$/.test(compact)) throw new UsageError(`--${name} must be a whole number, not "${value}".`);
  return Number(compact);
}

/** Only the options that were given: the call's defaults apply to the others. */
function defined(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}

const paging = (options: Options) => ({ page: integer(options, 'page'), page_size: integer(options, 'page-size') });

export const COMMANDS: Record<string, Command> = {
  list: {
    usage: 'list [--status S] [--type T] [--reference R] [--name N] [--page N] [--page-size N]',
    summary: 'applications, most recently changed first (drafts only with --status draft)',
    options: ['status', 'type', 'reference', 'name', ...PAGING],
    positionals: 0,
    action: 'list_applications',
    body: (_, o) => ({
      status: str(o, 'status'),
      application_type: str(o, 'type'),
      reference_number: str(o, 'reference'),
      name: str(o, 'name'),
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
  'set-status': {
    usage: 'set-status <reference> <status> [--remark TEXT]',
    summary: 'move an application (under_review, returned, approved, rejected) and tell the applicant',
    options: ['remark'],
    positionals: 2,
    action: 'set_status',
    changes: true,
    body: ([reference, status], o) => ({ reference_number: reference, status, remark: str(o, 'remark') }),
  },
  'add-invoice': {
    usage:
      'add-invoice <reference> --due YYYY-MM-DD [--amount TZS --amount-reason TEXT] [--description TEXT] ' +
      '[--control-number N]',
    summary:
      'an invoice for the applicant to pay, of the fee estimate with its lines unless --amount says another ' +
      '(with --amount-reason): its bill is raised with the payment gateway, which gives the control number ' +
      '(--control-number only for a bill registered elsewhere)',
    options: ['amount', 'amount-reason', 'control-number', 'due', 'description'],
    positionals: 1,
    action: 'add_invoice',
    changes: true,
    body: ([reference], o) => ({
      reference_number: reference,
      amount_tzs: integer(o, 'amount'),
      amount_reason: str(o, 'amount-reason'),
      control_number: str(o, 'control-number'),
      due_date: required(o, 'due'),
      description: str(o, 'description'),
    }),
  },
  'cancel-invoice': {
    usage: 'cancel-invoice <invoice-id> --reason TEXT',
    summary: 'cancel an invoice raised by mistake (nothing paid on it): its bill is cancelled, the applicant told',
    options: ['reason'],
    positionals: 1,
    action: 'cancel_invoice',
    changes: true,
    body: ([invoiceId], o) => ({ invoice_id: invoiceId, reason: required(o, 'reason') }),
  },
  'payment-exceptions': {
    usage:
      'payment-exceptions [--kind unmatched|over_payment|refund_due] [--settled] [--reference R] [--page N] ' +
      '[--page-size N]',
    summary:
      'unmatched payments, over-payments and refunds still to settle (--settled: those settled), with the totals',
    options: ['kind', 'settled', 'reference', ...PAGING],
    positionals: 0,
    action: 'list_payment_exceptions',
    body: (_, o) => ({
      kind: str(o, 'kind'),
      settled: o.settled === true ? true : undefined,
      reference_number: str(o, 'reference'),
      ...paging(o),
    }),
  },
  'settle-payment': {
    usage: 'settle-payment <exception-id> refunded|applied|other [--invoice ID] [--remark TEXT]',
    summary:
      'record how a payment exception was settled: refunded, applied to another invoice (--invoice), or other ' +
      '(--remark says how)',
    options: ['invoice', 'remark'],
    positionals: 2,
    action: 'settle_payment_exception',
    changes: true,
    body: ([id, how], o) => ({
      exception_id: integer({ id }, 'id'),
      how,
      invoice_id: str(o, 'invoice'),
      remark: str(o, 'remark'),
    }),
  },
  'mark-paid': {
    usage: 'mark-paid <invoice-id>',
    summary: 'record by hand that an invoice was paid (cash at the unit, or an exception)',
    options: [],
    positionals: 1,
    action: 'mark_invoice_paid',
    changes: true,
    body: ([invoiceId]) => ({ invoice_id: invoiceId }),
  },
  'issue-permit': {
    usage:
      'issue-permit <reference> --permit-number N --from YYYY-MM-DD --until YYYY-MM-DD --use TEXT ' +
      '[--remark TEXT] [--storeys N] [--condition TEXT]…',
    summary: 'a permit for an approved application or a requested renewal (--condition once per condition)',
    options: ['permit-number', 'from', 'until', 'remark', 'use', 'storeys', 'condition'],
    positionals: 1,
    action: 'issue_permit',
    changes: true,
    body: ([reference], o) => ({
      reference_number: reference,
      permit_number: required(o, 'permit-number'),
      valid_from: required(o, 'from'),
      valid_until: required(o, 'until'),
      remark: str(o, 'remark'),
      approved_use: str(o, 'use'),
      storeys: integer(o, 'storeys'),
      conditions: Array.isArray(o.condition) ? o.condition : undefined,
    }),
  },
  'revoke-permit': {
    usage: 'revoke-permit <permit-number> --reason TEXT',
    summary: 'revoke a permit; the applicant is told why, its verify page says revoked',
    options: ['reason'],
    positionals: 1,
    action: 'revoke_permit',
    changes: true,
    body: ([permitNumber], o) => ({ permit_number: permitNumber, reason: required(o, 'reason') }),
  },
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
  renewals: {
    usage: 'renewals [--reference R] [--page N] [--page-size N]',
    summary: 'permit renewal requests, newest first',
    options: ['reference', ...PAGING],
    positionals: 0,
    action: 'list_renewals',
    body: (_, o) => ({ reference_number: str(o, 'reference'), ...paging(o) }),
  },
};

const GLOBAL_OPTIONS = ['json', 'url', 'lang', 'help', 'as'];
const ALL_OPTIONS = [...new Set(Object.values(COMMANDS).flatMap((c) => c.options))];
const PARSE_OPTIONS: NonNullable<ParseArgsConfig['options']> = {
  ...Object.fromEntries(ALL_OPTIONS.map((name) => [name, { type: 'string' as const }])),
  // One --request per change asked for (return).
  request: { type: 'string', multiple: true },
  // Given once per condition.
  condition: { type: 'string', multiple: true },
  url: { type: 'string' },
  lang: { type: 'string' },
  as: { type: 'string' },
  json: { type: 'boolean' },
  settled: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};

export function usage(): string {
  const width = Math.max(...Object.values(COMMANDS).map((c) => c.usage.split(' ')[0]!.length));
  return [
    'Usage: npm run staff -- <command> [arguments] [--as LOGIN] [--json] [--lang en|sw] [--url http://host:port]',
    '',
    'Commands:',
    ...Object.values(COMMANDS).map((c) => `  ${c.usage.split(' ')[0]!.padEnd(width)}  ${c.summary}`),
    `  ${'users'.padEnd(width)}  staff accounts: npm run staff -- users help`,
    `  ${'help'.padEnd(width)}  this text, or a command's arguments: help <command>`,
    '',
    ...Object.values(COMMANDS).map((c) => `  ${c.usage}`),
    '',
    'Without --url it works on the configured database (DATA_DIR or DATABASE_URL, as the server); a command',
    'that changes an application needs --as LOGIN, the staff account (officer or admin) it is recorded under.',
    'With --url it calls that server’s back-office API with the token in STAFF_API_TOKEN, recorded as the',
    'integration (STAFF_API_TOKEN_NAME on the server).',
    '--json prints the answer { code, message, data }. Exit codes: 0 done, 1 refused, 2 wrong usage.',
  ].join('\n');
}

export interface Invocation {
  name: string;
  action: StaffActionName;
  body: Record<string, unknown>;
  json: boolean;
  url: string | undefined;
  /** The staff account the change is recorded under (on the database). */
  as: string | undefined;
  language: 'en' | 'sw';
}

/** The command line as a back-office call; `help` when help was asked for; UsageError when it is wrong. */
export function parseCommandLine(argv: string[]): Invocation | { help: string } {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: PARSE_OPTIONS,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const [name, ...positionals] = parsed.positionals;
  const options = parsed.values as Options;
  if (name === undefined || name === 'help' || options.help) {
    const topic = name === 'help' ? positionals[0] : name;
    const command = topic ? COMMANDS[topic] : undefined;
    return { help: command ? `Usage: npm run staff -- ${command.usage}\n\n${command.summary}` : usage() };
  }
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`Unknown command "${name}".`);
  const extra = Object.keys(options).filter((o) => !GLOBAL_OPTIONS.includes(o) && !command.options.includes(o));
  if (extra.length > 0) throw new UsageError(`${name} takes no --${extra.join(', --')}.\nUsage: ${command.usage}`);
  if (positionals.length !== command.positionals)
    throw new UsageError(`${name} takes ${command.positionals || 'no'} argument(s).\nUsage: ${command.usage}`);
  const language = str(options, 'lang') ?? 'en';
  if (language !== 'en' && language !== 'sw') throw new UsageError('--lang is en or sw.');
  const url = str(options, 'url');
  const as = str(options, 'as');
  if (url !== undefined && as !== undefined)
    throw new UsageError(
      '--as is for the database: with --url the server records the token’s calls as the integration.',
    );
  if (url === undefined && as === undefined && command.changes)
    throw new UsageError(
      `${name} changes an application: say who you are with --as LOGIN (a staff account with the role officer or admin).`,
    );
  return {
    name,
    action: command.action,
    body: defined(command.body(positionals, options)),
    json: options.json === true,
    url,
    as,
    language,
  };
}
