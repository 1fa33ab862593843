/**
 * What other modules read of the reference data (its tables' owner is ./reference-repository.ts,
 * src/server/db/table-owners.ts).
 */
export { findEngineers, findEngineerWithRole } from './reference-repository';
