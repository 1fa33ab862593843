import type { FastifyInstance } from 'fastify';
import { newCaptcha } from '../../shared/api/captcha';
import { contractRoute } from '../http/contract-route';
import { CAPTCHA_LIMIT } from '../http/rate-limits';
import type { CaptchaService } from './captcha-service';

export function captchaRoutes(app: FastifyInstance, captcha: CaptchaService): void {
  contractRoute(
    app,
    newCaptcha,
    {
      config: { rateLimit: CAPTCHA_LIMIT },
      summary:
        "A new proof-of-work challenge for sign-in (ALTCHA: parameters and signature, valid 5 minutes); the ALTCHA widget solves it, and get_application takes the widget's payload",
    },
    async (_request, _res, answer) => answer.ok(await captcha.create()),
  );
}
