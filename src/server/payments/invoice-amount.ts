import type { FeeEstimateAnswer } from '../../shared/api/fees';
import { MAX_AMOUNT_TZS, type Problems, cleanText } from '../back-office/back-office-rules';

/** What add_invoice saves of the amount: the estimate's total and lines, or staff's amount with its reason. */
export interface InvoiceAmount {
  amount: number;
  /** The fee schedule's lines the amount was taken from; null when staff gave it. */
  lines: unknown[] | null;
  /** Why the amount is not the estimate (staff's words); null when it is. */
  reason: string | null;
  /** The estimate's total when there is one (kept in the history beside the amount). */
  estimate: number | null;
}

/**
 * The invoice's amount (issue 31, item 6): the fee schedule's estimate for the application, with its
 * lines, when staff give none; another amount needs a reason (10× the estimate by a slip of the
 * keyboard is refused). Without an estimate (an answer missing, no schedule for the type) staff give
 * the amount. Problems are added to `problems` (the caller's 422).
 */
export function invoiceAmount(
  fee: FeeEstimateAnswer | null | undefined,
  input: { amount_tzs?: number | undefined; amount_reason?: string | null | undefined },
  problems: Problems,
): InvoiceAmount {
  const estimate = fee?.estimate ?? null;
  const reason = cleanText(input.amount_reason);
  if (input.amount_tzs === undefined) {
    if (!estimate) problems.add('/amount_tzs', 'amount_no_estimate');
    else if (estimate.total_tzs <= 0) problems.add('/amount_tzs', 'amount_exempt');
    return {
      amount: estimate?.total_tzs ?? 0,
      lines: estimate ? estimate.lines : null,
      reason,
      estimate: estimate?.total_tzs ?? null,
    };
  }
  const amount = input.amount_tzs;
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_AMOUNT_TZS) problems.add('/amount_tzs', 'amount');
  const same = estimate !== null && amount === estimate.total_tzs;
  if (estimate && !same && !reason)
    problems.add('/amount_reason', 'amount_reason_required', { estimate: estimate.total_tzs.toLocaleString('en-US') });
  return {
    amount,
    lines: same ? estimate.lines : null,
    reason: same ? null : reason,
    estimate: estimate?.total_tzs ?? null,
  };
}
