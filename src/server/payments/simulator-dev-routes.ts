import type { FastifyInstance } from 'fastify';
import { paySimulated, paymentsRun, simulatorSettings } from '../../shared/api/payments';
import { contractRoute } from '../http/contract-route';
import { SimulatedGateway } from './simulated-gateway';
import type { PaymentsService } from './payments-service';

/**
 * Development tools (DEV_TOOLS=1, refused in production) when the simulator is the gateway: pay a
 * control number (whole, partial, over, twice, or with the notice lost) and make the gateway fail or
 * answer control numbers by callback. The browser journey "simulated payment" uses these.
 */
export function simulatorDevRoutes(app: FastifyInstance, payments: PaymentsService): void {
  const gateway = payments.gateway;
  if (!(gateway instanceof SimulatedGateway)) return;
  contractRoute(
    app,
    paySimulated,
    { summary: 'Development tools only: the payment simulator pays a control number' },
    async (request, _res, answer) => answer.ok(await gateway.pay(request.body)),
  );
  contractRoute(
    app,
    simulatorSettings,
    { summary: 'Development tools only: the simulated gateway fails, or gives control numbers by callback' },
    async (request, _res, answer) => answer.ok(gateway.configure(request.body)),
  );
  contractRoute(
    app,
    paymentsRun,
    { summary: 'Development tools only: run the re-issue and reconciliation jobs now' },
    async (_request, _res, answer) => {
      await gateway.settled();
      const reissued = await payments.reissueExpired();
      const reconciled = await payments.reconcile();
      return answer.ok({ reissued, ...reconciled });
    },
  );
}
