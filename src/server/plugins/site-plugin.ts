import type { FastifyInstance } from 'fastify';
import { captchaRoutes } from '../captcha/captcha-routes';
import { CaptchaService } from '../captcha/captcha-service';
import { healthRoutes } from '../http/health-routes';
import { splashRoutes } from '../reference/splash-routes';
import type { Parts } from './parts';

/** What a page asks first: the health check, the sign-in's captcha, the splash (reference data and forms). */
export function registerSite(
  app: FastifyInstance,
  parts: Pick<Parts, 'config' | 'db' | 'dependencies' | 'rateLimitState' | 'splash' | 'forms'>,
): Pick<Parts, 'captcha'> {
  const { config, db } = parts;
  healthRoutes(app, db, parts.rateLimitState);
  const captcha = new CaptchaService(db, { hmacKey: config.ALTCHA_HMAC_KEY, work: parts.dependencies.captchaWork });
  captchaRoutes(app, captcha);
  splashRoutes(app, parts.splash, parts.forms);
  return { captcha };
}
