import type { FastifyInstance } from 'fastify';
import { continueRoutes } from '../applications/continue-routes';
import { ContinueService } from '../applications/continue-service';
import { completeSignIn, signInRoutes } from '../sessions/sign-in-routes';
import { SessionStore } from '../sessions/session-store';
import { SignInService } from '../sessions/sign-in-service';
import type { Parts } from './parts';

/**
 * The applicant's sessions: signing in (a code by SMS, after the captcha), and continuing a draft by
 * its reference number, which signs in when the code was the sign-in's.
 */
export function registerSignIn(
  app: FastifyInstance,
  parts: Pick<
    Parts,
    | 'db'
    | 'dependencies'
    | 'codes'
    | 'sms'
    | 'captcha'
    | 'forms'
    | 'applications'
    | 'owners'
    | 'draftCookies'
    | 'limits'
  >,
): Pick<Parts, 'sessions' | 'signIn'> {
  const { db, codes, sms, applications, limits } = parts;
  const sessions = new SessionStore(db, parts.dependencies.sessionLimits);
  const signIn = new SignInService(db, codes, sms, parts.captcha, sessions, parts.forms);
  continueRoutes(
    app,
    new ContinueService(db, codes, sms, applications),
    codes,
    applications,
    { owners: parts.owners, cookies: parts.draftCookies, limits },
    {
      purpose: SignInService.PURPOSE,
      complete: (request, res, reference) => completeSignIn(request, res, signIn, sessions, reference),
    },
  );
  signInRoutes(app, signIn, sessions, limits);
  return { sessions, signIn };
}
