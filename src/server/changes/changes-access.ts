/**
 * What other modules read of the rounds of changes (the `change_round` table's owner is
 * ./changes-repository.ts, src/server/db/table-owners.ts).
 */
export { openRound, roundsOf } from './changes-repository';
