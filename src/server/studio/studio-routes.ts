import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerOf, ApiCall, RequestOf } from '../../shared/api/call';
import type { StaffRole } from '../../shared/api/staff-session';
import {
  discardDraft,
  exportTexts,
  getAudit,
  getDiff,
  getDraft,
  getHistory,
  importTexts,
  publishDraft,
  rollbackVersion,
  saveDocument,
  saveFees,
  saveFlows,
  saveQuestion,
  saveStep,
  STUDIO_AUDIT_ROLES,
  STUDIO_EDITOR_ROLES,
  STUDIO_PUBLISHER_ROLES,
  TEXTS_CSV_MAX_BYTES,
  type WithFormsSet,
} from '../../shared/api/studio';
import { contractRoute } from '../http/contract-route';
import { ApiError } from '../http/envelope';
import type { StaffActor } from '../staff-accounts/staff-actor';
import type { RequireStaff } from '../staff-accounts/staff-guard';
import { auditPage } from './studio-audit';
import type { DraftChecks } from './draft-checks';
import type { StudioDiff } from './studio-impact';
import type { StudioPublisher } from './studio-publish';
import type { StudioRepository } from './studio-repository';
import type { StudioService } from './studio-service';
import type { StudioTexts } from './studio-texts';

export interface StudioParts {
  repository: StudioRepository;
  service: StudioService;
  publisher: StudioPublisher;
  diff: StudioDiff;
  texts: StudioTexts;
  checks: DraftChecks;
}

/** A studio call's answer: AnswerOf<C>, its draft's set read as a FormsSet (WithFormsSet) when it has one. */
type StudioAnswer<C extends ApiCall> =
  AnswerOf<C> extends infer A ? (A extends { draft: { set: unknown } } ? WithFormsSet<A> : A) : never;

/** What a studio call does: with the body of its type, it answers its answer's type. */
export type StudioRun<C extends ApiCall> = (
  actor: StaffActor,
  body: RequestOf<C>,
  request: FastifyRequest,
) => Promise<StudioAnswer<C>>;

interface StudioRoute {
  summary: string;
  roles: readonly StaffRole[];
  /** Bytes of its JSON body (the default is the app's, 16 KiB). */
  bodyLimit?: number;
  messageKey?: string;
}

const editor = STUDIO_EDITOR_ROLES;

const noStore = async (_request: FastifyRequest, res: FastifyReply) => {
  res.header('Cache-Control', 'no-store');
};

/**
 * The form studio's API (src/shared/api/studio.ts): POST /api/staff/studio/<call>, by staff signed in
 * with a role the call names (people only: the integration's token is refused). The guard runs on
 * request, before the body is read; every answer, refusals included, is no-store.
 */
export function studioRoutes(app: FastifyInstance, parts: StudioParts, requireStaff: RequireStaff): void {
  app.addHook('onClose', () => parts.checks.close());
  const route = studioRouter(app, requireStaff);
  draftRoutes(route, parts);
  versionRoutes(route, parts);
}

/**
 * A studio call and what it does with the body of its type, answering its answer's type (RequestOf,
 * AnswerOf: the compiler resolves them here, per call; tests/lint/contract-handlers.test.ts plants a
 * wrong answer).
 */
type StudioRouter = <C extends ApiCall>(call: C, spec: StudioRoute, run: NoInfer<StudioRun<C>>) => void;

function studioRouter(app: FastifyInstance, requireStaff: RequireStaff): StudioRouter {
  const register = (
    call: ApiCall,
    { summary, roles, bodyLimit, messageKey }: StudioRoute,
    run: (actor: StaffActor, body: never, request: FastifyRequest) => Promise<never>,
  ) =>
    contractRoute(
      app,
      call,
      {
        summary,
        onRequest: [noStore, requireStaff(roles)],
        ...(bodyLimit === undefined ? {} : { bodyLimit }),
      },
      async (request, _res, answer) => {
        const actor = request.staff;
        if (actor?.kind !== 'staff') throw new ApiError(401, 'staff_not_signed_in');
        // The body was validated against the call's schema (contractRoute): it is RequestOf<C> of route's call.
        // What `route` took (run: its call's AnswerOf<C>) is the answer of this call.
        const data = await run(actor, (request.body ?? {}) as never, request);
        return answer.ok(data, messageKey);
      },
    );
  return (call, spec, run) =>
    register(call, spec, run as (actor: StaffActor, body: never, request: FastifyRequest) => Promise<never>);
}

/** The shared draft of the next forms version: read it, change its questions, steps, flows, documents and fees. */
function draftRoutes(route: StudioRouter, parts: StudioParts): void {
  route(
    getDraft,
    {
      summary: 'Studio: the shared draft of the next forms version (started from the live version), and its problems',
      roles: editor,
    },
    () => parts.service.getDraft(),
  );
  route(
    saveQuestion,
    {
      summary: 'Studio: add, change or remove one question (409 studio_conflict on a newer change of it)',
      roles: editor,
      bodyLimit: 128 * 1024,
      messageKey: 'saved',
    },
    (actor, body, request) => parts.service.saveQuestion(actor, body, request.language),
  );
  route(
    saveStep,
    {
      summary: 'Studio: a step’s title and description, or (advanced) its JSON Schema and UI schema',
      roles: editor,
      bodyLimit: 256 * 1024,
      messageKey: 'saved',
    },
    (actor, body, request) => parts.service.saveStep(actor, body, request.language),
  );
  route(
    saveFlows,
    { summary: 'Studio: the steps each application type asks, in order', roles: editor, messageKey: 'saved' },
    (actor, body) => parts.service.saveFlows(actor, body),
  );
  route(
    saveDocument,
    {
      summary: 'Studio: add, change or remove one document',
      roles: editor,
      bodyLimit: 64 * 1024,
      messageKey: 'saved',
    },
    (actor, body, request) => parts.service.saveDocument(actor, body, request.language),
  );
  route(
    saveFees,
    {
      summary: 'Studio: the fee schedule of each application type (409 studio_conflict on a newer change of it)',
      roles: editor,
      bodyLimit: 64 * 1024,
      messageKey: 'saved',
    },
    (actor, body, request) => parts.service.saveFees(actor, body, request.language),
  );
  route(
    discardDraft,
    { summary: 'Studio: the draft becomes the live version again', roles: editor, messageKey: 'studio.discarded' },
    (actor) => parts.service.discard(actor),
  );
  route(
    getDiff,
    {
      summary: 'Studio: the draft’s changes against the live version, and the drafts in flight they touch',
      roles: editor,
    },
    () => parts.diff.diff(),
  );
}

/** The versions: publish and roll back, their history, the texts for translators, and the audit. */
function versionRoutes(route: StudioRouter, parts: StudioParts): void {
  route(
    publishDraft,
    {
      summary: 'Studio: publish the draft as previewed (its revision) after every check; publisher roles',
      roles: STUDIO_PUBLISHER_ROLES,
      messageKey: 'studio.published',
    },
    (actor, body) => parts.publisher.publish(actor, body),
  );
  route(
    rollbackVersion,
    {
      summary: 'Studio: publish an earlier version’s content again, as a new version; publisher roles',
      roles: STUDIO_PUBLISHER_ROLES,
      messageKey: 'studio.published',
    },
    (actor, body) => parts.publisher.rollback(actor, body),
  );
  route(
    getHistory,
    {
      summary: 'Studio: the published versions, newest first, with who, when, why and what changed',
      roles: editor,
    },
    (_actor, body) => parts.publisher.history(body.before),
  );
  route(
    exportTexts,
    { summary: 'Studio: the draft’s texts as CSV (key, en, sw, en_at_export) for a translator', roles: editor },
    (actor) => parts.texts.exportTexts(actor),
  );
  route(
    importTexts,
    {
      summary: 'Studio: a translator’s CSV back into the draft; missing, changed-in-English and unknown keys told',
      roles: editor,
      // The file in JSON: a character may take 6 bytes escaped, but the texts are mostly plain letters.
      bodyLimit: 2 * TEXTS_CSV_MAX_BYTES + 4096,
      messageKey: 'studio.imported',
    },
    (actor, body) => parts.texts.importTexts(actor, body.base, body.csv),
  );
  route(
    getAudit,
    { summary: 'Studio: every studio action, who and when, newest first; admins', roles: STUDIO_AUDIT_ROLES },
    (_actor, body) => auditPage(parts.repository, body.before),
  );
}
