import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  PAYMENT_BODY_LIMIT,
  PAYMENT_SIGNATURE_HEADER,
  controlNumberCallback,
  paymentNotice,
} from '../../shared/api/payments';
import { contractRoute } from '../http/contract-route';
import { ApiError } from '../http/envelope';
import type { SignatureVerifier } from './payment-signature';
import type { PaymentsService } from './payments-service';

/**
 * The payment gateway's calls: payment notices and late control numbers. No session and no token:
 * each body must carry the gateway's signature over its exact bytes, checked before it is parsed; a
 * forged or altered body is refused (401), logged, and changes nothing.
 */
export function paymentsRoutes(app: FastifyInstance, payments: PaymentsService, verifier: SignatureVerifier): void {
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request: FastifyRequest, body, done) => {
      const header = request.headers[PAYMENT_SIGNATURE_HEADER];
      if (!verifier.verifies(body as Buffer, typeof header === 'string' ? header : undefined)) {
        request.log.warn({ path: request.url }, 'a payment gateway call with a wrong or missing signature was refused');
        done(new ApiError(401, 'payments.bad_signature'), undefined);
        return;
      }
      try {
        done(null, JSON.parse((body as Buffer).toString('utf8')) as unknown);
      } catch {
        done(new ApiError(400, 'invalid_json'), undefined);
      }
    });

    contractRoute(
      scope,
      paymentNotice,
      {
        bodyLimit: PAYMENT_BODY_LIMIT,
        summary:
          'Payment gateway: a payment notice, signed (header x-payment-signature, Ed25519 or RSA-SHA256 over the ' +
          'exact body). Idempotent by transaction_id: the same notice again answers the same acknowledgement',
      },
      async (request, _res, answer) => answer.ok(await payments.applyNotice(request.body), 'payments.notice_accepted'),
    );

    contractRoute(
      scope,
      controlNumberCallback,
      {
        bodyLimit: PAYMENT_BODY_LIMIT,
        summary: 'Payment gateway: the control number of a bill raised earlier, signed like a payment notice',
      },
      async (request, _res, answer) => answer.ok(await payments.controlNumberArrived(request.body)),
    );
  });
}
