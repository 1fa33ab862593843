/**
 * What other modules read of the reference data (its tables' owner is ./reference-repository.ts,
 * src/server/db/table-owners.ts).
 */
export {
  engineerPhone,
  findActiveEngineer,
  findEngineerRole,
  findEngineers,
  findEngineerWithRole,
  firstActiveEngineer,
} from './reference-repository';
