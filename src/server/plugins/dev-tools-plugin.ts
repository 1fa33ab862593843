import type { FastifyInstance } from 'fastify';
import { simulatorDevRoutes } from '../payments/simulator-dev-routes';
import { devRoutes } from '../sms/dev-routes';
import type { Parts } from './parts';

/** With DEV_TOOLS only: the SMS outbox and the payment simulator's controls. */
export function registerDevTools(
  app: FastifyInstance,
  { config, db, payments }: Pick<Parts, 'config' | 'db' | 'payments'>,
): void {
  if (!config.DEV_TOOLS) return;
  devRoutes(app, db);
  simulatorDevRoutes(app, payments);
}
