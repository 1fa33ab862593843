import { referenceNumberBody, type ReferenceNumberBody } from '../../shared/api/reference-number';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DashboardService } from '../dashboard/dashboard-service';
import type { FolderFileStorage } from '../attachments/file-storage';
import { emptyBody } from '../http/body-schemas';
import { ok } from '../http/envelope';
import type { DraftLimits } from '../http/draft-limits';
import { refuseHiddenText } from '../http/plain-text';
import { MESSAGE_LIMIT, RENEWAL_LIMIT, SIGN_IN_LIMIT } from '../http/rate-limits';
import { requireSession } from '../sessions/session-cookie';
import type { SessionStore } from '../sessions/session-store';
import type { SignInService } from '../sessions/sign-in-service';

const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength, pattern: '\\S' }) as const;
const EXTENSIONS: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };

/** The session's application id (the guard has run). */
const applicationOf = (request: FastifyRequest): number => request.applicant!.applicationId;

/** /api/dashboard/*: every call needs the session cookie and sees only the signed-in application. */
export function dashboardRoutes(
  app: FastifyInstance,
  services: {
    dashboard: DashboardService;
    sessions: SessionStore;
    signIn: SignInService;
    storage: FolderFileStorage;
    limits: DraftLimits;
  },
): void {
  const { dashboard, sessions, signIn, storage, limits } = services;
  void app.register(async (scope) => {
    // onRequest: the session is checked before the body is read, so a caller without one learns nothing else.
    scope.addHook('onRequest', requireSession(sessions));

    const list = (path: string, summary: string, answer: (request: FastifyRequest) => Promise<unknown>) =>
      scope.post(`/api/dashboard/${path}`, { schema: { summary, body: emptyBody } }, async (request, res) =>
        ok(request, res, await answer(request)),
      );

    list(
      'keep_alive',
      'Stay signed in: restarts the idle time; when the session ends',
      async (r) => r.applicant!.times,
    );
    list('get_application', 'The signed-in application: status, history, answers, engineer', (r) =>
      dashboard.application(applicationOf(r)),
    );
    list('get_applications', "The applicant's applications (same ID number and phone)", (r) =>
      dashboard.applications(applicationOf(r)),
    );
    list('get_attachments', 'Uploaded documents with their review status', (r) =>
      dashboard.attachments(applicationOf(r)),
    );
    list('get_invoices', 'Invoices, newest first', (r) => dashboard.invoices(applicationOf(r)));
    list('get_notifications', 'Notifications, newest first, in the request language', (r) =>
      dashboard.notifications(applicationOf(r), r.language),
    );
    list('read_notifications', 'Marks every notification read', (r) => dashboard.readNotifications(applicationOf(r)));
    list('get_permits', 'Permits, newest first', (r) => dashboard.permits(applicationOf(r)));
    list('get_messages', "The messages both ways (the applicant's and the unit's answers), oldest first", (r) =>
      dashboard.conversation(applicationOf(r)),
    );

    scope.post<{ Body: ReferenceNumberBody }>(
      '/api/dashboard/open_application',
      {
        config: { rateLimit: SIGN_IN_LIMIT },
        preHandler: async (request) => limits.byReference(request, request.body.reference_number),
        schema: {
          summary: "Opens another of the applicant's applications: a code to its phone, answered by verify_code",
          body: referenceNumberBody,
        },
      },
      async (request, res) =>
        ok(
          request,
          res,
          await signIn.startOther(applicationOf(request), request.body.reference_number, request.language),
          'code_sent_applicant',
        ),
    );

    scope.post<{ Body: { attachment_id: string } }>(
      '/api/dashboard/download_attachment',
      {
        schema: {
          summary: "One of the applicant's own documents: the file itself, not an envelope",
          body: {
            type: 'object',
            additionalProperties: false,
            required: ['attachment_id'],
            properties: { attachment_id: { type: 'string', minLength: 1, maxLength: 64 } },
          },
        },
      },
      async (request, res) => {
        const file = await dashboard.attachmentFile(applicationOf(request), request.body.attachment_id);
        const name = `${file.document_type}.${EXTENSIONS[file.mime_type] ?? 'bin'}`;
        const bytes = await storage.open(file.id); // a missing file answers 503 (the error handler)
        return res
          .header('Content-Type', file.mime_type)
          .header('Content-Length', String(file.size))
          .header('Content-Disposition', `attachment; filename="${name}"`)
          .header('Cache-Control', 'no-store')
          .send(bytes);
      },
    );

    scope.post<{ Body: { permit_number: string; type_of_work: string; reason: string } }>(
      '/api/dashboard/renew_permit',
      {
        config: { rateLimit: RENEWAL_LIMIT },
        schema: {
          summary: "Asks to renew the application's issued permit",
          body: {
            type: 'object',
            additionalProperties: false,
            required: ['permit_number', 'type_of_work', 'reason'],
            properties: { permit_number: text(40), type_of_work: text(200), reason: text(2000) },
          },
        },
      },
      async (request, res) => {
        refuseHiddenText(request.body, ['reason'], request.language);
        return ok(request, res, await dashboard.renew(applicationOf(request), request.body), 'renewal_sent');
      },
    );

    scope.post<{ Body: { subject?: string; message: string } }>(
      '/api/dashboard/send_message',
      {
        config: { rateLimit: MESSAGE_LIMIT },
        schema: {
          summary: 'Sends a message to the development control unit',
          body: {
            type: 'object',
            additionalProperties: false,
            required: ['message'],
            properties: { subject: { type: 'string', maxLength: 200 }, message: text(4000) },
          },
        },
      },
      async (request, res) => {
        refuseHiddenText(request.body, ['message'], request.language);
        return ok(request, res, await dashboard.sendMessage(applicationOf(request), request.body), 'message_sent');
      },
    );
  });
}
