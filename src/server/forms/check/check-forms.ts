import { createHash } from 'node:crypto';
import { sampleProblems, type FlowSamples } from '../../../shared/form-samples';
import type { FormsSet } from '../../../shared/forms';
import { createServerAjv } from '../server-ajv';
import { locate, type JsonFile } from '../../../shared/forms-check/json-text';
import { hasErrors, type FormsProblem } from '../../../shared/forms-check/problems';
import { formsSetProblems } from '../../../shared/forms-check/set-check';
import { APPLICATION_TYPES } from '../../../shared/wizard-driver';
import { readFormsFolder } from './read-folder';
import { caseKey, rememberRendered, renderedBefore } from './render-cache';
import { renderCases } from './render-cases';

export interface FormsCheck {
  /** The set, when it has no error (warnings may remain): only such a set may be published. */
  set?: FormsSet;
  samples?: FlowSamples;
  problems: FormsProblem[];
}

/** The line and column of each problem that has a place, in the file's text. */
function located(problems: FormsProblem[], files: Map<string, JsonFile>): FormsProblem[] {
  return problems.map((problem) => {
    const json = files.get(problem.file);
    const at = problem.at ?? (json && problem.path ? locate(json, problem.path) : undefined);
    return at ? { ...problem, at } : problem;
  });
}

/** The flows' sample answers still fit the forms (a warning: the demo seed and the test fixtures need them). */
function samplesProblems(set: FormsSet, samples: FlowSamples): FormsProblem[] {
  if (Object.keys(samples).length === 0) return [];
  const ajv = createServerAjv();
  return APPLICATION_TYPES.flatMap((type) =>
    sampleProblems(set, type, samples[type], ajv).map((line): FormsProblem => {
      const file = `samples/${type}.json`;
      const message = line.startsWith(file) ? line.slice(file.length).replace(/^[,:]?\s*/, '') : line;
      return { file, message: `${message} (update the sample answers).`, severity: 'warning' };
    }),
  );
}

/** Full checks already made in this process, by content: tests build many apps over the same set. */
const checked = new Map<string, FormsProblem[]>();

/**
 * Every problem of a set, however it came (a folder, the database, an API): the checks of
 * src/shared/forms-check, then, when they find no error, the smoke render of every step of every flow
 * in each language (loaded only now: it brings React and MUI) and the sample answers.
 */
export async function fullFormsCheck(set: FormsSet, samples: FlowSamples = {}): Promise<FormsProblem[]> {
  const key = createHash('sha256')
    .update(JSON.stringify([set, samples]))
    .digest('base64url');
  const done = checked.get(key);
  if (done) return done;
  const problems = formsSetProblems(set);
  if (!hasErrors(problems)) {
    problems.push(...samplesProblems(set, samples));
    const known = await renderedBefore();
    const cases = await Promise.all(
      renderCases(set, samples).map(async (c) => ({
        ...c,
        key: await caseKey([set.steps[c.step], set.texts[c.language], c.answers]),
      })),
    );
    const pending = cases.filter((c) => !known.has(c.key));
    if (pending.length > 0) {
      const { smokeRender } = await import('./smoke-render');
      const rendering = smokeRender(set, pending);
      await rememberRendered(rendering.passed.map((c) => (c as (typeof pending)[number]).key));
      problems.push(...rendering.problems);
    }
  }
  if (checked.size > 32) checked.clear();
  checked.set(key, problems);
  return problems;
}

/**
 * Reads and checks a folder in the layout of schemas/: every problem, each with its file and line, and
 * the set when it has no error. A file that cannot be read is told once, with nothing that follows from it.
 */
export async function checkFormsFolder(dir: string): Promise<FormsCheck> {
  const read = await readFormsFolder(dir);
  if (hasErrors(read.problems)) {
    const found = [...read.problems, ...formsSetProblems(read.set, { unreadable: read.unreadable })];
    return { problems: located(found, read.files) };
  }
  const set = read.set as FormsSet;
  const problems = located(await fullFormsCheck(set, read.samples), read.files);
  return hasErrors(problems) ? { problems } : { set, samples: read.samples, problems };
}
