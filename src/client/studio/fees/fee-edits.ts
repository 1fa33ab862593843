import type { StudioProblem } from '../../../shared/api/studio';
import type { FeeSchedule, TypeFees } from '../../../shared/fees/fee-schedule';

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
