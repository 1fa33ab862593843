import type { Language } from '../../shared/reference-data';
import { MAX_FIELD_ERRORS, oversizedAnswers } from '../../shared/answer-bounds';
import type { StepForm } from '../../shared/forms';
import { knownAnswers } from '../../shared/forms-changed';
import { hiddenTextPaths } from '../../shared/hidden-characters';
import { validationFailed } from '../../shared/api/errors';
import { errorAnswer } from '../http/contract-error';
import { validationMessage } from '../i18n/messages';

type Answers = Record<string, unknown>;

/**
 * The path of the first text that PostgreSQL's jsonb cannot store (a NUL character or a lone UTF-16
 * surrogate, both valid in JSON): refused as invalid rather than failing the insert with a 500.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export function unstorableText(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') || LONE_SURROGATE.test(value) ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = unstorableText(item, `${path}/${key}`);
    if (found) return found;
  }
  return undefined;
}

/**
 * What Save & Complete Later keeps of a step that is not valid yet: the answers as typed, without the
 * step's validation, but still bounded as every answer is (only the questions the step asks; no list
 * over its `maxItems`, text over its `maxLength`, object over its `maxProperties`; no hidden or control
 * characters; nothing jsonb cannot store). Anything else is 422 and nothing is kept.
 */
export function unfinishedAnswers(step: string, form: StepForm, data: Answers, language: Language): Answers {
  const refuse = (errors: { path: string; message: string }[]) => {
    throw errorAnswer(validationFailed, { errors: errors.slice(0, MAX_FIELD_ERRORS) });
  };
  const oversized = oversizedAnswers(form.schema, data, `/${step}`);
  if (oversized.length > 0)
    refuse(
      oversized.map((problem) => ({
        path: problem.path,
        message: validationMessage(language, problem.keyword, { limit: problem.limit }),
      })),
    );
  const known = knownAnswers(form.schema, data) as Answers;
  const hidden = hiddenTextPaths(known, `/${step}`, form.uiSchema);
  if (hidden.length > 0)
    refuse(hidden.map((path) => ({ path, message: validationMessage(language, 'hidden_characters') })));
  const unstorable = unstorableText(known, `/${step}`);
  if (unstorable) refuse([{ path: unstorable, message: validationMessage(language, 'invalid') }]);
  return known;
}

/** The unfinished steps' answers a draft keeps that its flow still has, each only with what its step asks. */
export function unfinishedIn(
  unfinished: Answers,
  flow: readonly string[],
  steps: Readonly<Record<string, StepForm | undefined>>,
): Record<string, Answers> {
  return Object.fromEntries(
    Object.entries(unfinished)
      .filter(([step, answers]) => flow.includes(step) && typeof answers === 'object' && answers !== null)
      .map(([step, answers]) => [step, knownAnswers(steps[step]?.schema, answers) as Answers]),
  );
}

/** The unfinished answers without `step` (saved valid now), or undefined when `step` was not among them. */
export function withoutStep(unfinished: Answers | undefined, step: string): Answers | undefined {
  if (!unfinished || !Object.hasOwn(unfinished, step)) return undefined;
  return Object.fromEntries(Object.entries(unfinished).filter(([name]) => name !== step));
}
