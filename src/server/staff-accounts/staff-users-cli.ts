import { parseArgs } from 'node:util';
import type { Language } from '../../shared/reference-data';
import type { CliIo } from '../back-office/staff-cli';
import { table } from '../back-office/staff-cli-output';
import { jsonForTerminal, terminalSafe } from '../back-office/terminal-text';
import { ConfigError, loadConfig } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { openConfiguredDatabase } from '../db/setup';
import { ApiError } from '../http/envelope';
import { message } from '../i18n/messages';
import { StaffAccountsService, type StaffAccountView, type TotpEnrolment } from './staff-accounts-service';
import { stdinIsTerminal } from './staff-secret-input';

const USAGE = [
  'Usage: npm run staff -- users <command> [arguments] [--json] [--lang en|sw]',
  '',
  '  users add <login> --name "Display Name" --role ROLE [--second-factor totp|sms] [--phone +255…]',
  '  users list',
  '  users disable <login>',
  '  users enable <login>',
  '  users reset-password <login>',
  '  users set-role <login> <role>',
  '  users reset-second-factor <login> [--second-factor totp|sms] [--phone +255…]',
  '',
  'Roles: policy_editor, policy_publisher, officer, admin. The second factor is an authenticator app',
  '(totp, the default: its secret is printed once) or a code by SMS to --phone.',
  'The password is never an argument: it is typed (twice, not shown) at a terminal, or read from the',
  'first line of stdin, e.g.  printf "%s\\n" "$PASSWORD" | npm run staff -- users add …',
  'Works on the configured database (DATA_DIR or DATABASE_URL); on PGlite, with the server stopped.',
].join('\n');

class UsageError extends Error {}

interface Parsed {
  command: string;
  args: string[];
  options: Record<string, string | boolean | undefined>;
  json: boolean;
  language: Language;
}

const COMMANDS: Record<string, { positionals: number; options: string[] }> = {
  add: { positionals: 1, options: ['name', 'role', 'second-factor', 'phone'] },
  list: { positionals: 0, options: [] },
  disable: { positionals: 1, options: [] },
  enable: { positionals: 1, options: [] },
  'reset-password': { positionals: 1, options: [] },
  'set-role': { positionals: 2, options: [] },
  'reset-second-factor': { positionals: 1, options: ['second-factor', 'phone'] },
};

function parse(argv: string[]): Parsed | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        name: { type: 'string' },
        role: { type: 'string' },
        'second-factor': { type: 'string' },
        phone: { type: 'string' },
        json: { type: 'boolean' },
        lang: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        // Refused with a word of why below, rather than as an unknown option.
        password: { type: 'string' },
        url: { type: 'string' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const [command, ...args] = parsed.positionals;
  const options = parsed.values as Parsed['options'];
  if (command === undefined || command === 'help' || options.help) return 'help';
  if (options.password !== undefined)
    throw new UsageError('A password is never an argument (others see it in ps and the history): it is asked for.');
  if (options.url !== undefined)
    throw new UsageError('Accounts are managed on the database itself, not through a server (--url).');
  const spec = COMMANDS[command];
  if (!spec) throw new UsageError(`Unknown users command "${command}".`);
  const extra = Object.keys(options).filter((o) => !['json', 'lang'].includes(o) && !spec.options.includes(o));
  if (extra.length > 0) throw new UsageError(`users ${command} takes no --${extra.join(', --')}.`);
  if (args.length !== spec.positionals)
    throw new UsageError(`users ${command} takes ${spec.positionals || 'no'} argument(s).`);
  const language = options.lang ?? 'en';
  if (language !== 'en' && language !== 'sw') throw new UsageError('--lang is en or sw.');
  return { command, args, options, json: options.json === true, language };
}

const str = (options: Parsed['options'], name: string) =>
  typeof options[name] === 'string' ? options[name] : undefined;

/** A new password: typed twice at a terminal, else the first line of stdin. */
async function newPassword(io: CliIo, language: Language, login: string): Promise<string> {
  if (!io.secret) throw new UsageError('No way to read a password here.');
  const password = await io.secret(message(language, 'staff_accounts.password_prompt', { login }));
  if (stdinIsTerminal()) {
    const again = await io.secret(message(language, 'staff_accounts.password_again'));
    if (again !== password) throw new ApiError(422, 'staff_accounts.password_mismatch');
  }
  return password;
}

interface Done {
  messageKey: string;
  params?: Record<string, unknown>;
  data: unknown;
  accounts?: StaffAccountView[];
  totp?: TotpEnrolment | undefined;
}

async function run(service: StaffAccountsService, p: Parsed, io: CliIo): Promise<Done> {
  const [login = '', role = ''] = p.args;
  const o = p.options;
  switch (p.command) {
    case 'add': {
      const password = await newPassword(io, p.language, login);
      const added = await service.add(
        {
          login,
          display_name: str(o, 'name') ?? '',
          role: str(o, 'role') ?? '',
          ...(str(o, 'second-factor') ? { second_factor: str(o, 'second-factor')! } : {}),
          ...(str(o, 'phone') ? { phone: str(o, 'phone')! } : {}),
          password,
        },
        p.language,
      );
      const a = added.account;
      return {
        messageKey: 'staff_accounts.added',
        params: { login: a.login, name: a.display_name, role: a.role },
        data: added,
        totp: added.totp,
      };
    }
    case 'list': {
      const accounts = await service.list();
      return { messageKey: 'staff_accounts.listed', params: { count: accounts.length }, data: { accounts }, accounts };
    }
    case 'disable':
    case 'enable': {
      const account = await service.setDisabled(login, p.command === 'disable');
      return { messageKey: `staff_accounts.${p.command}d`, params: { login: account.login }, data: { account } };
    }
    case 'reset-password': {
      const account = await service.resetPassword(login, await newPassword(io, p.language, login), p.language);
      return { messageKey: 'staff_accounts.password_reset', params: { login: account.login }, data: { account } };
    }
    case 'set-role': {
      const account = await service.setRole(login, role, p.language);
      return {
        messageKey: 'staff_accounts.role_set',
        params: { login: account.login, role: account.role },
        data: { account },
      };
    }
    default: {
      const reset = await service.resetSecondFactor(
        login,
        {
          ...(str(o, 'second-factor') ? { second_factor: str(o, 'second-factor')! } : {}),
          ...(str(o, 'phone') ? { phone: str(o, 'phone')! } : {}),
        },
        p.language,
      );
      return {
        messageKey: 'staff_accounts.second_factor_reset',
        params: { login: reset.account.login },
        data: reset,
        totp: reset.totp,
      };
    }
  }
}

function print(p: Parsed, done: Done, io: CliIo): void {
  const text = message(p.language, done.messageKey, done.params, done.data);
  if (p.json) return io.out(jsonForTerminal({ code: 200, message: text, data: done.data }));
  if (done.accounts) {
    io.out(
      table(done.accounts as unknown as Record<string, unknown>[], [
        ['LOGIN', (a) => a.login],
        ['NAME', (a) => a.display_name],
        ['ROLE', (a) => a.role],
        ['SECOND FACTOR', (a) => a.second_factor],
        ['PHONE', (a) => a.phone],
        ['STATUS', (a) => (a.disabled_at ? `disabled ${String(a.disabled_at).slice(0, 10)}` : 'enabled')],
        ['CREATED', (a) => String(a.created_at).slice(0, 10)],
      ]),
    );
  }
  io.out(text);
  if (done.totp) {
    io.out(message(p.language, 'staff_accounts.totp_enrol'));
    io.out(`  secret: ${done.totp.secret}`);
    io.out(`  ${done.totp.uri}`);
  }
}

/**
 * `npm run staff -- users …`: staff accounts, on the configured database. Answers the exit code: 0 done,
 * 1 refused (the message printed), 2 wrong usage.
 */
export async function runUsersCli(
  argv: string[],
  env: Record<string, string | undefined>,
  terminal: CliIo,
): Promise<number> {
  const io = terminalSafe(terminal);
  let parsed: Parsed | 'help';
  try {
    parsed = parse(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\nSee: npm run staff -- users help`);
    return 2;
  }
  if (parsed === 'help') {
    io.out(USAGE);
    return 0;
  }
  let database;
  try {
    database = await openConfiguredDatabase(loadConfig(env), (line) => io.err(line));
  } catch (error) {
    if (!(error instanceof ConfigError || error instanceof DataDirLockedError)) throw error;
    io.err(error.message);
    if (error instanceof DataDirLockedError) io.err('Stop the server that holds this data directory, then try again.');
    return 1;
  }
  try {
    print(parsed, await run(new StaffAccountsService(database.db), parsed, { ...io, secret: terminal.secret }), io);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(error.message);
      return 2;
    }
    if (!(error instanceof ApiError)) throw error;
    const text = message(parsed.language, error.messageKey, error.params, error.data);
    if (parsed.json) io.out(jsonForTerminal({ code: error.code, message: text, data: error.data }));
    const errors = Array.isArray(error.data.errors) ? (error.data.errors as { path: string; message: string }[]) : [];
    io.err([text, ...errors.map((e) => `  ${e.path}: ${e.message}`)].join('\n'));
    return 1;
  } finally {
    await database.close();
  }
}
