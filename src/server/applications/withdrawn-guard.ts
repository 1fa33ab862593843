import { WITHDRAWN } from '../../shared/api/withdraw';
import { alreadySubmitted, applicationWithdrawn } from '../../shared/api/errors';
import { errorAnswer } from '../http/contract-error';
import type { ApiError } from '../http/envelope';

/**
 * The 409 for a call that needs a draft but finds something else: a withdrawn application says so
 * (`application_withdrawn`), anything else was submitted (`already_submitted`).
 */
export function notDraftAnymore(status: string | undefined): ApiError {
  return status === WITHDRAWN ? errorAnswer(applicationWithdrawn, {}) : errorAnswer(alreadySubmitted, {});
}

/** Refuses any change to a withdrawn application (409 `application_withdrawn`). */
export function refuseWithdrawn(status: string | undefined): void {
  if (status === WITHDRAWN) throw errorAnswer(applicationWithdrawn, {});
}
