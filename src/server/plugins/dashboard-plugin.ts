import type { FastifyInstance } from 'fastify';
import { withdrawRoutes } from '../applications/withdraw-routes';
import { WithdrawService } from '../applications/withdraw-service';
import { dashboardRoutes } from '../dashboard/dashboard-routes';
import { DashboardService } from '../dashboard/dashboard-service';
import { withdrawalPayments } from '../payments/invoice-cancellation';
import { receiptRoutes } from '../payments/receipt-routes';
import type { Parts } from './parts';

/** The signed-in applicant's dashboard: their applications, receipts, and withdrawing one. */
export function registerDashboard(
  app: FastifyInstance,
  parts: Pick<
    Parts,
    'db' | 'forms' | 'fees' | 'sessions' | 'signIn' | 'storage' | 'limits' | 'owners' | 'draftCookies' | 'payments'
  >,
): void {
  const { db, sessions, limits } = parts;
  dashboardRoutes(app, {
    dashboard: new DashboardService(db, parts.forms, parts.fees),
    sessions,
    signIn: parts.signIn,
    storage: parts.storage,
    limits,
  });
  receiptRoutes(app, db, sessions);
  const withdraw = new WithdrawService(db, parts.owners, withdrawalPayments(parts.payments.cancellation));
  withdrawRoutes(app, withdraw, sessions, { cookies: parts.draftCookies, limits });
}
