/** Bytes of a JSON body: any call's, and those of the calls that carry answers (see those routes). */
export const DEFAULT_BODY_LIMIT = 16 * 1024;
/** One step's answers: the largest step, filled to its schema's limits with real answers, is ~90 KiB. */
export const STEP_BODY_LIMIT = 128 * 1024;
/** Every step's answers at once (the final save and the requests). */
export const APPLICATION_BODY_LIMIT = 256 * 1024;
