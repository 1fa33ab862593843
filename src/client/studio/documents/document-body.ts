import type { QuestionSpec } from '../../../shared/api/studio';
import type { AnswerCondition, DocumentRule, FormsSet } from '../../../shared/forms';
import type { LocalizedText } from '../../../shared/reference-data';
import { readStep } from '../../../shared/studio/step-view';

/** The kinds of file the studio offers (the uploads accept no others). */
export const FILE_KINDS = ['application/pdf', 'image/jpeg', 'image/png'] as const;

/** A size limit in MB as the upload counts it (5 MB is 5242880 bytes, as in documents.json). */
export const BYTES_PER_MB = 1024 * 1024;
export const toBytes = (mb: number) => Math.round(mb * BYTES_PER_MB);
export const toMb = (bytes: number) => Math.round((bytes / BYTES_PER_MB) * 100) / 100;

/** The comparisons the editor offers; the last four compare numbers. */
export const OPERATORS = ['equals', 'notEquals', 'above', 'atLeast', 'below', 'atMost'] as const;
export type Operator = (typeof OPERATORS)[number];
const NUMERIC: readonly Operator[] = ['above', 'atLeast', 'below', 'atMost'];
export const isNumeric = (op: Operator) => NUMERIC.includes(op);

/** The item key of a document's revision (src/shared/api/studio.ts). */
export const documentItem = (id: string) => `document:${id}`;

/** An answer a condition may name: "<step>.<field>", with its question when the question editor reads it. */
export interface AnswerChoice {
  answer: string;
  step: string;
  stepTitle: LocalizedText;
  label: LocalizedText;
  question?: QuestionSpec;
}

/** Every answer of the draft's steps, in step then question order (a step the editor cannot read is left out). */
export function answersOf(set: FormsSet): AnswerChoice[] {
  const out: AnswerChoice[] = [];
  for (const step of Object.keys(set.steps)) {
    let view;
    try {
      view = readStep(set, step);
    } catch {
      continue;
    }
    for (const question of view.questions)
      out.push({ answer: `${step}.${question.name}`, step, stepTitle: view.title, label: question.label, question });
    for (const field of view.advanced)
      out.push({ answer: `${step}.${field.name}`, step, stepTitle: view.title, label: field.label });
  }
  return out;
}

/** The one comparison of a condition the editor offers, or null (a "oneOf", kept as it is). */
export function operatorOf(condition: AnswerCondition): Operator | null {
  return OPERATORS.find((op) => op in condition) ?? null;
}

/** A condition with its comparison set to `op` and `value` (a number for the numeric ones). */
export function withComparison(answer: string, op: Operator, value: unknown): AnswerCondition {
  if (isNumeric(op)) {
    const number = typeof value === 'number' ? value : Number(value);
    // Left empty, the comparison is kept (undefined is not sent): the checker says it needs a number.
    return { answer, [op]: Number.isFinite(number) && value !== '' && value !== undefined ? number : undefined };
  }
  return { answer, [op]: value };
}

/** The first value a new condition on `choice` compares with: yes, the first option, else nothing written. */
export function firstValue(choice: AnswerChoice | undefined): unknown {
  const question = choice?.question;
  if (question?.type === 'yes_no') return true;
  if (question?.type === 'choice') return question.options?.[0]?.value ?? '';
  if (question?.type === 'number' || question?.type === 'whole_number') return 0;
  return '';
}

/** Whether `value` is one a yes/no or list answer can take (another would never match). */
export function fits(choice: AnswerChoice | undefined, value: unknown): boolean {
  const question = choice?.question;
  if (question?.type === 'yes_no') return typeof value === 'boolean';
  if (question?.type === 'choice') return (question.options ?? []).some((o) => o.value === value);
  return true;
}

/** A new document as the editor starts it: optional, PDF, 5 MB, for every application. */
export function newDocument(id: string, nameEn: string): DocumentRule {
  return {
    id,
    name: { en: nameEn, sw: '' },
    help: { en: '', sw: '' },
    accept: ['application/pdf'],
    max_bytes: toBytes(5),
    required: false,
    drawing_scale: false,
    applies: {},
  };
}
