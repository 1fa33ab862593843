import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

const FORWARDED = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'forwarded'] as const;

/**
 * With TRUST_PROXY off, a forwarded header is ignored: behind a proxy every client then counts as the
 * proxy's address (one rate limit for all) and HTTPS is not seen (no Secure cookie). The operator is
 * told once, at the first such request, not on every one; the header itself is not logged.
 */
export function warnOfUntrustedForwarding(app: FastifyInstance, config: Pick<Config, 'TRUST_PROXY'>): void {
  if (config.TRUST_PROXY.length > 0) return;
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned) return;
    const header = FORWARDED.find((name) => request.headers[name] !== undefined);
    if (header === undefined) return;
    warned = true;
    app.log.warn(
      { header },
      `a request came with ${header} but TRUST_PROXY is off: the header is ignored (clients are counted by the ` +
        "proxy's address). Behind a reverse proxy set TRUST_PROXY to its addresses; logged once",
    );
  });
}
