import type { Language } from '../../shared/reference-data';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of this request's messages, from Accept-Language. */
    language: Language;
  }
}
