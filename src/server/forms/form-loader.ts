import type { FormsSet } from '../../shared/forms';
import { problemLine, type FormsProblem } from '../../shared/forms-check/problems';
import { checkFormsFolder } from './check/check-forms';

export { checkFormsFolder, fullFormsCheck, type FormsCheck } from './check/check-forms';

/** A set of forms with errors: it is not published. `problems` are one line each; `details` as found. */
export class FormsProblemsError extends Error {
  readonly problems: string[];

  constructor(readonly details: FormsProblem[]) {
    const problems = details.filter((p) => p.severity === 'error').map(problemLine);
    super(`The forms have ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

/**
 * Reads schemas/ (or a folder in its layout), checks it all (src/server/forms/check: strict schemas,
 * names, widgets, texts, conditions, the smoke render of every step) and returns the set, or throws
 * every error found at once. Warnings do not stop it.
 */
export async function loadForms(schemasDir: string): Promise<FormsSet> {
  const { set, problems } = await checkFormsFolder(schemasDir);
  if (!set) throw new FormsProblemsError(problems);
  return set;
}
