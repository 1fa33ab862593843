import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Kysely, Transaction } from 'kysely';
import { shownFileName } from '../../shared/api/open-draft';
import { scaleSchemaOf } from '../../shared/drawing-scales';
import { documentsFor, rulesByCode } from '../../shared/document-rules';
import type { DocumentRule } from '../../shared/forms';
import { moduleAnswers, stepWithModule } from '../../shared/step-modules';
import type { Language } from '../../shared/reference-data';
import { uploadAfterSubmit, type UploadAfterSubmit } from '../../shared/uploads-after-submit';
import { asks, refuseAfterSubmit } from './after-submit';
import type { ApplicationType } from '../../shared/wizard-driver';
import type { Database } from '../db/schema';
import type { DraftOwners } from '../drafts/draft-owners';
import type { FormsService } from '../forms/forms-service';
import { ApiError } from '../http/envelope';
import { message } from '../i18n/messages';
import { FileTooLargeError, FileTypeRefusedError, type FolderFileStorage, type StoredFile } from './file-storage';
import { imageProblem, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from './image-checks';
import { pdfHasActiveContent } from './pdf-active-content';
import { refuseOverApplication, refuseOverDay, UPLOAD_LIMITS, utcDay, type UploadLimits } from './upload-limits';
import { makeRoom } from './upload-room';
import { addToTally, tallyOf } from './upload-tally-repository';
import { notDraftAnymore, refuseWithdrawn } from '../applications/withdrawn-guard';
import { addApplicantAction, statusOf } from '../applications/application-access';
import { lockApplicationById } from '../applications/status-move';
import { ChangeAnswersService } from '../changes/change-answers-service';
import { deadlinePassed } from '../changes/change-deadline-rule';
import { openRound } from '../changes/changes-access';
import { currentFilesOf, insertAttachment, markReplaced, storedBytesOf } from './attachments-repository';

export interface UploadTarget {
  applicationId: number;
  /** Its rule in the forms being served (schemas/documents.json): types, size, whether it takes a scale. */
  document: DocumentRule;
  /** 'draft': the wizard's upload by reference number; 'dashboard': the signed-in applicant's. */
  mode: 'draft' | 'dashboard';
  /** Who sends it, for the daily quota: a SHA-256 of the client's address (upload-client.ts). */
  client: string;
}

/** Documents uploaded to a draft: checked by content and size, stored under a random id, recorded. */
export class AttachmentsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly storage: FolderFileStorage,
    private readonly maxBytes: number,
    /** The forms being served: their document rules say which documents may be uploaded, and how. */
    private readonly forms: Pick<FormsService, 'get' | 'ajv'>,
    /** Who owns which draft: an upload to a draft needs its owner's proof. */
    private readonly owners: DraftOwners,
    /** How much a draft, an application and a client may store (upload-limits.ts); tests scale them down. */
    private readonly limits: UploadLimits = UPLOAD_LIMITS,
  ) {}

  /**
   * Refuses before reading the file when the draft or the document type is wrong: without the proof of
   * the draft's owner (`proof`, the secret of its draft cookie), 404 as for an unknown number; a document
   * the draft is not asked for (another application type's, or another number of storeys'), 422.
   */
  async checkTarget(
    referenceInput: string,
    documentType: string,
    proof: string | undefined,
    client: string,
    language: Language,
  ): Promise<UploadTarget> {
    const application = await this.owners.ownedDraft(referenceInput, proof);
    const rules = (await this.forms.get()).forms.documents;
    const document = rulesByCode(rules).get(documentType);
    if (!document)
      throw new ApiError(422, 'unknown_document', { errors: [{ path: '/document_type', message: documentType }] });
    const asked = documentsFor(application.application_type as ApplicationType, application.answers, rules);
    if (!asked.some((rule) => rule.id === document.id)) {
      const key = 'document_not_for_application';
      throw new ApiError(422, key, { errors: [{ path: '/document_type', message: message(language, key) }] });
    }
    const target = { applicationId: application.id, document, mode: 'draft' as const, client };
    await this.checkQuotas(target);
    return target;
  }

  /**
   * The signed-in applicant's upload from the dashboard, once submitted: only a document staff rejected,
   * or one the open round of changes asks for (409 otherwise).
   */
  async checkSessionTarget(applicationId: number, documentType: string, client: string): Promise<UploadTarget> {
    const status = (await statusOf(this.db, applicationId)) ?? '';
    refuseWithdrawn(status); // before a byte of the file is stored
    const document = await this.document(documentType);
    if (!document)
      throw new ApiError(422, 'unknown_document', { errors: [{ path: '/document_type', message: documentType }] });
    const round = status === 'returned' ? await openRound(this.db, applicationId) : undefined;
    refuseAfterSubmit(
      uploadAfterSubmit({
        status,
        fileStatuses: (await currentFilesOf(this.db, applicationId, documentType)).map((file) => file.status),
        askedByRound: asks(round?.requests, documentType),
        deadlinePassed: round !== undefined && deadlinePassed(round.due_date),
      }),
      round,
    );
    const target = { applicationId, document, mode: 'dashboard' as const, client };
    await this.checkQuotas(target);
    return target;
  }

  /**
   * Refuses before the file is read when the client has no room left today (checked again once stored).
   * The draft's or application's quota is checked only once the file is recorded, after the files it
   * makes room by are gone: a draft at its quota may still replace a document (issue 31).
   */
  private async checkQuotas(target: UploadTarget): Promise<void> {
    refuseOverDay(this.limits.clientBytesPerDay, await tallyOf(this.db, target.client, utcDay(new Date())), 'full');
  }

  /** `fileName`: the name the file was sent with (checked by checkFileName), kept only to show it, fit to show. */
  async upload(target: UploadTarget, file: Readable, scale: string | null = null, fileName?: string) {
    const shownName = fileName === undefined ? null : shownFileName(fileName);
    const stored = await this.store(target, file);
    const activeContent = await this.checkContent(stored, target).catch(async (error: unknown) => {
      await this.storage.remove(stored.id); // no file that is refused
      throw error;
    });
    let dropped: string[] = [];
    // Read before the transaction (on PGlite a query inside it would wait for its connection).
    const steps = (await this.forms.get()).forms.steps;
    try {
      // Recorded under the application's lock, and only while it is still a draft (or, from the
      // dashboard, while the upload is still allowed): an upload that races a submit or a review
      // cannot land where it no longer may.
      await this.db.transaction().execute(async (trx) => {
        const application = await lockApplicationById(trx, target.applicationId);
        const status = application?.status ?? '';
        if (target.mode === 'draft' && status !== 'draft') throw notDraftAnymore(status);
        refuseWithdrawn(status); // the dashboard's uploads too
        const uploads = moduleAnswers(application?.answers ?? {}, steps, 'documents');
        const afterSubmit = target.mode === 'dashboard';
        const { superseded, way } = afterSubmit
          ? await this.supersede(trx, target, status)
          : { superseded: [], way: undefined };
        dropped = await makeRoom(trx, {
          applicationId: target.applicationId,
          documentType: target.document.id,
          keep: afterSubmit ? this.limits.applicationFilesPerDocument : this.limits.draftFilesPerDocument,
          afterSubmit,
          named: (uploads.documents as Record<string, unknown> | undefined)?.[target.document.id],
        });
        await insertAttachment(trx, {
          id: stored.id,
          application_id: target.applicationId,
          document_type: target.document.id,
          mime_type: stored.mimeType,
          size: stored.size,
          sha256: stored.sha256,
          remark: null,
          scale,
          file_name: shownName,
          active_content: activeContent,
        });
        // The files it replaced and made room by gone: what the draft or application now keeps.
        const most = afterSubmit ? this.limits.applicationBytes : this.limits.draftBytes;
        refuseOverApplication(most, await storedBytesOf(trx, target.applicationId));
        const today = await addToTally(trx, target.client, utcDay(new Date()), stored.size);
        refuseOverDay(this.limits.clientBytesPerDay, today, 'over');
        if (way === 'asked')
          await ChangeAnswersService.recordUpload(trx, {
            applicationId: target.applicationId,
            documentType: target.document.id,
            attachmentId: stored.id,
            replaced: superseded,
            scale,
            steps,
          });
        // Every upload after Submit is a line of the history staff read: what came, and what it replaced.
        if (way !== undefined)
          await addApplicantAction(trx, target.applicationId, {
            status,
            action: 'upload_document',
            details: {
              attachment_id: stored.id,
              document_type: target.document.id,
              replaced: superseded,
              asked_by_round: way === 'asked',
              active_content: activeContent,
            },
          });
      });
    } catch (error) {
      await this.storage.remove(stored.id); // no file without its record
      throw error;
    }
    // Their records are gone and nothing named them: nothing can serve or submit these files any more.
    // A file that cannot be removed now is only an orphan on disk, not a reason to fail the upload.
    for (const id of dropped) await this.storage.remove(id).catch(() => {});
    return {
      attachment_id: stored.id,
      document_name: target.document.name,
      size: stored.size,
      scale,
      file_name: shownName,
      status: 'uploaded' as const,
    };
  }

  /**
   * An upload from the dashboard, under the application's lock: refused unless staff rejected the
   * document or an open round of changes asks for it; the document's current files are marked replaced.
   */
  private async supersede(trx: Transaction<Database>, target: UploadTarget, status: string) {
    const current = await currentFilesOf(trx, target.applicationId, target.document.id);
    const round = status === 'returned' ? await openRound(trx, target.applicationId) : undefined;
    const way: UploadAfterSubmit = uploadAfterSubmit({
      status,
      fileStatuses: current.map((f) => f.status),
      askedByRound: asks(round?.requests, target.document.id),
      deadlinePassed: round !== undefined && deadlinePassed(round.due_date),
    });
    refuseAfterSubmit(way, round);
    const superseded = current.map((f) => f.id);
    if (superseded.length > 0) await markReplaced(trx, superseded);
    return { superseded, way };
  }

  /** The file streamed to the folder, within its size, of a type the portal takes (by content). */
  private async store(target: UploadTarget, file: Readable): Promise<StoredFile> {
    const limit = Math.min(this.maxBytes, target.document.max_bytes);
    // An error of the upload itself (a malformed or cut-off multipart body) is the client's; one of
    // the storage is ours.
    let uploadError: unknown;
    file.once('error', (error) => (uploadError = error));
    try {
      return await this.storage.save(file, limit);
    } catch (error) {
      file.resume(); // drain what is left so the connection can answer
      if (error instanceof FileTooLargeError)
        throw new ApiError(413, 'file_too_large', { max_bytes: limit }, { mb: limit / 1048576 });
      if (error instanceof FileTypeRefusedError) throw new ApiError(415, 'file_type_refused');
      // (a failed write reaches the request stream too, but as a system error, with its syscall)
      const { statusCode, syscall } = error as { statusCode?: number; syscall?: string };
      if (error === uploadError && !statusCode && !syscall) throw new ApiError(400, 'bad_request');
      throw error;
    }
  }

  /**
   * The stored file read through: a type its document takes; an image within a photo's size and whole
   * (image-checks.ts); a PDF's active content found (answered: true), to be flagged, never refused.
   */
  private async checkContent(stored: StoredFile, target: UploadTarget): Promise<boolean> {
    if (!target.document.accept.includes(stored.mimeType)) throw new ApiError(415, 'file_type_refused');
    // At most the document's size limit (UPLOAD_MAX_BYTES or less): read whole, once.
    const bytes = await readFile(this.storage.pathOf(stored.id));
    const image = await imageProblem(bytes, stored.mimeType);
    if (image === 'too_large')
      throw new ApiError(
        413,
        'image_too_large',
        { max_pixels: MAX_IMAGE_PIXELS, max_side: MAX_IMAGE_SIDE },
        { megapixels: MAX_IMAGE_PIXELS / 1e6, side: MAX_IMAGE_SIDE.toLocaleString('en-US') },
      );
    if (image === 'damaged') throw new ApiError(422, 'image_damaged');
    return stored.mimeType === 'application/pdf' && pdfHasActiveContent(bytes);
  }

  /**
   * The scale sent with a drawing ('1:100'), checked by the uploads step's own schema (scales.<code>);
   * null when none was sent. 422 for a malformed scale, or a scale for a document that is not a drawing.
   */
  async checkScale(document: DocumentRule, scale: string, language: Language): Promise<string | null> {
    if (scale === '') return null;
    const steps = (await this.forms.get()).forms.steps;
    // The documents step (whatever it is called) holds the drawings' scales.
    const documentsStep = stepWithModule(steps, 'documents');
    const schema = document.drawing_scale
      ? scaleSchemaOf(documentsStep && steps[documentsStep]?.schema, document.id)
      : undefined;
    if (schema && this.forms.ajv.validate(schema, scale)) return scale;
    const key = schema ? 'scale_invalid' : 'scale_not_drawing';
    throw new ApiError(422, key, { errors: [{ path: '/scale', message: message(language, key) }] });
  }

  /** The rule of a document of the forms being served: a code no rule has is refused. */
  private async document(code: string): Promise<DocumentRule | undefined> {
    return rulesByCode((await this.forms.get()).forms.documents).get(code);
  }
}
