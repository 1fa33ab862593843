/** What other modules read of the one-time codes (the `one_time_code` table's owner is ./codes-repository.ts). */
export { findCodesThisHour, purposeOfChallenge } from './codes-repository';
