import { WITHDRAWN } from '../../shared/api/withdraw';
import { ApiError } from '../http/envelope';

/**
 * The 409 for a call that needs a draft but finds something else: a withdrawn application says so
 * (`application_withdrawn`), anything else was submitted (`already_submitted`).
 */
export function notDraftAnymore(status: string | undefined): ApiError {
  return new ApiError(409, status === WITHDRAWN ? 'application_withdrawn' : 'already_submitted');
}

/** Refuses any change to a withdrawn application (409 `application_withdrawn`). */
export function refuseWithdrawn(status: string | undefined): void {
  if (status === WITHDRAWN) throw new ApiError(409, 'application_withdrawn');
}
