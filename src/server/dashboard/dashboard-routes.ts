import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getMessages, sendMessage } from '../../shared/api/conversation';
import {
  downloadAttachment,
  getApplications,
  getAttachments,
  getDashboardApplication,
  getNotifications,
  getPermits,
  keepAlive,
  openApplication,
  readNotifications,
  renewPermit,
} from '../../shared/api/dashboard';
import { getInvoices } from '../../shared/api/payments';
import { documentFileName } from '../attachments/document-file-name';
import type { FolderFileStorage } from '../attachments/file-storage';
import { contractRoute } from '../http/contract-route';
import type { DraftLimits } from '../http/draft-limits';
import { refuseHiddenText } from '../http/plain-text';
import { MESSAGE_LIMIT, RENEWAL_LIMIT, SIGN_IN_LIMIT } from '../http/rate-limits';
import { requireSession } from '../sessions/session-cookie';
import type { SessionStore } from '../sessions/session-store';
import type { SignInService } from '../sessions/sign-in-service';
import type { DashboardService } from './dashboard-service';

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
    readRoutes(scope, dashboard);
    actionRoutes(scope, { dashboard, signIn, storage, limits });
  });
}

/** What the dashboard shows: the signed-in application and its documents, invoices, notices, permits, messages. */
function readRoutes(scope: FastifyInstance, dashboard: DashboardService): void {
  contractRoute(
    scope,
    keepAlive,
    { summary: 'Stay signed in: restarts the idle time; when the session ends' },
    async (r, _res, answer) => answer.ok(r.applicant!.times),
  );
  contractRoute(
    scope,
    getDashboardApplication,
    { summary: 'The signed-in application: status, history, answers, engineer' },
    async (r, _res, answer) => answer.ok(await dashboard.application(applicationOf(r))),
  );
  contractRoute(
    scope,
    getApplications,
    { summary: "The applicant's applications (same ID number and phone)" },
    async (r, _res, answer) => answer.ok(await dashboard.applications(applicationOf(r))),
  );
  contractRoute(
    scope,
    getAttachments,
    { summary: 'Uploaded documents with their review status' },
    async (r, _res, answer) => answer.ok(await dashboard.attachments(applicationOf(r))),
  );
  contractRoute(scope, getInvoices, { summary: 'Invoices, newest first' }, async (r, _res, answer) =>
    answer.ok(await dashboard.invoices(applicationOf(r))),
  );
  contractRoute(
    scope,
    getNotifications,
    { summary: 'Notifications, newest first, in the request language' },
    async (r, _res, answer) => answer.ok(await dashboard.notifications(applicationOf(r), r.language)),
  );
  contractRoute(scope, readNotifications, { summary: 'Marks every notification read' }, async (r, _res, answer) =>
    answer.ok(await dashboard.readNotifications(applicationOf(r))),
  );
  contractRoute(scope, getPermits, { summary: 'Permits, newest first' }, async (r, _res, answer) =>
    answer.ok(await dashboard.permits(applicationOf(r))),
  );
  contractRoute(
    scope,
    getMessages,
    { summary: "The messages both ways (the applicant's and the unit's answers), oldest first" },
    async (r, _res, answer) => answer.ok(await dashboard.conversation(applicationOf(r))),
  );
}

/** What the applicant does from the dashboard: open another application, download, renew, write. */
function actionRoutes(
  scope: FastifyInstance,
  { dashboard, signIn, storage, limits }: Omit<Parameters<typeof dashboardRoutes>[1], 'sessions'>,
): void {
  contractRoute(
    scope,
    openApplication,
    {
      config: { rateLimit: SIGN_IN_LIMIT },
      preHandler: async (request) => limits.byReference(request, request.body.reference_number),
      summary: "Opens another of the applicant's applications: a code to its phone, answered by verify_code",
    },
    async (request, _res, answer) =>
      answer.ok(
        await signIn.startOther(applicationOf(request), request.body.reference_number, request.language),
        'code_sent_applicant',
      ),
  );

  contractRoute(
    scope,
    downloadAttachment,
    { summary: "One of the applicant's own documents: the file itself, not an envelope" },
    async (request, _res, answer) => {
      const file = await dashboard.attachmentFile(applicationOf(request), request.body.attachment_id);
      const name = documentFileName(file);
      const bytes = await storage.open(file.id); // a missing file answers 503 (the error handler)
      // Stored only of the types it declares: an upload is checked by its content.
      const type = file.mime_type as (typeof downloadAttachment.download)[number];
      return answer.file({ type, name, bytes, size: file.size });
    },
  );

  contractRoute(
    scope,
    renewPermit,
    { config: { rateLimit: RENEWAL_LIMIT }, summary: "Asks to renew the application's issued permit" },
    async (request, _res, answer) => {
      refuseHiddenText(request.body, ['reason'], request.language);
      return answer.ok(await dashboard.renew(applicationOf(request), request.body), 'renewal_sent');
    },
  );

  contractRoute(
    scope,
    sendMessage,
    { config: { rateLimit: MESSAGE_LIMIT }, summary: 'Sends a message to the development control unit' },
    async (request, _res, answer) => {
      refuseHiddenText(request.body, ['message'], request.language);
      return answer.ok(await dashboard.sendMessage(applicationOf(request), request.body), 'message_sent');
    },
  );
}
