import type { StaffActionName } from './staff-actions';

/** The command line's words: a command's shape, and how its arguments are read (staff-cli-commands.ts lists them). */

export class UsageError extends Error {}

export type Options = Record<string, string | string[] | boolean | undefined>;

export interface Command {
  usage: string;
  summary: string;
  options: string[];
  positionals: number;
  action: StaffActionName;
  /** It changes an application: on the database, `--as <login>` says who (recorded in the history). */
  changes?: true;
  body(positionals: string[], options: Options): Record<string, unknown>;
}

export const PAGING = ['page', 'page-size'];

export const str = (options: Options, name: string): string | undefined =>
  typeof options[name] === 'string' ? options[name] : undefined;

export function required(options: Options, name: string): string {
  const value = str(options, name);
  if (value === undefined || value.trim() === '') throw new UsageError(`--${name} is required.`);
  return value;
}

/** A whole number given on the command line; thousands separators (150,000 or 150_000) allowed. */
export function integer(options: Options, name: string): number | undefined {
  const value = str(options, name);
  if (value === undefined) return undefined;
  const compact = value.replace(/[,_\s]/g, '');
  if (!/^-?[0-9]+$/.test(compact)) throw new UsageError(`--${name} must be a whole number, not "${value}".`);
  return Number(compact);
}

/** Only the options that were given: the call's defaults apply to the others. */
export function defined(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}

export const paging = (options: Options) => ({
  page: integer(options, 'page'),
  page_size: integer(options, 'page-size'),
});
