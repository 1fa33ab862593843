import type { FormsSet } from '../forms';
import { LANGUAGES } from '../reference-data';
import { isJsonObject } from '../schema-walk';
import { stepModuleProblems } from '../step-modules';
import { APPLICATION_TYPES } from '../wizard-driver';
import { costProblems } from './cost-check';
import { closestName, didYouMeanText, suggestionFor } from './did-you-mean';
import { documentProblems } from './documents-check';
import { feesProblems } from './fees-check';
import { levelProblems } from './level-check';
import { hasErrors, listParam, ProblemList, quotedList, type FormsProblem } from './problems';
import { checkerAjv, referenceProblems, schemaValidity, unknownWords, type CheckerAjv } from './schema-check';
import { textProblems } from './texts-check';
import { uiProblems } from './ui-check';
import { yesNoDefaultProblems } from './yes-no-check';

export interface SetCheckOptions {
  /**
   * Files that could not be read (their JSON is broken, already told): whatever depends on them is not
   * checked, so one mistake is told once ("flows.json names a step with no schema" would only repeat it).
   */
  unreadable?: ReadonlySet<string>;
  /**
   * Keeps each step's own problems (its schema and UI schema checked alone, the costly part: ajv
   * compiles it) by its content: `check` runs only for a step not kept. The studio's check keeps them
   * (src/server/studio/draft-problems.ts), so a step is compiled once per change.
   */
  stepCheck?: (id: string, step: FormsSet['steps'][string], check: () => FormsProblem[]) => FormsProblem[];
}

function stepProblems(id: string, step: FormsSet['steps'][string], checker: () => CheckerAjv): FormsProblem[] {
  const file = `steps/${id}.schema.json`;
  const mine = new ProblemList();
  unknownWords(file, step.schema, mine);
  if (!hasErrors(mine.all)) schemaValidity(file, step.schema, mine, checker());
  if (!hasErrors(mine.all)) {
    levelProblems(file, step.schema, mine);
    costProblems(file, step.schema, mine);
    referenceProblems(file, step.schema, mine);
    yesNoDefaultProblems(file, step.schema, mine);
    uiProblems(`steps/${id}.ui.json`, step.schema, step.uiSchema, mine);
  }
  return mine.all;
}

function flowProblems(flows: unknown, stepIds: string[], problems: ProblemList): void {
  const file = 'flows.json';
  if (!isJsonObject(flows))
    return void problems.error(
      file,
      [],
      'flows.json must map each application type to its list of steps: {"new": ["personal", …], …}.',
      { code: 'flows_not_object' },
    );
  const inAFlow = new Set<string>();
  for (const type of APPLICATION_TYPES) {
    const steps = flows[type];
    if (!Array.isArray(steps) || steps.length === 0) {
      problems.error(
        file,
        [],
        `there are no steps for the application type "${type}": add "${type}": ["personal", …].`,
        { code: 'flow_empty', params: { type } },
      );
      continue;
    }
    const seen = new Set<string>();
    steps.forEach((step, i) => {
      const name = String(step);
      if (!stepIds.includes(name)) {
        const suggestion = suggestionFor(name, stepIds);
        problems.error(
          file,
          [type, i],
          `"${type}" names the step "${name}", which has no file steps/${name}.schema.json.${didYouMeanText(suggestion)}`,
          { code: 'flow_step_unknown', params: { type, name, suggestion } },
        );
      } else if (seen.has(name))
        problems.error(file, [type, i], `"${type}" names the step "${name}" twice.`, {
          code: 'flow_step_twice',
          params: { type, name },
        });
      seen.add(name);
      inAFlow.add(name);
    });
  }
  for (const type of Object.keys(flows))
    if (!(APPLICATION_TYPES as readonly string[]).includes(type)) {
      const suggestion = suggestionFor(type, APPLICATION_TYPES);
      problems.error(
        file,
        [type],
        `"${type}" is not an application type.${didYouMeanText(suggestion)} The types are ${quotedList(APPLICATION_TYPES)}.`,
        { code: 'application_type_unknown', params: { type, suggestion, types: listParam(APPLICATION_TYPES) } },
      );
    }
  for (const id of stepIds)
    if (!inAFlow.has(id))
      problems.warning(`steps/${id}.schema.json`, [], `no flow in flows.json uses the step "${id}".`, {
        code: 'step_unused',
        params: { id },
      });
}

/**
 * Every problem of a forms set that can be found without showing it (the smoke render is the server's,
 * src/server/forms/check): strict schemas, names that exist, widgets the wizard has, texts in both
 * languages, flows, documents and the fee schedule. Pure, so a set from the database or an editor is checked alike.
 */
export function formsSetProblems(set: Partial<FormsSet>, options: SetCheckOptions = {}): FormsProblem[] {
  const unreadable = options.unreadable ?? new Set<string>();
  const problems = new ProblemList();
  const steps = set.steps ?? {};
  // One validator for this check, made when a step needs it and let go with it (ajv keeps what it compiles).
  let ajv: CheckerAjv | undefined;
  const checker = () => (ajv ??= checkerAjv());
  for (const [id, step] of Object.entries(steps)) {
    const check = () => stepProblems(id, step, checker);
    problems.all.push(...(options.stepCheck ? options.stepCheck(id, step, check) : check()));
  }
  const brokenSteps = [...unreadable].flatMap((file) => /^steps\/(.+)\.(schema|ui)\.json$/.exec(file)?.[1] ?? []);
  const stepIds = [...new Set([...Object.keys(steps), ...brokenSteps])].sort();
  if (!unreadable.has('flows.json') && set.flows !== undefined) {
    flowProblems(set.flows, stepIds, problems);
    // The step modules' markers (x-step-module, src/shared/step-modules.ts): known, on steps with their
    // fields, once a flow. Not while a step is unreadable: its module is unknown, not missing.
    if (brokenSteps.length === 0)
      for (const problem of stepModuleProblems({ steps, flows: set.flows }, closestName))
        problems.error(problem.file, problem.path, problem.message, { code: problem.code, params: problem.params });
  }
  if (set.texts) {
    const readable = new Set<string>(
      LANGUAGES.filter((l) => !unreadable.has(`texts/${l}.json`) && set.texts![l] !== undefined),
    );
    textProblems({ steps, texts: set.texts }, readable, problems, brokenSteps.length === 0);
  }
  if (!unreadable.has('documents.json') && set.documents !== undefined)
    documentProblems({ steps, documents: set.documents }, problems, brokenSteps);
  if (!unreadable.has('fees.json') && brokenSteps.length === 0 && !unreadable.has('flows.json'))
    feesProblems({ steps, flows: set.flows, fees: set.fees }, problems);
  return problems.all;
}
