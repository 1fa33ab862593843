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
  message: string;
  severity: 'error' | 'warning';
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

  error(file: string, path: ProblemPath | undefined, message: string): void {
    this.all.push({ file, ...(path ? { path } : {}), message, severity: 'error' });
  }

  warning(file: string, path: ProblemPath | undefined, message: string): void {
    this.all.push({ file, ...(path ? { path } : {}), message, severity: 'warning' });
  }
}

export const hasErrors = (problems: FormsProblem[]) => problems.some((p) => p.severity === 'error');

/** "a", "b" and "c": a short list of names for a message. */
export function quotedList(names: Iterable<string>, max = 12): string {
  const all = [...names].map((n) => `"${n}"`);
  const shown = all.length > max ? [...all.slice(0, max), `… (${all.length - max} more)`] : all;
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}
