import type { FastifyInstance } from 'fastify';
import { emptyBody } from '../http/body-schemas';
import { sendCached } from '../http/cached-answer';
import type { SplashService } from '../reference/splash-service';

export function splashRoutes(app: FastifyInstance, splash: SplashService): void {
  app.post(
    '/api/splash/get_splash',
    {
      schema: {
        summary: "The twelve reference lists of the spec and the site's contact settings; ETag/If-None-Match",
        body: emptyBody,
      },
    },
    async (request, res) => {
      const snapshot = await splash.get();
      return sendCached(request, res, snapshot.json, snapshot.etag);
    },
  );
}
