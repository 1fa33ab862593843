import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CONTROL_NUMBER_CALLBACK_PATH,
  PAYMENT_BODY_LIMIT,
  PAYMENT_NOTICE_PATH,
  PAYMENT_SIGNATURE_HEADER,
  controlNumberCallbackBody,
  paymentNoticeBody,
  type ControlNumberCallback,
  type PaymentNotice,
} from '../../shared/api/payments';
import { ApiError, ok } from '../http/envelope';
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

    scope.post<{ Body: PaymentNotice }>(
      PAYMENT_NOTICE_PATH,
      {
        bodyLimit: PAYMENT_BODY_LIMIT,
        schema: {
          summary:
            'Payment gateway: a payment notice, signed (header x-payment-signature, Ed25519 or RSA-SHA256 over the ' +
            'exact body). Idempotent by transaction_id: the same notice again answers the same acknowledgement',
          body: paymentNoticeBody,
        },
      },
      async (request, res) => ok(request, res, await payments.applyNotice(request.body), 'payments.notice_accepted'),
    );

    scope.post<{ Body: ControlNumberCallback }>(
      CONTROL_NUMBER_CALLBACK_PATH,
      {
        bodyLimit: PAYMENT_BODY_LIMIT,
        schema: {
          summary: 'Payment gateway: the control number of a bill raised earlier, signed like a payment notice',
          body: controlNumberCallbackBody,
        },
      },
      async (request, res) => ok(request, res, await payments.controlNumberArrived(request.body)),
    );
  });
}
