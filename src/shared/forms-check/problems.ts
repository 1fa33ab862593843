/**
 * One problem the forms checker found, written for policy staff: the file, the place in it, what is
 * wrong and what to do. An error blocks publishing; a warning is told and does not.
 */
export interface FormsProblem {
  /** The file as named in schemas/ ("steps/construction.schema.json", "texts/sw.json", "flows.json"). */
  file: string;
  /** Where in the file, in words: "line 12, column 5", or "at floors › rooms" when there is no text to count lines in. */
  at?: string;
  /** The place as a path of names inside the file's JSON, to find its line when the file's text is known. */
  path?: (string | number)[];
  /** In English: the CLI, the server's logs and the studio when it has no text for `code`. */
  message: string;
  severity: 'error' | 'warning';
  /**
   * What the problem is, as a key of locales/<language>/checks.json ("flow_step_unknown"), whose text
   * with `params` says `message` in the staff member's language (the studio shows it so).
   */
  code?: string;
  /** The names, numbers and lists the text fills in; a list is its JSON text, a suggestion "" when none. */
  params?: ProblemParams;
}

export type ProblemParams = Record<string, string | number>;

/** A problem's code and the params of its text (see FormsProblem). */
export interface ProblemCode {
  code: string;
  params?: ProblemParams;
}

export type ProblemPath = (string | number)[];

/** A problem as one line: "steps/construction.schema.json line 12, column 5: a comma is missing …". */
export function problemLine(problem: FormsProblem): string {
  const at = problem.at ?? (problem.path?.length ? `at ${problem.path.join(' › ')}` : undefined);
  const line = `${problem.file}${at ? ` ${at}` : ''}: ${problem.message}`;
  return problem.severity === 'warning' ? `Warning: ${line}` : line;
}

/** Collects the problems of one file. */
export class ProblemList {
  readonly all: FormsProblem[] = [];

  error(file: string, path: ProblemPath | undefined, message: string, code?: ProblemCode): void {
    this.all.push({ file, ...(path ? { path } : {}), message, severity: 'error', ...code });
  }

  warning(file: string, path: ProblemPath | undefined, message: string, code?: ProblemCode): void {
    this.all.push({ file, ...(path ? { path } : {}), message, severity: 'warning', ...code });
  }
}

export const hasErrors = (problems: FormsProblem[]) => problems.some((p) => p.severity === 'error');

/** The most names quotedList shows; the others are counted. */
export const QUOTED_LIST_MAX = 12;

/** A list of names as a problem's param: its JSON text (the studio's texts show it as quotedList does). */
export const listParam = (names: Iterable<unknown>): string => JSON.stringify([...names].map(String));

/** "a", "b" and "c": a short list of names for a message. */
export function quotedList(names: Iterable<string>, max = QUOTED_LIST_MAX): string {
  const all = [...names].map((n) => `"${n}"`);
  const shown = all.length > max ? [...all.slice(0, max), `… (${all.length - max} more)`] : all;
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}
