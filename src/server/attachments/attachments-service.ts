import type { Readable } from 'node:stream';
import type { Kysely, Transaction } from 'kysely';
import { shownFileName } from '../../shared/api/open-draft';
import { scaleSchemaOf } from '../../shared/drawing-scales';
import { rulesByCode } from '../../shared/document-rules';
import type { DocumentRule } from '../../shared/forms';
import { moduleAnswers, stepWithModule } from '../../shared/step-modules';
import type { Language } from '../../shared/reference-data';
import type { Database } from '../db/schema';
import type { DraftOwners } from '../drafts/draft-owners';
import type { FormsService } from '../forms/forms-service';
import { ApiError } from '../http/envelope';
import { message } from '../i18n/messages';
import { FileTooLargeError, FileTypeRefusedError, type FolderFileStorage } from './file-storage';
import { fileNameProblem, imageProblem, MAX_IMAGE_PIXELS } from './upload-checks';
import { notDraftAnymore, refuseWithdrawn } from '../applications/withdrawn-guard';
import { ChangeAnswersService } from '../changes/change-answers-service';
import {
  applicationStatus,
  currentFilesOf,
  deleteAttachments,
  draftFilesOf,
  insertAttachment,
  lockForUpload,
  markReplaced,
} from './attachments-repository';

export interface UploadTarget {
  applicationId: number;
  /** Its rule in the forms being served (schemas/documents.json): types, size, whether it takes a scale. */
  document: DocumentRule;
  /** 'draft': the wizard's upload by reference number; 'dashboard': the signed-in applicant's. */
  mode: 'draft' | 'dashboard';
}

export interface UploadInput {
  referenceNumber: string;
  documentType: string;
  file: Readable;
}

/**
 * The files a draft keeps per document type: an upload beyond it replaces the oldest one that the
 * draft's answers do not name (the documents step's documents[code]), so uploads never pile up and the file
 * the wizard chose is never lost. A few, not one: the wizard may name its choice only when the step is saved.
 */
export const MAX_DRAFT_FILES_PER_DOCUMENT = 3;

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
  ) {}

  /**
   * Refuses before reading the file when the draft or the document type is wrong: without the proof of
   * the draft's owner (`proof`, the secret of its draft cookie), 404 as for an unknown number.
   */
  async checkTarget(referenceInput: string, documentType: string, proof: string | undefined): Promise<UploadTarget> {
    const application = await this.owners.ownedDraft(referenceInput, proof);
    const document = await this.document(documentType);
    if (!document)
      throw new ApiError(422, 'unknown_document', { errors: [{ path: '/document_type', message: documentType }] });
    return { applicationId: application.id, document, mode: 'draft' as const };
  }

  /**
   * The signed-in applicant's upload from the dashboard: a document added to the submitted
   * application, or one that replaces a rejected or not yet reviewed one (never an accepted one).
   */
  async checkSessionTarget(applicationId: number, documentType: string): Promise<UploadTarget> {
    const application = await applicationStatus(this.db, applicationId);
    refuseWithdrawn(application?.status); // before a byte of the file is stored
    // Returned for changes: only the documents the open round asks for (src/server/changes).
    if (application?.status === 'returned')
      await ChangeAnswersService.checkUpload(this.db, applicationId, documentType);
    const document = await this.document(documentType);
    if (!document)
      throw new ApiError(422, 'unknown_document', { errors: [{ path: '/document_type', message: documentType }] });
    return { applicationId, document, mode: 'dashboard' };
  }

  /** `fileName`: the name the file was sent with (checked by checkFileName), kept only to show it, fit to show. */
  async upload(target: UploadTarget, file: Readable, scale: string | null = null, fileName?: string) {
    const shownName = fileName === undefined ? null : shownFileName(fileName);
    const limit = Math.min(this.maxBytes, target.document.max_bytes);
    let stored;
    // An error of the upload itself (a malformed or cut-off multipart body) is the client's; one of
    // the storage is ours.
    let uploadError: unknown;
    file.once('error', (error) => (uploadError = error));
    try {
      stored = await this.storage.save(file, limit);
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
    if (!target.document.accept.includes(stored.mimeType)) {
      await this.storage.remove(stored.id);
      throw new ApiError(415, 'file_type_refused');
    }
    const image = await imageProblem(this.storage.pathOf(stored.id), stored.mimeType);
    if (image) {
      await this.storage.remove(stored.id);
      if (image === 'too_many_pixels')
        throw new ApiError(
          413,
          'image_too_large',
          { max_pixels: MAX_IMAGE_PIXELS },
          { megapixels: MAX_IMAGE_PIXELS / 1e6 },
        );
      throw new ApiError(415, 'file_type_refused');
    }
    let replaced: string[] = [];
    // Read before the transaction (on PGlite a query inside it would wait for its connection).
    const steps = this.forms ? (await this.forms.get()).forms.steps : {};
    try {
      // Recorded under the application's lock, and only while it is still a draft: an upload that
      // races a submit cannot land on the submitted application.
      await this.db.transaction().execute(async (trx) => {
        const application = await lockForUpload(trx, target.applicationId);
        if (target.mode === 'draft' && application?.status !== 'draft') throw notDraftAnymore(application?.status);
        refuseWithdrawn(application?.status); // the dashboard's uploads too
        const returned = target.mode === 'dashboard' && application?.status === 'returned';
        // A document asked for again may replace even an accepted one: the officer asked for it.
        const superseded = target.mode === 'dashboard' ? await this.replaceable(trx, target, returned) : [];
        if (target.mode === 'draft')
          replaced = await makeRoom(trx, target, moduleAnswers(application?.answers ?? {}, steps, 'documents'));
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
        });
        if (returned)
          await ChangeAnswersService.recordUpload(trx, {
            applicationId: target.applicationId,
            documentType: target.document.id,
            attachmentId: stored.id,
            replaced: superseded,
            scale,
            steps,
          });
      });
    } catch (error) {
      await this.storage.remove(stored.id); // no file without its record
      throw error;
    }
    // Their records are gone and no answer named them: nothing can serve or submit these files any more.
    // A file that cannot be removed now is only an orphan on disk, not a reason to fail the upload.
    for (const id of replaced) await this.storage.remove(id).catch(() => {});
    return {
      attachment_id: stored.id,
      document_name: target.document.name,
      size: stored.size,
      scale,
      file_name: shownName,
      status: 'uploaded',
    };
  }

  /**
   * The name the file was sent with, before it is read: never used to store or serve it, but a path, a
   * control character, or an extension other than .pdf/.jpg/.png (or an active one inside) is refused.
   */
  checkFileName(name: string): void {
    const problem = fileNameProblem(name);
    if (problem === 'malformed') throw new ApiError(400, 'file_name_refused');
    if (problem === 'disguised') throw new ApiError(415, 'file_name_refused');
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

  /** 409 when the document was accepted (unless asked for again); otherwise its earlier uploads are marked replaced (their ids). */
  private async replaceable(trx: Transaction<Database>, target: UploadTarget, askedAgain: boolean): Promise<string[]> {
    const earlier = await currentFilesOf(trx, target.applicationId, target.document.id);
    if (!askedAgain && earlier.some((a) => a.status === 'accepted')) throw new ApiError(409, 'document_accepted');
    const ids = earlier.map((a) => a.id);
    if (ids.length > 0) await markReplaced(trx, ids);
    return ids;
  }

  /** The rule of a document of the forms being served: a code no rule has is refused. */
  private async document(code: string): Promise<DocumentRule | undefined> {
    return rulesByCode((await this.forms.get()).forms.documents).get(code);
  }
}

/**
 * Draft uploads: the oldest files of the document beyond MAX_DRAFT_FILES_PER_DOCUMENT - 1 (room for the
 * new one), never the one the answers name, deleted under the application's lock; their ids, for
 * removing the files once the transaction is committed.
 */
async function makeRoom(
  trx: Transaction<Database>,
  target: UploadTarget,
  uploads: Record<string, unknown>,
): Promise<string[]> {
  const named = (uploads.documents as Record<string, unknown> | undefined)?.[target.document.id];
  const earlier = await draftFilesOf(trx, target.applicationId, target.document.id);
  const excess = earlier.length - (MAX_DRAFT_FILES_PER_DOCUMENT - 1);
  if (excess <= 0) return [];
  const dropped = earlier
    .filter((a) => a.id !== named)
    .slice(0, excess)
    .map((a) => a.id);
  if (dropped.length > 0) await deleteAttachments(trx, dropped);
  return dropped;
}
