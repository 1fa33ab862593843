import type { FastifyInstance } from 'fastify';
import { message } from '../i18n/messages';
import { emptyBody } from '../http/body-schemas';
import type { SplashService } from '../reference/splash-service';

export function splashRoutes(app: FastifyInstance, splash: SplashService): void {
  app.post('/api/splash/get_splash', { schema: { summary: "The twelve reference lists of the spec and the site's contact settings; ETag/If-None-Match", body: emptyBody } }, async (request, res) => {
    const snapshot = await splash.get();
    // The message is in the request's language, so the ETag names the language too.
    const etag = `${snapshot.etag.slice(0, -1)}-${request.language}"`;
    res.header('ETag', etag).header('Cache-Control', 'no-cache').header('Vary', 'Accept-Language');
    const match = request.headers['if-none-match'];
    if (match && match.split(',').some((tag) => tag.trim() === etag)) {
      return res.code(304).send();
    }
    const text = JSON.stringify(message(request.language, 'ok'));
    return res
      .code(200)
      .type('application/json; charset=utf-8')
      .send(`{"response":{"code":200,"message":${text},"data":${snapshot.json}}}`);
  });
}
