import type { FastifyInstance } from 'fastify';
import { paymentsModule, signatureVerifierFor } from '../payments/payments-module';
import { paymentsRoutes } from '../payments/payments-routes';
import type { Parts } from './parts';

/** Control-number payment: its service and jobs (payments-module.ts), and the gateway's notices' routes. */
export function registerPayments(
  app: FastifyInstance,
  { config, db, dependencies, jobs, notifier }: Pick<Parts, 'config' | 'db' | 'dependencies' | 'jobs' | 'notifier'>,
): Pick<Parts, 'payments'> {
  const payments = paymentsModule(app, {
    config,
    db,
    jobs,
    notifier,
    ...(dependencies.paymentGateway ? { gateway: dependencies.paymentGateway } : {}),
    ...(dependencies.paymentTiming ? { timing: dependencies.paymentTiming } : {}),
  });
  paymentsRoutes(app, payments, signatureVerifierFor(config));
  return { payments };
}
