import type { FastifyInstance } from 'fastify';
import type { CaptchaService } from '../captcha/captcha-service';
import { emptyBody } from '../http/body-schemas';
import { ok } from '../http/envelope';
import { CAPTCHA_LIMIT } from '../http/rate-limits';

export function captchaRoutes(app: FastifyInstance, captcha: CaptchaService): void {
  app.post(
    '/api/captcha/new',
    {
      config: { rateLimit: CAPTCHA_LIMIT },
      schema: {
        summary:
          "A new proof-of-work challenge for sign-in (ALTCHA: parameters and signature, valid 5 minutes); the ALTCHA widget solves it, and get_application takes the widget's payload",
        body: emptyBody,
      },
    },
    async (request, res) => ok(request, res, await captcha.create()),
  );
}
