import type { Kysely, Transaction } from 'kysely';
import { DECLARED_EVENT } from '../../shared/api/declaration';
import { LRUCache } from 'lru-cache';
import type { FieldError } from '../../shared/envelope';
import type { Language } from '../../shared/reference-data';
import { crossStepErrors } from '../../shared/cross-step-rules';
import { MAX_FIELD_ERRORS, oversizedAnswers } from '../../shared/answer-bounds';
import { hiddenTextPaths } from '../../shared/hidden-characters';
import { applyComputed, dropInactiveAnswers, fieldErrors } from '../../shared/step-answers';
import { missingDocuments, requiredDocuments } from '../../shared/required-documents';
import { moduleAnswers, moduleOf, stepWithModule } from '../../shared/step-modules';
import type { StepForm } from '../../shared/forms';
import {
  canVisit,
  finishedAnswers,
  isApplicationType,
  isReadyToSubmit,
  type ApplicationType,
  stepAtNumber,
  stepNumberAfterSave,
  stepNumberOf,
} from '../../shared/wizard-driver';
import { FORMS_CHANGED, knownAnswers, type FormsChanged, type QuestionToAnswer } from '../../shared/forms-changed';
import type { Database } from '../db/schema';
import type { DraftOwners } from '../drafts/draft-owners';
import type { FormsService, Served } from '../forms/forms-service';
import { ApiError } from '../http/envelope';
import { validationMessage } from '../i18n/messages';
import {
  addEvent,
  findByReference,
  findForUpdate,
  insertApplication,
  updateApplication,
  updateIfUnchanged,
  type ApplicationChanges,
  type ApplicationRecord,
} from './applications-repository';
import { recordScales } from '../attachments/attachment-scales';
import { uploadedDocumentTypes } from '../attachments/attachments-repository';
import { droppedRemark, migrateDraft, type DraftMigration, type MigrationForms } from './draft-migration';
import { PhoneChange, phoneChangeOf, type PhoneChangeNeeded } from './phone-change';
import { formatReferenceNumber, newReferenceNumber, normalizeReferenceNumber } from './reference-number';
import { unfinishedAnswers, unfinishedIn, unstorableText, withoutStep } from './unfinished-steps';
import { isUniqueViolation } from '../db/database-errors';
import { SaveReceipts } from './save-receipts';
import type { SaveStepAnswer, SaveStepRequest, SubmitRequest, SubmittedAnswer } from '../../shared/api/applications';
import type { SubmitApplicationRequest } from '../../shared/api/continue';
import { requireDeclaration } from './declaration';
import type { ReferenceSms } from './reference-sms';

type Answers = Record<string, unknown>;

/** A step's save (src/shared/api/applications.ts saveAndContinue): `step_number` counts in the flow of `forms_version` when it is older than the served one. */
export type SaveStepInput = SaveStepRequest;

/** A Submit: answers by step id (those not saved before, or changed), for the application type of the call. */
export type SubmitInput = SubmitRequest & { application_type: ApplicationType };

/** The proof that the caller owns the draft a call names: the secret of its draft cookie. */
export interface DraftAccess {
  proof?: string | undefined;
}

/** What a save answers, and the new draft's secret (for the draft cookie) when it created the draft. */
export type SaveStepResult = SaveStepAnswer & { secret?: string };

/** A continued draft, brought to the forms being served. */
export interface DraftUpToDate {
  answers: Answers;
  step_number: number;
  forms_changed?: FormsChanged;
  /** What was typed on steps not finished yet (Save & Complete Later), by step id. */
  unfinished: Record<string, Answers>;
}

/**
 * Whether a validation token from validate_otp proves that this engineer confirmed this draft by SMS
 * code (a token is bound to the one draft it was asked for). The engineer step is refused without one.
 */
export interface EngineerProofs {
  isValid(token: unknown, engineerId: unknown, applicationId: number | undefined): Promise<boolean>;
}

const DRAFT = 'draft';
/** Saves of one draft racing each other: each tries this often before answering 409 changed_meanwhile. */
const SAVE_ATTEMPTS = 5;
const SUBMITTED = 'submitted';
/** The history's line for answers that a change of the forms removed from a draft. */
const FORMS_CHANGED_EVENT = 'forms_changed';
/** Drafts this process wrote last, kept to continue them without reading them back (see `recent`). */
const RECENT_DRAFTS = { max: 1000, ttl: 15 * 60_000 };

/** Saving and submitting applications: every answer validated with the forms' own schemas. */
export class ApplicationsService {
  /**
   * Each draft as this process last wrote it, by reference number: the next save of the draft checks
   * its step against this copy and writes by compare-and-set without reading the draft first (one
   * query a save instead of two). The copy may be stale (another process, Submit, a staff change):
   * then the conditional write changes nothing, the copy is dropped and the save reads the draft.
   */
  private readonly recent = new LRUCache<string, ApplicationRecord>(RECENT_DRAFTS);

  constructor(
    private readonly db: Kysely<Database>,
    private readonly forms: FormsService,
    private readonly engineerProofs: EngineerProofs,
    private readonly owners: DraftOwners,
    private readonly phones: PhoneChange,
    /** The reference number by SMS after the first save, Save & Complete Later and Submit. */
    private readonly referenceSms?: ReferenceSms,
  ) {
    this.receipts = new SaveReceipts(db, owners);
  }

  private readonly receipts: SaveReceipts;

  /**
   * Save And Continue: validates one step, creates the draft on the first call (and its owner's secret,
   * for the draft cookie). A draft named by its reference number is written only with its owner's proof.
   */
  async saveStep(input: SaveStepInput, language: Language, access: DraftAccess = {}): Promise<SaveStepResult> {
    const { version, forms: migrating } = await this.migrationForms(input.application_type);
    const steps = migrating.flow;
    const forms = migrating.steps;
    const clientOlder = isOlder(input.forms_version, version);
    const step = clientOlder
      ? await this.stepOfVersion(Number(input.forms_version), input.application_type, input.step_number)
      : stepAtNumber(steps, input.step_number);
    const stepNumber = step === undefined ? 0 : stepNumberOf(steps, step);
    const unknownStep = new ApiError(422, 'unknown_step', {
      errors: [{ path: '/step_number', message: validationMessage(language, 'invalid') }],
    });
    if (step === undefined) throw unknownStep;
    const saveId = input.save_id;
    const repeated = saveId && (await this.receipts.repeat(saveId, input, access.proof));
    if (repeated) return repeated;
    // Whose draft it is before any work on the answers: a stranger's save costs one lookup.
    let { existing, copied } = await this.draftToContinue(input, access, true);
    if (stepNumber === 0) {
      // The step the client shows (from older forms) is gone from the flow: what the draft must answer instead.
      const pending = migrateDraft(existing?.answers ?? {}, migrating).toAnswer;
      throw formsChangedError(version, pending);
    }
    // Answers to questions the client's older forms had and the served ones have not are no answers.
    const data = clientOlder ? (knownAnswers(forms[step]?.schema, input.data) as Answers) : input.data;
    if (input.unfinished) {
      const form = forms[step];
      if (!form) throw unknownStep;
      const typed = unfinishedAnswers(step, form, data, language);
      return this.keepUnfinished(
        input,
        access,
        { step, stepNumber, typed, version, migrating, language },
        existing,
        copied,
      );
    }
    let answers: Answers;
    try {
      answers = await this.validStep(step, data, language, existing?.id);
    } catch (error) {
      const pending = clientOlder
        ? migrateDraft({ ...(existing?.answers ?? {}), [step]: data }, migrating).toAnswer
        : [];
      if (error instanceof ApiError && error.messageKey === 'validation_failed' && pending.length > 0)
        throw formsChangedError(version, pending);
      throw error;
    }
    const confirmedPhone = existing
      ? await this.phones.confirmed(existing.reference_number, input.phone_code, language)
      : undefined;

    // Compare-and-set rather than a transaction holding the row: read the draft, check the step
    // against it, write only if nothing else wrote it meanwhile, else start again from what is there.
    // The kept copy first, if any; a copy found stale is not counted among the attempts.
    for (let attempt = 1; ;) {
      // A draft saved under older forms is brought to the served ones as it is written.
      const migration =
        clientOlder || (existing && isBehind(existing.forms_version, version))
          ? migrateDraft({ ...(existing?.answers ?? {}), [step]: answers }, migrating)
          : undefined;
      const saved = migration?.answers ?? { ...(existing?.answers ?? {}), [step]: answers };
      const reached = Math.max(migration?.stepNumber ?? existing?.step_number ?? 0, stepNumber);
      const toOpen = stepNumberAfterSave(steps, reached, stepNumber);
      const pending = migration?.toAnswer ?? [];
      // The step saved valid is finished now; the others left unfinished still are.
      const unfinished = withoutStep(existing?.unfinished, step);
      // A stale copy could refuse a step that the draft as it is allows: only the stored draft refuses.
      let refusal = this.stepRefusal(
        forms,
        steps,
        finishedAnswers(saved, unfinished ?? existing?.unfinished ?? {}),
        step,
        language,
      );
      if (refusal && clientOlder && pending.length > 0) refusal = formsChangedError(version, pending);
      if (refusal && !copied) throw refusal;
      const contact = contactOf(saved, forms, steps);
      const phoneChange = existing && phoneChangeOf(contactOf(existing.answers, forms, steps).phone, contact.phone);
      const unconfirmed = phoneChange && !PhoneChange.confirms(confirmedPhone, phoneChange);
      if (unconfirmed && !copied) return this.phones.askForCode(existing!.reference_number, phoneChange, language);
      const changes = {
        status: DRAFT,
        step_number: reached,
        answers: saved,
        language,
        forms_version: version,
        ...contact,
        ...(unfinished ? { unfinished } : {}),
      };
      const later = input.save_later === true;
      const written =
        refusal || unconfirmed
          ? undefined
          : existing
            ? (await this.updateDraft(existing, changes, later)) && {
                ...existing,
                step_number: reached,
                answers: saved,
                revision: existing.revision + 1,
                forms_version: version,
                unfinished: unfinished ?? existing.unfinished,
              }
            : await this.createDraft(input.application_type, changes, later, saveId, toOpen).catch((error: unknown) =>
                this.receipts.repeatOfRace(error, saveId, input),
              );
      if (written && !('id' in written)) return written;
      if (written) {
        this.keep(written);
        if (saveId && existing) await this.receipts.saved(saveId, written.id, toOpen);
        if (existing) await this.recordDropped(written.id, existing.forms_version, version, migration);
        if (phoneChange) await this.tellOldPhone(written.reference_number, phoneChange, language);
        return {
          reference_number: formatReferenceNumber(written.reference_number),
          step_number: toOpen,
          ...('secret' in written ? { secret: written.secret as string } : {}),
          ...(pending.length > 0 ? { forms_changed: formsChanged(version, pending) } : {}),
        };
      }
      if (copied && existing) {
        this.recent.delete(existing.reference_number);
        ({ existing, copied } = await this.draftToContinue(input, access, false));
        continue;
      }
      if (attempt === SAVE_ATTEMPTS) throw new ApiError(409, 'changed_meanwhile');
      attempt++;
      ({ existing, copied } = await this.draftToContinue(input, access, false));
    }
  }

  /**
   * Save & Complete Later of a step not valid yet: what was typed is kept apart from the finished
   * answers (the draft created by it when it is the first save), the step stays unfinished, and the
   * reference number is answered. The earlier steps must be finished, as for any save.
   */
  private async keepUnfinished(
    input: SaveStepInput,
    access: DraftAccess,
    kept: {
      step: string;
      stepNumber: number;
      typed: Answers;
      version: number;
      migrating: MigrationForms;
      language: Language;
    },
    existing: ApplicationRecord | undefined,
    copied: boolean,
  ): Promise<SaveStepResult> {
    const { step, stepNumber, typed, version, migrating, language } = kept;
    for (let attempt = 1; ;) {
      const migration =
        existing && isBehind(existing.forms_version, version) ? migrateDraft(existing.answers, migrating) : undefined;
      const answers = migration?.answers ?? existing?.answers ?? {};
      const unfinished = { ...(existing?.unfinished ?? {}), [step]: typed };
      const visitable = canVisit(migrating.flow, finishedAnswers(answers, unfinished), step);
      if (!visitable && !copied) throw new ApiError(409, 'step_out_of_order');
      const stepNumberKept = migration?.stepNumber ?? existing?.step_number ?? 0;
      const changes = {
        status: DRAFT,
        step_number: stepNumberKept,
        answers,
        unfinished,
        language,
        forms_version: version,
        ...contactOf(answers, migrating.steps, migrating.flow),
      };
      const written = !visitable
        ? undefined
        : existing
          ? (await this.updateDraft(existing, changes, input.save_later === true)) && {
              ...existing,
              step_number: stepNumberKept,
              answers,
              unfinished,
              revision: existing.revision + 1,
              forms_version: version,
            }
          : await this.createDraft(
              input.application_type,
              changes,
              input.save_later === true,
              input.save_id,
              stepNumber,
            ).catch((error: unknown) => this.receipts.repeatOfRace(error, input.save_id, input));
      if (written && !('id' in written)) return written;
      if (written) {
        this.keep(written);
        if (input.save_id && existing) await this.receipts.saved(input.save_id, written.id, stepNumber);
        if (existing) await this.recordDropped(written.id, existing.forms_version, version, migration);
        const pending = migration?.toAnswer ?? [];
        return {
          reference_number: formatReferenceNumber(written.reference_number),
          step_number: stepNumber,
          unfinished: true,
          ...('secret' in written ? { secret: written.secret as string } : {}),
          ...(pending.length > 0 ? { forms_changed: formsChanged(version, pending) } : {}),
        };
      }
      if (copied && existing) {
        this.recent.delete(existing.reference_number);
        ({ existing, copied } = await this.draftToContinue(input, access, false));
        continue;
      }
      if (attempt === SAVE_ATTEMPTS) throw new ApiError(409, 'changed_meanwhile');
      attempt++;
      ({ existing, copied } = await this.draftToContinue(input, access, false));
    }
  }

  /**
   * A continued draft as the forms being served see it: a draft saved under other forms is brought
   * to them and written (answers to removed questions dropped and recorded in its history), with what
   * it must answer now.
   */
  async upToDate(reference: string): Promise<DraftUpToDate> {
    for (let attempt = 1; ; attempt++) {
      const record = await findByReference(this.db, reference);
      if (!record || record.status !== DRAFT || !isApplicationType(record.application_type))
        throw new ApiError(404, 'application_not_found');
      const { version, forms } = await this.migrationForms(record.application_type);
      const unfinished = unfinishedIn(record.unfinished, forms.flow, forms.steps);
      if (!isBehind(record.forms_version, version))
        return { answers: record.answers, step_number: record.step_number, unfinished };
      const migration = migrateDraft(record.answers, forms);
      const changes = {
        status: DRAFT,
        step_number: migration.stepNumber,
        answers: migration.answers,
        forms_version: version,
        ...contactOf(migration.answers, forms.steps, forms.flow),
      };
      if (await updateIfUnchanged(this.db, record, changes)) {
        this.recent.delete(record.reference_number);
        await this.recordDropped(record.id, record.forms_version, version, migration);
        const pending = migration.toAnswer;
        return {
          answers: migration.answers,
          step_number: migration.stepNumber,
          unfinished,
          ...(pending.length > 0 ? { forms_changed: formsChanged(version, pending) } : {}),
        };
      }
      if (attempt === SAVE_ATTEMPTS) throw new ApiError(409, 'changed_meanwhile');
    }
  }

  /**
   * The served forms as a draft of `type` is brought to them (each step's validator compiled when a
   * migration first needs it), and their version number.
   */
  private async migrationForms(type: ApplicationType): Promise<{ version: number; forms: MigrationForms }> {
    const served = await this.forms.get();
    return {
      version: Number(served.forms.version),
      forms: {
        flow: served.forms.flows[type],
        steps: served.forms.steps,
        validator: (step) => this.forms.validatorIn(served, step),
        ajv: this.forms.ajv,
      },
    };
  }

  /** The id of step `number` of the flow of `type` in forms version `version` (a client's older forms). */
  private async stepOfVersion(version: number, type: ApplicationType, number: number): Promise<string | undefined> {
    const published = await this.forms.registry.version(version);
    return stepAtNumber(published?.set.flows[type], number);
  }

  /** The answers a change of the forms removed from a draft, as a line of its history. */
  private async recordDropped(
    applicationId: number,
    from: number | null,
    to: number,
    migration: DraftMigration | undefined,
    db: Kysely<Database> = this.db,
  ): Promise<void> {
    if (!migration || migration.dropped.length === 0) return;
    await addEvent(db, applicationId, FORMS_CHANGED_EVENT, droppedRemark(from, to, migration.dropped));
  }

  /** A new draft, its owner's first key and the SMS with its reference number, together. */
  private async createDraft(
    type: ApplicationType,
    changes: ApplicationChanges & { language: Language },
    later: boolean,
    saveId?: string,
    answeredStep = 0,
  ): Promise<ApplicationRecord & { secret: string }> {
    let sms: number | undefined;
    const created = await this.db.transaction().execute(async (trx) => {
      const record = await insertApplication(trx, newReferenceNumber(), type, changes);
      if (saveId) await this.receipts.created(trx, saveId, record.id, answeredStep);
      const event = later ? 'saved_later' : 'first_save';
      sms = await this.referenceSms?.queue(trx, event, { ...changes, reference: record.reference_number });
      return { ...record, secret: await this.owners.issue(record.id, trx) };
    });
    this.referenceSms?.deliver(sms);
    return created;
  }

  /** A save of a draft by compare-and-set; Save & Complete Later queues its SMS in the same transaction. */
  private async updateDraft(
    existing: ApplicationRecord,
    changes: ApplicationChanges & { language: Language },
    later: boolean,
  ): Promise<boolean> {
    if (!later || !this.referenceSms) return updateIfUnchanged(this.db, existing, changes);
    const referenceSms = this.referenceSms;
    let sms: number | undefined;
    const written = await this.db.transaction().execute(async (trx) => {
      if (!(await updateIfUnchanged(trx, existing, changes))) return false;
      sms = await referenceSms.queue(trx, 'saved_later', { ...changes, reference: existing.reference_number });
      return true;
    });
    referenceSms.deliver(sms);
    return written;
  }

  /** The old phone hears of the change; the change is saved whatever happens to that SMS. */
  private async tellOldPhone(reference: string, change: PhoneChangeNeeded, language: Language): Promise<void> {
    try {
      await this.phones.tellOldPhone(reference, change, language);
    } catch {
      // the SMS layer reports its own failures
    }
  }

  /** Why this step cannot be saved into these answers (out of order, or a rule across steps broken), if it cannot. */
  private stepRefusal(
    forms: Steps,
    steps: readonly string[],
    saved: Answers,
    step: string,
    language: Language,
  ): ApiError | undefined {
    if (!canVisit(steps, saved, step)) return new ApiError(409, 'step_out_of_order');
    // Only the rules about this step: a changed storey count is fixed on the floors' own step.
    const broken = ruleErrors(saved, forms, steps, language).filter((error) => error.path.startsWith(`/${step}/`));
    return broken.length > 0 ? new ApiError(422, 'validation_failed', { errors: broken }) : undefined;
  }

  /** Keeps the draft as written, unless a later write of it is kept already (answers may come back out of order). */
  private keep(record: ApplicationRecord): void {
    const kept = this.recent.get(record.reference_number);
    if (!kept || kept.revision < record.revision) this.recent.set(record.reference_number, record);
  }

  /** The final save (and Submit of a continued draft): every step of the flow valid, then submitted. */
  async submit(input: SubmitInput, language: Language, access: DraftAccess = {}): Promise<SubmittedAnswer> {
    requireDeclaration(input.declaration, language);
    const saveId = input.save_id;
    if (!saveId) return this.submitOnce(input, language, access);
    // A Submit sent again (its answer lost on the way) answers as the first did.
    const repeated = await this.receipts.repeatedSubmit(saveId, input, access.proof);
    if (repeated) return repeated;
    return this.submitOnce(input, language, access).catch(async (error: unknown) => {
      // The same Submit sent twice at once: the other went through first (this one then found the
      // draft submitted, or the receipt's key taken).
      const raced = isUniqueViolation(error) || (error instanceof ApiError && error.code === 409);
      const again = raced && (await this.receipts.repeatedSubmit(saveId, input, access.proof));
      if (!again) throw error;
      return again;
    });
  }

  private async submitOnce(input: SubmitInput, language: Language, access: DraftAccess): Promise<SubmittedAnswer> {
    const saveId = input.save_id;
    const { version, forms: migrating } = await this.migrationForms(input.application_type);
    const steps = migrating.flow;
    const forms = migrating.steps;
    const clientOlder = isOlder(input.forms_version, version);
    // From older forms: steps and answers the served forms no longer have are no answers.
    const data = clientOlder ? knownSteps(input.data, migrating) : input.data;
    const unknown = Object.keys(data).filter((step) => !steps.includes(step));
    if (unknown.length > 0) {
      throw new ApiError(422, 'validation_failed', {
        errors: unknown.map((step) => ({
          path: `/${step}`,
          message: validationMessage(language, 'additionalProperties'),
        })),
      });
    }
    // Every step is validated again, not only those sent now: forms, reference lists and engineer
    // confirmations may have changed since a step was saved. Outside the transaction: on PGlite a
    // query of the engineer check would wait for the transaction's connection.
    const before = await this.currentDraft(input, access); // checked again under the lock before writing
    const given: Answers = { ...(before?.answers ?? {}), ...data };
    const migration =
      clientOlder || (before && isBehind(before.forms_version, version)) ? migrateDraft(given, migrating) : undefined;
    if (clientOlder && migration && migration.toAnswer.length > 0) throw formsChangedError(version, migration.toAnswer);
    const merged = migration?.answers ?? given;
    const phoneChange =
      before && phoneChangeOf(contactOf(before.answers, forms, steps).phone, contactOf(merged, forms, steps).phone);
    if (phoneChange) {
      const confirmed = await this.phones.confirmed(before.reference_number, input.phone_code, language);
      if (!PhoneChange.confirms(confirmed, phoneChange))
        return this.phones.askForCode(before.reference_number, phoneChange, language);
    }
    // A step kept unfinished (Save & Complete Later) counts only once valid answers for it are sent.
    const open = Object.keys(before?.unfinished ?? {}).filter((step) => !(step in data));
    const missing = steps.filter((step) => !(step in merged) || open.includes(step));
    if (!isReadyToSubmit(steps, finishedAnswers(merged, open))) {
      throw new ApiError(422, 'validation_failed', {
        errors: missing.map((step) => ({ path: `/${step}`, message: validationMessage(language, 'required') })),
      });
    }
    const answers: Answers = {};
    const errors: FieldError[] = [];
    for (const step of steps) {
      try {
        answers[step] = await this.validStep(step, merged[step] as Answers, language, before?.id);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        errors.push(...((error.data.errors as FieldError[] | undefined) ?? []));
      }
      if (errors.length >= MAX_FIELD_ERRORS) break;
    }
    if (errors.length < MAX_FIELD_ERRORS) errors.push(...ruleErrors(answers, forms, steps, language));
    if (errors.length > 0) throw new ApiError(422, 'validation_failed', { errors: errors.slice(0, MAX_FIELD_ERRORS) });
    // The document rules of the forms being served: only the required documents that apply block submit.
    const rules = (await this.forms.get()).forms.documents;
    const required = requiredDocuments(input.application_type, answers, rules);
    // The documents step, whatever it is called: without one in the flow, nothing can be uploaded.
    const documentsStep = stepWithModule(forms, 'documents', steps);
    const uploads = moduleAnswers(answers, forms, 'documents', steps);
    const documents = missingDocuments(documentsStep === undefined ? [] : required, uploads);
    if (documents.length > 0) {
      throw new ApiError(422, 'documents_missing', {
        errors: documents.map((code) => ({
          path: `/${documentsStep}/documents/${code}`,
          message: validationMessage(language, 'required'),
        })),
      });
    }

    let sms: number | undefined;
    const result = await this.db.transaction().execute(async (trx) => {
      const existing = await this.draftFor(trx, input);
      const asRead = (record: ApplicationRecord | undefined) => JSON.stringify([record?.answers, record?.unfinished]);
      if (asRead(existing) !== asRead(before)) {
        throw new ApiError(409, 'changed_meanwhile');
      }
      const wrong = documentsStep === undefined ? [] : await unknownAttachments(trx, existing?.id, required, uploads);
      if (wrong.length > 0) {
        throw new ApiError(422, 'documents_missing', {
          errors: wrong.map((code) => ({
            path: `/${documentsStep}/documents/${code}`,
            message: validationMessage(language, 'invalid'),
          })),
        });
      }
      if (existing) await recordScales(trx, existing.id, uploads);
      if (existing) await this.recordDropped(existing.id, existing.forms_version, version, migration, trx);
      const changes = {
        status: SUBMITTED,
        step_number: steps.length,
        answers,
        submitted: true,
        language,
        forms_version: version,
        ...contactOf(answers, forms, steps),
        unfinished: {},
      };
      const record = existing
        ? (await updateApplication(trx, existing.id, changes), existing)
        : await insertApplication(trx, newReferenceNumber(), input.application_type, changes);
      await addEvent(trx, record.id, DECLARED_EVENT);
      await addEvent(trx, record.id, SUBMITTED);
      sms = await this.referenceSms?.queue(trx, 'submitted', {
        ...changes,
        reference: record.reference_number,
      });
      if (saveId) await this.receipts.submitted(trx, saveId, record.id, steps.length, !existing);
      this.recent.delete(record.reference_number);
      return { reference_number: formatReferenceNumber(record.reference_number), status: SUBMITTED };
    });
    this.referenceSms?.deliver(sms);
    if (phoneChange) await this.tellOldPhone(result.reference_number, phoneChange, language);
    return result;
  }

  /** Submit of a continued draft: its type comes from the draft itself. */
  async submitDraft(
    input: SubmitApplicationRequest,
    language: Language,
    access: DraftAccess,
  ): Promise<SubmittedAnswer> {
    const row = await this.owners.owned(input.reference_number, access.proof);
    if (!isApplicationType(row.application_type)) throw new ApiError(404, 'draft_not_found');
    return this.submit({ ...input, application_type: row.application_type }, language, access);
  }

  /** The step's answers as they will be stored (totals computed, stale conditional answers dropped), or 422. */
  private async validStep(
    step: string,
    data: Answers,
    language: Language,
    applicationId: number | undefined,
    served?: Served,
  ): Promise<Answers> {
    const forms = served ?? (await this.forms.get());
    const validate = this.forms.validatorIn(forms, step);
    const form = forms.forms.steps[step];
    const schema = form?.schema;
    if (!validate || !schema) throw new ApiError(422, 'unknown_step', {});
    // Lists and texts over their limits are refused before anything else looks at the answers: the
    // validator's work (and its errors) would grow with every row of a hostile list.
    const oversized = oversizedAnswers(schema, data, `/${step}`);
    if (oversized.length > 0) {
      throw new ApiError(422, 'validation_failed', {
        errors: oversized.map((problem) => ({
          path: problem.path,
          message: validationMessage(language, problem.keyword, { limit: problem.limit }),
        })),
      });
    }
    const cleaned = dropInactiveAnswers(this.forms.ajv, schema, applyComputed(schema, data)) as Answers;
    if (!validate(cleaned)) {
      const translate = (key: string, params: Record<string, unknown>) => validationMessage(language, key, params);
      throw new ApiError(422, 'validation_failed', { errors: fieldErrors(validate.errors, translate, `/${step}`) });
    }
    // Text that cannot deceive: no control, bidi or zero-width characters (line breaks in textareas only).
    const hidden = hiddenTextPaths(cleaned, `/${step}`, form.uiSchema);
    if (hidden.length > 0) {
      const message = validationMessage(language, 'hidden_characters');
      const errors = hidden.slice(0, MAX_FIELD_ERRORS).map((path) => ({ path, message }));
      throw new ApiError(422, 'validation_failed', { errors });
    }
    const unstorable = unstorableText(cleaned, `/${step}`);
    if (unstorable) {
      throw new ApiError(422, 'validation_failed', {
        errors: [{ path: unstorable, message: validationMessage(language, 'invalid') }],
      });
    }
    // The engineer step (whatever it is called) needs the engineer's confirmation by SMS code.
    if (
      moduleOf(form) === 'engineer' &&
      !(await this.engineerProofs.isValid(cleaned.validation_token, cleaned.engineer_id, applicationId))
    ) {
      throw new ApiError(422, 'engineer_unconfirmed', {
        errors: [{ path: `/${step}/validation_token`, message: validationMessage(language, 'engineer_unconfirmed') }],
      });
    }
    return cleaned;
  }

  /**
   * A step of a returned application answered again (src/server/changes): the very checks of a save,
   * with the step's schema of `served` (the forms version the application was submitted under), then
   * the rules across steps over all its answers with this step's new ones. Answers the step as stored, or 422.
   */
  async validAnswerAgain(
    served: Served,
    flow: readonly string[],
    answers: Record<string, Answers>,
    step: string,
    data: Answers,
    language: Language,
    applicationId: number,
  ): Promise<Answers> {
    const cleaned = await this.validStep(step, data, language, applicationId, served);
    // Only what this answer breaks: a rule another step broke before is not this step's to answer.
    const key = (e: FieldError) => `${e.path} ${e.message}`;
    const before = new Set(ruleErrors(answers, served.forms.steps, flow, language).map(key));
    const errors = ruleErrors({ ...answers, [step]: cleaned }, served.forms.steps, flow, language).filter(
      (e) => !before.has(key(e)),
    );
    if (errors.length > 0) throw new ApiError(422, 'validation_failed', { errors: errors.slice(0, MAX_FIELD_ERRORS) });
    return cleaned;
  }

  /**
   * The draft being continued, locked for the rest of the transaction. Its owner was proven by
   * `currentDraft` just before (a query of the proof here would wait for the transaction's own
   * connection on PGlite); this checks that it is still the same draft.
   */
  private async draftFor(trx: Transaction<Database>, input: DraftInput): Promise<ApplicationRecord | undefined> {
    return checkedDraft(input, (reference) => findForUpdate(trx, reference), undefined);
  }

  /** The draft being continued as it is now, unlocked, for its owner: written back with `updateIfUnchanged`. */
  private async currentDraft(input: DraftInput, access: DraftAccess): Promise<ApplicationRecord | undefined> {
    return checkedDraft(
      input,
      (reference) => findByReference(this.db, reference),
      () => this.owners.applicationOf(access.proof),
    );
  }

  /** The draft a save continues, for its owner: this process's copy of it when it has one (`fromCopy`), else as stored. */
  private async draftToContinue(
    input: DraftInput,
    access: DraftAccess,
    fromCopy: boolean,
  ): Promise<{ existing: ApplicationRecord | undefined; copied: boolean }> {
    let copied = false;
    const existing = await checkedDraft(
      input,
      async (reference) => {
        const copy = fromCopy ? this.recent.get(reference) : undefined;
        copied = copy !== undefined;
        return copy ?? findByReference(this.db, reference);
      },
      () => this.owners.applicationOf(access.proof),
    );
    return { existing, copied };
  }
}

type DraftInput = { application_type: string; reference_number?: string };

/**
 * Whether a draft was saved under forms older than those served (or before versions existed). Never
 * back: a server that has not yet seen a newer version (within FORMS_RECHECK_MS) leaves a draft saved
 * under it as it is.
 */
function isBehind(draftVersion: number | null, served: number): boolean {
  return draftVersion === null || draftVersion < served;
}

/** Whether a client's forms version (FormsDocument.version) is older than the version being served. */
function isOlder(clientVersion: string | undefined, served: number): boolean {
  return clientVersion !== undefined && Number(clientVersion) < served;
}

function formsChanged(version: number, pending: QuestionToAnswer[]): FormsChanged {
  return { forms_version: String(version), to_answer: pending, first_step: pending[0]?.step ?? '' };
}

/** 409 forms_changed: the client's forms are older, and the draft must answer `pending` under the new ones. */
function formsChangedError(version: number, pending: QuestionToAnswer[]): ApiError {
  return new ApiError(409, FORMS_CHANGED, { ...formsChanged(version, pending) });
}

/** Answers by step sent from older forms: only the steps of the flow, each with only the answers its schema declares. */
function knownSteps(data: Record<string, Answers>, forms: MigrationForms): Record<string, Answers> {
  return Object.fromEntries(
    Object.entries(data)
      .filter(([step]) => forms.flow.includes(step))
      .map(([step, answers]) => [step, knownAnswers(forms.steps[step]?.schema, answers) as Answers]),
  );
}

/**
 * The draft a call continues, if it names one. Without the proof of its owner (`ownerOf` finds the
 * draft the caller's proof opens) the answer is 404, as for an unknown number, before the draft is
 * read; then 409 once submitted or of another type.
 */
async function checkedDraft(
  input: DraftInput,
  find: (reference: string) => Promise<ApplicationRecord | undefined>,
  ownerOf: (() => Promise<number | undefined>) | undefined,
): Promise<ApplicationRecord | undefined> {
  if (input.reference_number === undefined) return undefined;
  const reference = normalizeReferenceNumber(input.reference_number);
  const owned = ownerOf ? await ownerOf() : undefined;
  if (!reference || (ownerOf && owned === undefined)) throw new ApiError(404, 'draft_not_found');
  const record = await find(reference);
  if (!record || (ownerOf && record.id !== owned)) throw new ApiError(404, 'draft_not_found');
  if (record.status !== DRAFT)
    throw new ApiError(409, record.status === 'withdrawn' ? 'application_withdrawn' : 'already_submitted');
  if (record.application_type !== input.application_type) throw new ApiError(409, 'other_application_type');
  return record;
}

type Steps = Readonly<Record<string, StepForm | undefined>>;

/** The rules across steps (src/shared/cross-step-rules.ts), as field errors in the applicant's language. */
function ruleErrors(answers: Answers, forms: Steps, flow: readonly string[], language: Language): FieldError[] {
  return crossStepErrors(answers, forms, flow).map((error) => ({
    path: error.path,
    message: validationMessage(language, error.key, error.params),
  }));
}

/** The applicant's phone and ID number, from the applicant step (whatever it is called), kept in their own columns. */
function contactOf(
  answers: Answers,
  forms: Steps,
  flow: readonly string[],
): { phone: string | null; id_number: string | null } {
  const personal = moduleAnswers(answers, forms, 'applicant', flow);
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  return { phone: text(personal.phone), id_number: text(personal.zan_id) ?? text(personal.passport_number) };
}

/** The documents (the required ones, and any other the answers name) whose named attachment was not uploaded to this application as that document. */
async function unknownAttachments(
  trx: Transaction<Database>,
  applicationId: number | undefined,
  required: { id: string }[],
  uploads: Answers,
): Promise<string[]> {
  const named = (uploads.documents ?? {}) as Record<string, string>;
  const rows = applicationId === undefined ? [] : await uploadedDocumentTypes(trx, applicationId);
  const uploaded = new Map(rows.map((r) => [r.id, r.document_type]));
  // Every required document, and every other one the answers name (an optional one given): its own upload.
  const codes = new Set([...required.map((d) => d.id), ...Object.keys(named)]);
  return [...codes].filter((code) => uploaded.get(named[code] ?? '') !== code);
}
