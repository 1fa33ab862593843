import type { ApplicationTables } from './tables/applications';
import type { MessagingTables } from './tables/messaging';
import type { MoneyTables } from './tables/money';
import type { ReferenceTables } from './tables/reference';
import type { StaffTables } from './tables/staff';

export type * from './tables/applications';
export type * from './tables/messaging';
export type * from './tables/money';
export type * from './tables/reference';
export type * from './tables/staff';

/**
 * The tables as Kysely sees them, by the part of the portal that owns them (./tables). Migrations in
 * ./migrations are the source of truth.
 */
export interface Database extends ReferenceTables, ApplicationTables, MessagingTables, StaffTables, MoneyTables {}
