import type { StudioDraftAnswer } from '../../../shared/api/studio';
import type { FieldError } from '../../../shared/envelope';
import { isJsonObject } from '../../../shared/schema-walk';
import { conflictOf } from './question-body';
import type { SendResult } from './use-auto-save';

export const CONFLICT_CODE = 409;

/**
 * A save's outcome, as the auto-save reads it: the item's revision now, someone else's change (409
 * studio_conflict), or the server's message (in the staff member's language) and the fields it is about.
 */
export function sendResult(
  outcome: { data: StudioDraftAnswer; error?: undefined } | { data?: undefined; error: unknown },
  item: string,
): SendResult {
  if (outcome.data) {
    const { draft } = outcome.data;
    return { ok: true, base: draft.revisions[item] ?? draft.revision };
  }
  const error: Record<string, unknown> = isJsonObject(outcome.error) ? outcome.error : {};
  const conflict = error.code === CONFLICT_CODE ? conflictOf(error.data) : null;
  if (conflict) return { ok: false, conflict };
  const data = isJsonObject(error.data) ? error.data : {};
  const errors = Array.isArray(data.errors) ? (data.errors as FieldError[]) : [];
  // The server's words for each part ("the format is not a valid pattern …") after its general message.
  const parts = errors.map((e) => e.message).filter((m): m is string => typeof m === 'string' && m !== '');
  const general = typeof error.message === 'string' ? error.message : '';
  return { ok: false, message: [general, ...parts].filter(Boolean).join(' '), errors };
}
