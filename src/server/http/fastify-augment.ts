import type { Language } from '../../shared/reference-data';
import type { ActiveSession } from '../sessions/session-store';
import type { StaffActor } from '../staff-accounts/staff-actor';
import type { ActiveStaffSession } from '../staff-accounts/staff-session-store';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of this request's messages, from Accept-Language. */
    language: Language;
    /** The signed-in applicant's session, on /api/dashboard/* (set by the session guard). */
    applicant?: ActiveSession;
    /** Who makes this staff call (set by the staff guard): a staff member, or the integration's token. */
    staff?: StaffActor;
    /** The staff session of the call, when it came with one (not with the token). */
    staffSession?: ActiveStaffSession;
  }
}
