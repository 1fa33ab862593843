import type { ApiFailure } from '../../../app/api';

/**
 * No answer arrived (network down, cut mid-way, a proxy's page): the save may or may not have reached the
 * server. Its own module: the first attempt (offline-saving.ts) and the retries (send-until-saved.ts) both ask.
 */
export const answerLost = (failure: unknown) => (failure as Partial<ApiFailure> | null)?.code === 0;
