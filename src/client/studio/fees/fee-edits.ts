import type { StudioProblem } from '../../../shared/api/studio';
import type { FeeSchedule, TypeFees } from '../../../shared/fees/fee-schedule';
import { conditionField, possibleValues } from '../../../shared/forms-check/documents-check';
import type { FormsSet } from '../../../shared/forms';
import type { LocalizedText } from '../../../shared/reference-data';
import { isJsonObject } from '../../../shared/schema-walk';
import { localizedOf } from '../../../shared/studio/step-texts';
import { answersOf } from '../documents/document-body';

/** The draft's item that holds the fee schedule (see src/shared/api/studio.ts). */
export const FEES_ITEM = 'fees';

/**
 * What an amount box holds, as saved: digits are a number of shillings; anything else is kept as typed
 * (the work is never lost) and the checker says why it is wrong (fees_amount).
 */
export function amountOf(text: string): number | string {
  const trimmed = text.trim();
  return /^[0-9]{1,10}$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** An amount shown in its box: a number as digits, a kept mistake as typed. */
export const amountText = (value: unknown): string =>
  typeof value === 'number' || typeof value === 'string' ? String(value) : '';

/** The schedule with one application type's fees replaced. */
export function withType(fees: FeeSchedule, type: string, next: TypeFees): FeeSchedule {
  return { ...fees, types: { ...fees.types, [type]: next } };
}

/** A problem of fees.json about one application type (its path starts with "types", the type). */
export const aboutType = (problem: StudioProblem, type: string) =>
  problem.file === 'fees.json' && problem.path?.[0] === 'types' && problem.path[1] === type;

/** A problem about one part of a type's fees ("base", "area", "storeys", …). */
export const aboutPart = (problem: StudioProblem, part: string) => problem.path?.[2] === part;

/** A type's fees when policy staff first set them: every number to fill in, no parts yet. */
export const NEW_TYPE_FEES: TypeFees = { base: 0, minimum: 0, round_to: 1 };

/** The schedule without a type's fees (its applicants then get no estimate, as the checker warns). */
export function withoutType(fees: FeeSchedule, type: string): FeeSchedule {
  return { ...fees, types: Object.fromEntries(Object.entries(fees.types).filter(([key]) => key !== type)) };
}

/** A type's fees without one optional part ("area", "storeys", "use"). */
export function withoutPart(fees: TypeFees, ...parts: (keyof TypeFees)[]): TypeFees {
  return Object.fromEntries(Object.entries(fees).filter(([key]) => !parts.includes(key as keyof TypeFees))) as TypeFees;
}

/**
 * The area part charged by use class: a rate for each answer of the `use` answer (those it had kept,
 * the others 0), or back to one rate for every use (the first rate it had).
 */
export function withRatesByUse(fees: TypeFees, use: FeeAnswer | undefined): TypeFees {
  const area = fees.area;
  if (!area) return fees;
  if (!use?.values) {
    const rate = area.rate ?? Object.values(area.rates ?? {})[0] ?? 0;
    return { ...withoutPart(fees, 'use'), area: { answer: area.answer, rate } };
  }
  const kept = area.rates ?? {};
  const rates = Object.fromEntries(use.values.map((value) => [value, kept[value] ?? area.rate ?? 0]));
  return { ...fees, use: use.answer, area: { answer: area.answer, rates } };
}

/** An answer a fee part may count (a number) or pick a rate by (a list of answers). */
export interface FeeAnswer {
  answer: string;
  step: string;
  stepTitle: LocalizedText;
  label: LocalizedText;
  /** A list's answers, as saved; absent for a number. */
  values?: string[];
  /** The list's answers in words: the schema's option titles, in both languages. */
  valueLabels?: Record<string, LocalizedText>;
}

/**
 * The answers of a type's own steps that a fee part can use: numbers (floor area, storeys) or lists
 * (the use class), in step then question order, as the checker reads them (conditionField).
 */
export function feeAnswers(set: FormsSet, type: string, kind: 'number' | 'list'): FeeAnswer[] {
  const flows: unknown = set.flows;
  const flow = isJsonObject(flows) && Array.isArray(flows[type]) ? (flows[type] as string[]) : [];
  return answersOf(set).flatMap((choice) => {
    if (!flow.includes(choice.step)) return [];
    const { field } = conditionField(set.steps, choice.answer);
    if (!field) return [];
    const base = { answer: choice.answer, step: choice.step, stepTitle: choice.stepTitle, label: choice.label };
    if (kind === 'number') return field.type === 'number' || field.type === 'integer' ? [base] : [];
    const values = field.type === 'boolean' ? undefined : possibleValues(field)?.map(String);
    if (!values || values.length === 0) return [];
    // The answers in words: the option titles of the schema (text keys), as the applicant reads them.
    const options = Array.isArray(field.oneOf) ? field.oneOf.filter(isJsonObject) : [];
    const valueLabels = Object.fromEntries(options.map((o) => [String(o.const), localizedOf(set, o.title)]));
    return [{ ...base, values, valueLabels }];
  });
}
