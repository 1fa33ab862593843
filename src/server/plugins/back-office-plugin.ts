import type { FastifyInstance } from 'fastify';
import { staffDocumentRoute } from '../attachments/staff-document-route';
import { StaffServices } from '../back-office/staff-services';
import { staffRoutes } from '../back-office/staff-routes';
import { permitsServiceFor } from '../permits/permits-module';
import { permitsRoutes } from '../permits/permits-routes';
import type { Parts } from './parts';

/** Permits (the public check, the applicant's download), the back office's staff actions over every module, and its documents. */
export function registerBackOffice(
  app: FastifyInstance,
  parts: Pick<
    Parts,
    'config' | 'db' | 'forms' | 'notifier' | 'sessions' | 'payments' | 'fees' | 'requireStaff' | 'storage'
  >,
): void {
  const { db, forms, notifier } = parts;
  const permits = permitsServiceFor(parts.config, db, forms, notifier);
  permitsRoutes(app, permits, parts.sessions);
  staffRoutes(app, new StaffServices(db, notifier, forms, permits, parts.payments, parts.fees), parts.requireStaff);
  staffDocumentRoute(app, db, parts.storage, parts.requireStaff);
}
