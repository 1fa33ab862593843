import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { emptyBody } from '../http/body-schemas';
import { ok } from '../http/envelope';
import type { DraftLimits } from '../http/draft-limits';
import { SIGN_IN_LIMIT } from '../http/rate-limits';
import { clearSessionCookie, sessionToken, setSessionCookie } from '../sessions/session-cookie';
import type { SessionStore } from '../sessions/session-store';
import type { SignInService } from '../sessions/sign-in-service';
import { referenceNumberProperty } from '../../shared/api/reference-number';

/** The right code of a sign-in challenge (answered by verify_code): the session cookie and the user. */
export async function completeSignIn(
  request: FastifyRequest,
  res: FastifyReply,
  signIn: SignInService,
  sessions: SessionStore,
  reference: string,
): Promise<FastifyReply> {
  await sessions.end(sessionToken(request)); // a sign-in (or a switch) replaces the session it had
  const { token, user, session } = await signIn.finish(reference, request.language);
  setSessionCookie(request, res, token, sessions.limits.maxMs);
  return ok(request, res, { user, session }, 'signed_in');
}

export function signInRoutes(
  app: FastifyInstance,
  signIn: SignInService,
  sessions: SessionStore,
  limits: DraftLimits,
): void {
  app.post<{ Body: { reference_number: string; altcha: string } }>(
    '/api/application/get_application',
    {
      config: { rateLimit: SIGN_IN_LIMIT },
      preHandler: async (request) => limits.byReference(request, request.body.reference_number),
      schema: {
        summary:
          "View (sign-in): reference number and the ALTCHA widget's payload (a solved challenge of /api/captcha/new, single use); a one-time code goes by SMS to the phone on file",
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['reference_number', 'altcha'],
          properties: {
            reference_number: referenceNumberProperty,
            // Base64 of the widget's JSON: ~700 characters; room for more, never unbounded.
            altcha: { type: 'string', minLength: 1, maxLength: 4096 },
          },
        },
      },
    },
    async (request, res) => ok(request, res, await signIn.start(request.body, request.language), 'code_sent_applicant'),
  );

  app.post(
    '/api/application/logout',
    { schema: { summary: 'Ends the session (always answers 200)', body: emptyBody } },
    async (request, res) => {
      await sessions.end(sessionToken(request));
      clearSessionCookie(request, res);
      return ok(request, res, {}, 'signed_out');
    },
  );
}
