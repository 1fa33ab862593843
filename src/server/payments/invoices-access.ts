/**
 * What other modules read of an application's invoices (the `invoice` table's owner is
 * ./invoices-repository.ts, src/server/db/table-owners.ts).
 */
export { dueInvoices, invoicesOf, unpaidInvoicesOf, type DueInvoice } from './invoices-repository';
