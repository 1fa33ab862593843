import type { FastifyInstance } from 'fastify';
import { inboundSms } from '../../shared/api/inbound-sms';
import { contractRoute } from '../http/contract-route';
import { gatewayCheck } from './gateway-token';
import type { InboundSmsService } from './inbound-sms-service';

/**
 * The SMS gateway's inbound texts. No per-client rate limit: every call comes from the gateway; the
 * limits are per sending phone (inbound-sms-service.ts). The token is checked before the body is read.
 */
export function inboundSmsRoutes(app: FastifyInstance, inbound: InboundSmsService, token: string | undefined): void {
  // Said once at start: an operator who expects status by SMS learns why the gateway gets 401.
  if (!token) app.log.info('SMS_INBOUND_TOKEN is not set: POST /api/sms/inbound refuses every call (no status by SMS)');
  contractRoute(
    app,
    inboundSms,
    {
      onRequest: gatewayCheck(token),
      summary:
        'The SMS gateway delivers a text sent to the portal (Authorization: Bearer SMS_INBOUND_TOKEN). ' +
        '"HALI <reference>" or "STATUS <reference>" from the phone saved in the application is answered by ' +
        'SMS with its status and anything pending; the same message_id twice is answered once.',
    },
    async (request, _res, answer) => answer.ok(await inbound.receive(request.body), 'inbound_sms.received'),
  );
}
