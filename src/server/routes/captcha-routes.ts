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
          'A new image captcha for sign-in: its id, the SVG (show it as an <img> data: URL) and how long it lives',
        body: emptyBody,
      },
    },
    async (request, res) => ok(request, res, await captcha.create()),
  );
}
