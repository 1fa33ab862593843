import type { FastifyInstance } from 'fastify';
import { getSplash } from '../../shared/api/splash';
import { contractRoute } from '../http/contract-route';
import type { FormsService } from '../forms/forms-service';
import type { SplashService } from './splash-service';

export function splashRoutes(app: FastifyInstance, splash: SplashService, forms: FormsService): void {
  contractRoute(
    app,
    getSplash,
    { summary: "The twelve reference lists of the spec and the site's contact settings; ETag/If-None-Match" },
    async (_request, _res, answer) => {
      // The document lists are derived from the document rules of the forms being served.
      const served = await forms.get();
      const lists = await splash.answer({ key: served.etag, rules: served.forms.documents });
      return answer.cached(lists.json, lists.etag);
    },
  );
}
