import type { Language } from '../../shared/reference-data';
import type { ActiveSession } from '../sessions/session-store';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of this request's messages, from Accept-Language. */
    language: Language;
    /** The signed-in applicant's session, on /api/dashboard/* (set by the session guard). */
    applicant?: ActiveSession;
  }
}
