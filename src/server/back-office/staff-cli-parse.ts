import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { StaffActionName } from './staff-actions';
import { defined, str, UsageError, type Options } from './staff-cli-arguments';
import { COMMANDS } from './staff-cli-commands';

/** The command line read: its command, that command's body, and the global options (--json, --url, --lang, --as). */

export { UsageError } from './staff-cli-arguments';

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
  overdue: { type: 'boolean' },
  mine: { type: 'boolean' },
  nobody: { type: 'boolean' },
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
