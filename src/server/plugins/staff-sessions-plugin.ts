import type { FastifyInstance } from 'fastify';
import { StaffCookie } from '../staff-accounts/staff-cookie';
import { staffGuard } from '../staff-accounts/staff-guard';
import { staffSessionRoutes } from '../staff-accounts/staff-session-routes';
import { StaffSessionStore } from '../staff-accounts/staff-session-store';
import { StaffSignInService } from '../staff-accounts/staff-sign-in-service';
import type { Parts } from './parts';

/**
 * Staff: people signed in with their accounts (a session of their own), and the integration's token.
 * The guard it hands on lets a staff route name the roles it takes.
 */
export function registerStaffSessions(
  app: FastifyInstance,
  { config, db, dependencies, codes, sms }: Pick<Parts, 'config' | 'db' | 'dependencies' | 'codes' | 'sms'>,
): Pick<Parts, 'requireStaff'> {
  const sessions = new StaffSessionStore(db, dependencies.staffSessionLimits);
  const cookie = new StaffCookie(config);
  const requireStaff = staffGuard({
    sessions,
    cookie,
    token: config.STAFF_API_TOKEN,
    tokenName: config.STAFF_API_TOKEN_NAME,
  });
  staffSessionRoutes(app, {
    signIn: new StaffSignInService(db, codes, sms, sessions),
    sessions,
    cookie,
    requireStaff,
  });
  return { requireStaff };
}
