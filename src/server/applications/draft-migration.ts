import type Ajv from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { StepForm } from '../../shared/forms';
import { knownAnswers, type QuestionToAnswer } from '../../shared/forms-changed';
import { isJsonObject as isObject, propertiesOf } from '../../shared/schema-walk';
import { applyComputed, dropInactiveAnswers, errorPath } from '../../shared/step-answers';

type Answers = Record<string, unknown>;

/** An answer a change of the forms removed: where it was (a JSON pointer into the answers) and what it was. */
export interface DroppedAnswer {
  path: string;
  value: unknown;
}

/** The forms a draft is brought to: the flow of its type and each step with its compiled validator. */
export interface MigrationForms {
  flow: readonly string[];
  steps: Record<string, StepForm>;
  validator: (step: string) => ValidateFunction | undefined;
  ajv: Ajv;
}

export interface DraftMigration {
  /** The answers as they are kept under the new forms. */
  answers: Answers;
  /** Answers to questions the forms no longer have (steps left out of the flow, fields left out of a step). */
  dropped: DroppedAnswer[];
  /** What the draft must answer now, in flow order. */
  toAnswer: QuestionToAnswer[];
  /** The furthest step of the new flow that has answers (1-based; 0 with none). */
  stepNumber: number;
}

/**
 * What a change of the forms means for one draft: answers to removed questions are dropped (and
 * listed, for the draft's history), answers that still fit are kept, and the questions the draft
 * must answer now are listed: a new step of the flow before the furthest step answered, and each
 * field of an answered step that is new and required or whose answer no longer fits. A reworded
 * text changes nothing: the schemas hold only the texts' keys. Pure: the forms come compiled.
 */
export function migrateDraft(saved: Answers, forms: MigrationForms): DraftMigration {
  const dropped: DroppedAnswer[] = [];
  const answers: Answers = {};
  for (const [step, value] of Object.entries(saved)) {
    if (!forms.flow.includes(step)) dropped.push({ path: `/${step}`, value });
  }
  const last = forms.flow.reduce((found, step, i) => (isObject(saved[step]) ? i : found), -1);
  const toAnswer: QuestionToAnswer[] = [];
  forms.flow.forEach((step, i) => {
    const form = forms.steps[step];
    const given = saved[step];
    if (!isObject(given)) {
      // A step the flow gained before where the applicant got to: the wizard would not ask it on its own.
      if (i < last) toAnswer.push({ step, label: titleKey(form?.schema, step) });
      return;
    }
    const validate = forms.validator(step);
    if (!form || !validate) {
      answers[step] = given;
      return;
    }
    const known = knownAnswers(form.schema, given, (path, value) =>
      dropped.push({ path: `/${step}${path}`, value }),
    ) as Answers;
    const kept = dropInactiveAnswers(forms.ajv, form.schema, applyComputed(form.schema, known)) as Answers;
    answers[step] = kept;
    if (!validate(kept)) toAnswer.push(...questionsOf(step, form.schema, validate.errors));
  });
  return { answers, dropped, toAnswer, stepNumber: last + 1 };
}

/** The fields a step's validation errors are about, once each, in the order of the errors. */
export function questionsOf(
  step: string,
  schema: unknown,
  errors: ErrorObject[] | null | undefined,
): QuestionToAnswer[] {
  const properties = propertiesOf(schema);
  const fields: string[] = [];
  for (const error of errors ?? []) {
    if (error.keyword === 'if' || error.keyword === 'allOf') continue;
    const field = errorPath(error).split('/')[1];
    if (field === undefined || field === '' || fields.includes(field)) continue;
    fields.push(field);
  }
  return fields.map((field) => ({ step, field, label: titleKey(properties.get(field), `${step}.${field}`) }));
}

/** The text key of a schema's title ('construction.warka_number.title'), or `<fallback>.title`. */
function titleKey(schema: unknown, fallback: string): string {
  const title = isObject(schema) ? schema.title : undefined;
  return typeof title === 'string' && title !== '' ? title : `${fallback}.title`;
}

/** The history's line about a migration: the versions and the answers removed (values shortened). */
export function droppedRemark(from: number | null, to: number, dropped: DroppedAnswer[]): string {
  const MAX_VALUE = 200;
  const MAX_REMARK = 4000;
  const items = dropped.map(({ path, value }) => {
    const text = JSON.stringify(value) ?? 'null';
    return `${path} = ${text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}…` : text}`;
  });
  const remark = `Forms version ${from ?? '?'} → ${to}. Answers removed: ${items.join('; ')}`;
  return remark.length > MAX_REMARK ? `${remark.slice(0, MAX_REMARK)}…` : remark;
}
