import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StaffRole } from '../../shared/api/staff-session';
import {
  auditBody,
  historyBody,
  importTextsBody,
  publishBody,
  rollbackBody,
  saveDocumentBody,
  saveFeesBody,
  saveFlowsBody,
  saveQuestionBody,
  saveStepBody,
  STUDIO_API,
  STUDIO_AUDIT_ROLES,
  STUDIO_EDITOR_ROLES,
  STUDIO_PUBLISHER_ROLES,
  TEXTS_CSV_MAX_BYTES,
  type ImportTextsRequest,
  type PublishRequest,
  type RollbackRequest,
  type SaveDocumentRequest,
  type SaveFeesRequest,
  type SaveFlowsRequest,
  type SaveQuestionRequest,
  type SaveStepRequest,
} from '../../shared/api/studio';
import { emptyBody } from '../http/body-schemas';
import { ApiError, ok } from '../http/envelope';
import type { StaffActor } from '../staff-accounts/staff-actor';
import type { RequireStaff } from '../staff-accounts/staff-guard';
import { auditPage } from './studio-audit';
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
}

type Call = (parts: StudioParts, actor: StaffActor, body: never, request: FastifyRequest) => Promise<unknown>;

interface StudioCall {
  summary: string;
  roles: readonly StaffRole[];
  body: object;
  /** Bytes of its JSON body (the default is the app's, 16 KiB). */
  bodyLimit?: number;
  messageKey?: string;
  run: Call;
}

const editor = STUDIO_EDITOR_ROLES;

/** The calls of src/shared/api/studio.ts, by name, with who may make them. */
const CALLS: Record<string, StudioCall> = {
  get_draft: {
    summary: 'Studio: the shared draft of the next forms version (started from the live version), and its problems',
    roles: editor,
    body: emptyBody,
    run: (p) => p.service.getDraft(),
  },
  save_question: {
    summary: 'Studio: add, change or remove one question (409 studio_conflict on a newer change of it)',
    roles: editor,
    body: saveQuestionBody,
    bodyLimit: 128 * 1024,
    messageKey: 'saved',
    run: (p, actor, body: SaveQuestionRequest, request) => p.service.saveQuestion(actor, body, request.language),
  },
  save_step: {
    summary: 'Studio: a step’s title and description, or (advanced) its JSON Schema and UI schema',
    roles: editor,
    body: saveStepBody,
    bodyLimit: 256 * 1024,
    messageKey: 'saved',
    run: (p, actor, body: SaveStepRequest) => p.service.saveStep(actor, body),
  },
  save_flows: {
    summary: 'Studio: the steps each application type asks, in order',
    roles: editor,
    body: saveFlowsBody,
    messageKey: 'saved',
    run: (p, actor, body: SaveFlowsRequest) => p.service.saveFlows(actor, body),
  },
  save_document: {
    summary: 'Studio: add, change or remove one document',
    roles: editor,
    body: saveDocumentBody,
    bodyLimit: 64 * 1024,
    messageKey: 'saved',
    run: (p, actor, body: SaveDocumentRequest) => p.service.saveDocument(actor, body),
  },
  save_fees: {
    summary: 'Studio: the fee schedule of each application type (409 studio_conflict on a newer change of it)',
    roles: editor,
    body: saveFeesBody,
    bodyLimit: 64 * 1024,
    messageKey: 'saved',
    run: (p, actor, body: SaveFeesRequest) => p.service.saveFees(actor, body),
  },
  discard_draft: {
    summary: 'Studio: the draft becomes the live version again',
    roles: editor,
    body: emptyBody,
    messageKey: 'studio.discarded',
    run: (p, actor) => p.service.discard(actor),
  },
  diff: {
    summary: 'Studio: the draft’s changes against the live version, and the drafts in flight they touch',
    roles: editor,
    body: emptyBody,
    run: (p) => p.diff.diff(),
  },
  publish: {
    summary: 'Studio: publish the draft as previewed (its revision) after every check; publisher roles',
    roles: STUDIO_PUBLISHER_ROLES,
    body: publishBody,
    messageKey: 'studio.published',
    run: (p, actor, body: PublishRequest) => p.publisher.publish(actor, body),
  },
  rollback: {
    summary: 'Studio: publish an earlier version’s content again, as a new version; publisher roles',
    roles: STUDIO_PUBLISHER_ROLES,
    body: rollbackBody,
    messageKey: 'studio.published',
    run: (p, actor, body: RollbackRequest) => p.publisher.rollback(actor, body),
  },
  history: {
    summary: 'Studio: the published versions, newest first, with who, when, why and what changed',
    roles: editor,
    body: historyBody,
    run: (p, _actor, body: { before?: number }) => p.publisher.history(body.before),
  },
  export_texts: {
    summary: 'Studio: the draft’s texts as CSV (key, en, sw, en_at_export) for a translator',
    roles: editor,
    body: emptyBody,
    run: (p, actor) => p.texts.exportTexts(actor),
  },
  import_texts: {
    summary: 'Studio: a translator’s CSV back into the draft; missing, changed-in-English and unknown keys told',
    roles: editor,
    body: importTextsBody,
    // The file in JSON: a character may take 6 bytes escaped, but the texts are mostly plain letters.
    bodyLimit: 2 * TEXTS_CSV_MAX_BYTES + 4096,
    messageKey: 'studio.imported',
    run: (p, actor, body: ImportTextsRequest) => p.texts.importTexts(actor, body.base, body.csv),
  },
  audit: {
    summary: 'Studio: every studio action, who and when, newest first; admins',
    roles: STUDIO_AUDIT_ROLES,
    body: auditBody,
    run: (p, _actor, body: { before?: number }) => auditPage(p.repository, body.before),
  },
};

const noStore = async (_request: FastifyRequest, res: FastifyReply) => {
  res.header('Cache-Control', 'no-store');
};

/**
 * The form studio's API: POST /api/staff/studio/<call>, by staff signed in with a role the call names
 * (people only: the integration's token is refused). The guard runs on request, before the body is
 * read; every answer, refusals included, is no-store.
 */
export function studioRoutes(app: FastifyInstance, parts: StudioParts, requireStaff: RequireStaff): void {
  for (const [name, call] of Object.entries(CALLS)) {
    app.post(
      `${STUDIO_API}/${name}`,
      {
        schema: { summary: call.summary, body: call.body },
        onRequest: [noStore, requireStaff(call.roles)],
        ...(call.bodyLimit === undefined ? {} : { bodyLimit: call.bodyLimit }),
      },
      async (request, res) => {
        const actor = request.staff;
        if (actor?.kind !== 'staff') throw new ApiError(401, 'staff_not_signed_in');
        const data = await call.run(parts, actor, (request.body ?? {}) as never, request);
        return ok(request, res, data, call.messageKey);
      },
    );
  }
}
