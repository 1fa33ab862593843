import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { JobRunner } from '../jobs/job-runner';
import type { Notifier } from '../notifications/notifier';
import { GepgGateway } from './gepg-gateway';
import type { PaymentGateway } from './payment-gateway';
import { SIMULATOR_PUBLIC_KEY_PEM, SignatureVerifier } from './payment-signature';
import {
  PAYMENT_TIMING,
  RECONCILE_CRON,
  RECONCILE_QUEUE,
  REISSUE_CRON,
  REISSUE_QUEUE,
  type PaymentTiming,
} from './payment-timing';
import { PaymentsService } from './payments-service';
import { SimulatedGateway } from './simulated-gateway';

/** The gateway the configuration names: GePG/ZanMalipo, or the simulator (refused in production by main.ts). */
export function paymentGatewayFor(config: Config, db: Kysely<Database>): PaymentGateway {
  if (config.PAYMENT_PROVIDER === 'gepg')
    return new GepgGateway(config.PAYMENT_GATEWAY_URL!, config.PAYMENT_GATEWAY_TOKEN);
  return new SimulatedGateway(db);
}

/** The key notices must be signed with: the configured one, else (simulator only) the simulator's. */
export function signatureVerifierFor(config: Config): SignatureVerifier {
  return new SignatureVerifier(config.PAYMENT_GATEWAY_PUBLIC_KEY ?? SIMULATOR_PUBLIC_KEY_PEM);
}

/**
 * The payments module as the server runs it: the service, its jobs (raise, re-issue on expiry,
 * reconciliation, on the job runner's schedules), and the simulator connected to the app's own
 * endpoints so that its notices go through the real signature check.
 */
export function paymentsModule(
  app: FastifyInstance,
  parts: {
    config: Config;
    db: Kysely<Database>;
    jobs: JobRunner;
    notifier: Notifier;
    gateway?: PaymentGateway;
    timing?: PaymentTiming;
  },
): PaymentsService {
  const gateway = parts.gateway ?? paymentGatewayFor(parts.config, parts.db);
  const service = new PaymentsService(
    parts.db,
    gateway,
    parts.jobs,
    parts.notifier,
    (level, details, text) => app.log[level]({ payments: details }, text),
    parts.timing ?? PAYMENT_TIMING,
  );
  parts.jobs.handle(REISSUE_QUEUE, async () => {
    app.log.info({ reissued: await service.reissueExpired() }, 'payments: expired bills re-issued');
  });
  parts.jobs.schedule({ queue: REISSUE_QUEUE, cron: REISSUE_CRON });
  parts.jobs.handle(RECONCILE_QUEUE, async () => {
    app.log.info({ reconciled: await service.reconcile() }, 'payments: reconciliation');
  });
  parts.jobs.schedule({ queue: RECONCILE_QUEUE, cron: RECONCILE_CRON });
  if (gateway instanceof SimulatedGateway) {
    gateway.connect(async (path, body, headers) => {
      const answer = await app.inject({ method: 'POST', url: path, payload: body, headers });
      return { status: answer.statusCode, body: answer.json<unknown>() };
    });
  }
  return service;
}
