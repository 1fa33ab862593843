import { randomUUID } from 'node:crypto';
import { destination } from 'pino';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Config } from '../config';
import { DEFAULT_BODY_LIMIT } from '../http/body-schemas';
import { answerFrameworkError } from '../http/error-handler';

function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  if (config.LOG_LEVEL === 'silent') return false;
  return {
    level: config.LOG_LEVEL,
    // Written without blocking: the lines that come while a write is under way go in the next one,
    // instead of one write to stdout per request (a tenth of a small request's time under load).
    // Flushed as the process exits; only a kill -9 loses the last few lines.
    stream: destination({ dest: 1, sync: false }),
    // Only what helps an operator and names no person: no query strings, bodies, addresses or cookies.
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url.split('?')[0] }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}

/** One log line per request, once it is answered, with its method and path (Fastify writes two). */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, res: FastifyReply): void {
    const line = { req: request, res, responseTime: res.elapsedTime };
    if (error) res.log.error({ ...line, err: error }, 'request errored');
    else res.log.info(line, 'request completed');
  }
}

/** The Fastify instance with the server's options: its logger, request ids, proxies, timeouts and body limit. */
export function createFastify(config: Config): FastifyInstance {
  return Fastify({
    logger: loggerOptions(config),
    logController: new OneLinePerRequest(),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Only the proxies named: the client is the last address of X-Forwarded-For that none of them
    // added, whatever the client itself wrote before it.
    trustProxy: config.TRUST_PROXY.length > 0 ? config.TRUST_PROXY.join(',') : false,
    requestTimeout: 30_000,
    // Every JSON body is small; the calls that carry a form's answers say how much more they take, and
    // uploads have their own limits (multipart).
    bodyLimit: DEFAULT_BODY_LIMIT,
    return503OnClosing: false,
    frameworkErrors: answerFrameworkError,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: true, allErrors: true } },
  });
}
