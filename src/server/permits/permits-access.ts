/**
 * What other modules read of an application's permits and write of its renewal requests (the
 * `permit` and `renewal_request` tables' owners are ./permits-repository.ts and
 * ./renewals-repository.ts, src/server/db/table-owners.ts).
 */
export { expiringPermits, findOwnPermit, latestPermit, permitsOf, type ExpiringPermit } from './permits-repository';
export { findRenewals, insertRenewalRequest } from './renewals-repository';
