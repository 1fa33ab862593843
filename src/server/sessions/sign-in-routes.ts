import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SignedIn } from '../../shared/api/continue';
import { logout, requestSignInCode } from '../../shared/api/sign-in';
import { contractRoute, type CookieReply } from '../http/contract-route';
import type { DraftLimits } from '../http/draft-limits';
import { SIGN_IN_LIMIT } from '../http/rate-limits';
import { clearSessionCookie, sessionToken, setSessionCookie } from './session-cookie';
import type { SessionStore } from './session-store';
import type { SignInService } from './sign-in-service';

/** The right code of a sign-in challenge (verify_code answers it 'signed_in'): the session cookie set, the user. */
export async function completeSignIn(
  request: FastifyRequest,
  res: CookieReply,
  signIn: SignInService,
  sessions: SessionStore,
  reference: string,
): Promise<SignedIn> {
  await sessions.end(sessionToken(request)); // a sign-in (or a switch) replaces the session it had
  const { token, user, session } = await signIn.finish(reference, request.language);
  setSessionCookie(request, res, token, sessions.limits.maxMs);
  return { user, session };
}

export function signInRoutes(
  app: FastifyInstance,
  signIn: SignInService,
  sessions: SessionStore,
  limits: DraftLimits,
): void {
  contractRoute(
    app,
    requestSignInCode,
    {
      config: { rateLimit: SIGN_IN_LIMIT },
      preHandler: async (request) => limits.byReference(request, request.body.reference_number),
      summary:
        "View (sign-in): reference number and the ALTCHA widget's payload (a solved challenge of /api/captcha/new, single use); a one-time code goes by SMS to the phone on file",
    },
    async (request, _res, answer) =>
      answer.ok(await signIn.start(request.body, request.language), 'code_sent_applicant'),
  );

  contractRoute(app, logout, { summary: 'Ends the session (always answers 200)' }, async (request, res, answer) => {
    await sessions.end(sessionToken(request));
    clearSessionCookie(request, res);
    return answer.ok({}, 'signed_out');
  });
}
