/**
 * What other modules read of the staff accounts (the `staff_account` table's owner is
 * ./staff-accounts-repository.ts, src/server/db/table-owners.ts).
 */
export { findAccountByLogin, officerPhone } from './staff-accounts-repository';
