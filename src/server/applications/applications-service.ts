import type { Kysely, Transaction } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { FieldError } from '../../shared/envelope';
import type { Language } from '../../shared/reference-data';
import { crossStepErrors } from '../../shared/cross-step-rules';
import { hiddenTextPaths } from '../../shared/hidden-characters';
import { applyComputed, dropInactiveAnswers, fieldErrors } from '../../shared/step-answers';
import { missingDocuments, requiredDocuments } from '../../shared/required-documents';
import { canVisit, isApplicationType, isReadyToSubmit, type ApplicationType } from '../../shared/wizard-driver';
import type { Database } from '../db/schema';
import type { FormsService } from '../forms/forms-service';
import { ApiError } from '../http/envelope';
import { validationMessage } from '../i18n/messages';
import {
  addEvent,
  findByReference,
  findForUpdate,
  insertApplication,
  updateApplication,
  updateIfUnchanged,
  type ApplicationRecord,
} from './applications-repository';
import { recordScales } from '../attachments/attachment-scales';
import { formatReferenceNumber, newReferenceNumber, normalizeReferenceNumber } from './reference-number';

type Answers = Record<string, unknown>;

export interface SaveStepInput {
  application_type: ApplicationType;
  /** The number of the step being saved, 1 for the first step of the flow. */
  step_number: number;
  data: Answers;
  reference_number?: string;
}

export interface SubmitInput {
  application_type: ApplicationType;
  /** Answers by step id: those not saved before, or changed. */
  data: Record<string, Answers>;
  reference_number?: string;
}

/**
 * Whether a validation token from validate_otp proves that this engineer confirmed by SMS code.
 * The engineer step is refused without one.
 */
export interface EngineerProofs {
  isValid(token: unknown, engineerId: unknown): Promise<boolean>;
}

const DRAFT = 'draft';
/** Saves of one draft racing each other: each tries this often before answering 409 changed_meanwhile. */
const SAVE_ATTEMPTS = 5;
const SUBMITTED = 'submitted';
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
  ) {}

  /** Save And Continue: validates one step, creates the draft on the first call. */
  async saveStep(input: SaveStepInput, language: Language): Promise<{ reference_number: string; step_number: number }> {
    const steps = await this.flow(input.application_type);
    const step = steps[input.step_number - 1];
    if (!step)
      throw new ApiError(422, 'unknown_step', {
        errors: [{ path: '/step_number', message: validationMessage(language, 'invalid') }],
      });
    const answers = await this.validStep(step, input.data, language);

    // Compare-and-set rather than a transaction holding the row: read the draft, check the step
    // against it, write only if nothing else wrote it meanwhile, else start again from what is there.
    // The kept copy first, if any; a copy found stale is not counted among the attempts.
    let fromCopy = true;
    for (let attempt = 1; ;) {
      const { existing, copied } = await this.draftToContinue(input, fromCopy);
      const saved = { ...(existing?.answers ?? {}), [step]: answers };
      const stepNumber = Math.max(existing?.step_number ?? 0, input.step_number);
      // A stale copy could refuse a step that the draft as it is allows: only the stored draft refuses.
      const refusal = this.stepRefusal(steps, saved, step, language);
      if (refusal && !copied) throw refusal;
      const changes = { status: DRAFT, step_number: stepNumber, answers: saved, language, ...contactOf(saved) };
      const written = refusal
        ? undefined
        : existing
          ? (await updateIfUnchanged(this.db, existing, changes)) && {
              ...existing,
              step_number: stepNumber,
              answers: saved,
              revision: existing.revision + 1,
            }
          : await insertApplication(this.db, newReferenceNumber(), input.application_type, changes);
      if (written) {
        this.keep(written);
        return {
          reference_number: formatReferenceNumber(written.reference_number),
          step_number: Math.min(stepNumber + 1, steps.length),
        };
      }
      if (copied && existing) {
        this.recent.delete(existing.reference_number);
        fromCopy = false;
        continue;
      }
      if (attempt === SAVE_ATTEMPTS) throw new ApiError(409, 'changed_meanwhile');
      attempt++;
    }
  }

  /** Why this step cannot be saved into these answers (out of order, or a rule across steps broken), if it cannot. */
  private stepRefusal(
    steps: readonly string[],
    saved: Answers,
    step: string,
    language: Language,
  ): ApiError | undefined {
    if (!canVisit(steps, saved, step)) return new ApiError(409, 'step_out_of_order');
    // Only the rules about this step: a changed storey count is fixed on the floors' own step.
    const broken = ruleErrors(saved, language).filter((error) => error.path.startsWith(`/${step}/`));
    return broken.length > 0 ? new ApiError(422, 'validation_failed', { errors: broken }) : undefined;
  }

  /** Keeps the draft as written, unless a later write of it is kept already (answers may come back out of order). */
  private keep(record: ApplicationRecord): void {
    const kept = this.recent.get(record.reference_number);
    if (!kept || kept.revision < record.revision) this.recent.set(record.reference_number, record);
  }

  /** The final save (and Submit of a continued draft): every step of the flow valid, then submitted. */
  async submit(input: SubmitInput, language: Language): Promise<{ reference_number: string; status: string }> {
    const steps = await this.flow(input.application_type);
    const unknown = Object.keys(input.data).filter((step) => !steps.includes(step));
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
    const before = await this.currentDraft(input); // checked again under the lock before writing
    const merged: Answers = { ...(before?.answers ?? {}), ...input.data };
    const missing = steps.filter((step) => !(step in merged));
    if (!isReadyToSubmit(steps, merged)) {
      throw new ApiError(422, 'validation_failed', {
        errors: missing.map((step) => ({ path: `/${step}`, message: validationMessage(language, 'required') })),
      });
    }
    const answers: Answers = {};
    const errors: FieldError[] = [];
    for (const step of steps) {
      try {
        answers[step] = await this.validStep(step, merged[step] as Answers, language);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        errors.push(...((error.data.errors as FieldError[] | undefined) ?? []));
      }
    }
    errors.push(...ruleErrors(answers, language));
    if (errors.length > 0) throw new ApiError(422, 'validation_failed', { errors });
    const reference = await this.forms.references();
    const required = requiredDocuments(input.application_type, answers, reference);
    const documents = missingDocuments(required, answers);
    if (documents.length > 0) {
      throw new ApiError(422, 'documents_missing', {
        errors: documents.map((code) => ({
          path: `/uploads/documents/${code}`,
          message: validationMessage(language, 'required'),
        })),
      });
    }

    return this.db.transaction().execute(async (trx) => {
      const existing = await this.draftFor(trx, input);
      if (JSON.stringify(existing?.answers ?? null) !== JSON.stringify(before?.answers ?? null)) {
        throw new ApiError(409, 'changed_meanwhile');
      }
      const wrong = await unknownAttachments(trx, existing?.id, required, answers);
      if (wrong.length > 0) {
        throw new ApiError(422, 'documents_missing', {
          errors: wrong.map((code) => ({
            path: `/uploads/documents/${code}`,
            message: validationMessage(language, 'invalid'),
          })),
        });
      }
      if (existing) await recordScales(trx, existing.id, answers);
      const changes = {
        status: SUBMITTED,
        step_number: steps.length,
        answers,
        submitted: true,
        language,
        ...contactOf(answers),
      };
      const record = existing
        ? (await updateApplication(trx, existing.id, changes), existing)
        : await insertApplication(trx, newReferenceNumber(), input.application_type, changes);
      await addEvent(trx, record.id, SUBMITTED);
      this.recent.delete(record.reference_number);
      return { reference_number: formatReferenceNumber(record.reference_number), status: SUBMITTED };
    });
  }

  /** Submit of a continued draft: its type comes from the draft itself. */
  async submitDraft(
    referenceInput: string,
    data: Record<string, Answers>,
    language: Language,
  ): Promise<{ reference_number: string; status: string }> {
    const reference = normalizeReferenceNumber(referenceInput);
    const row = reference
      ? await this.db
          .selectFrom('application')
          .select('application_type')
          .where('reference_number', '=', reference)
          .executeTakeFirst()
      : undefined;
    if (!row || !isApplicationType(row.application_type)) throw new ApiError(404, 'application_not_found');
    return this.submit({ application_type: row.application_type, data, reference_number: referenceInput }, language);
  }

  private async flow(type: ApplicationType): Promise<readonly string[]> {
    return (await this.forms.get()).forms.flows[type];
  }

  /** The step's answers as they will be stored (totals computed, stale conditional answers dropped), or 422. */
  private async validStep(step: string, data: Answers, language: Language): Promise<Answers> {
    const validate = await this.forms.validator(step);
    const form = (await this.forms.get()).forms.steps[step];
    const schema = form?.schema;
    if (!validate || !schema) throw new ApiError(422, 'unknown_step', {});
    const cleaned = dropInactiveAnswers(this.forms.ajv, schema, applyComputed(schema, data)) as Answers;
    if (!validate(cleaned)) {
      const translate = (key: string, params: Record<string, unknown>) => validationMessage(language, key, params);
      throw new ApiError(422, 'validation_failed', { errors: fieldErrors(validate.errors, translate, `/${step}`) });
    }
    // Text that cannot deceive: no control, bidi or zero-width characters (line breaks in textareas only).
    const hidden = hiddenTextPaths(cleaned, `/${step}`, form.uiSchema);
    if (hidden.length > 0) {
      const message = validationMessage(language, 'hidden_characters');
      throw new ApiError(422, 'validation_failed', { errors: hidden.map((path) => ({ path, message })) });
    }
    const unstorable = unstorableText(cleaned, `/${step}`);
    if (unstorable) {
      throw new ApiError(422, 'validation_failed', {
        errors: [{ path: unstorable, message: validationMessage(language, 'invalid') }],
      });
    }
    if (step === 'engineer' && !(await this.engineerProofs.isValid(cleaned.validation_token, cleaned.engineer_id))) {
      throw new ApiError(422, 'engineer_unconfirmed', {
        errors: [{ path: '/engineer/validation_token', message: validationMessage(language, 'engineer_unconfirmed') }],
      });
    }
    return cleaned;
  }

  /** The draft being continued, locked for the rest of the transaction. */
  private async draftFor(trx: Transaction<Database>, input: DraftInput): Promise<ApplicationRecord | undefined> {
    return checkedDraft(input, (reference) => findForUpdate(trx, reference));
  }

  /** The draft being continued as it is now, unlocked: written back with `updateIfUnchanged`. */
  private async currentDraft(input: DraftInput): Promise<ApplicationRecord | undefined> {
    return checkedDraft(input, (reference) => findByReference(this.db, reference));
  }

  /** The draft a save continues: this process's copy of it when it has one (`fromCopy`), else as stored. */
  private async draftToContinue(
    input: DraftInput,
    fromCopy: boolean,
  ): Promise<{ existing: ApplicationRecord | undefined; copied: boolean }> {
    let copied = false;
    const existing = await checkedDraft(input, async (reference) => {
      const copy = fromCopy ? this.recent.get(reference) : undefined;
      copied = copy !== undefined;
      return copy ?? findByReference(this.db, reference);
    });
    return { existing, copied };
  }
}

type DraftInput = { application_type: string; reference_number?: string };

/** The draft a call continues, if it names one: 404 for an unknown number, 409 once submitted or of another type. */
async function checkedDraft(
  input: DraftInput,
  find: (reference: string) => Promise<ApplicationRecord | undefined>,
): Promise<ApplicationRecord | undefined> {
  if (input.reference_number === undefined) return undefined;
  const reference = normalizeReferenceNumber(input.reference_number);
  const record = reference ? await find(reference) : undefined;
  if (!record) throw new ApiError(404, 'application_not_found');
  if (record.status !== DRAFT) throw new ApiError(409, 'already_submitted');
  if (record.application_type !== input.application_type) throw new ApiError(409, 'other_application_type');
  return record;
}

/**
 * The path of the first text that PostgreSQL's jsonb cannot store (a NUL character or a lone UTF-16
 * surrogate, both valid in JSON): refused as invalid rather than failing the insert with a 500.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
function unstorableText(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') || LONE_SURROGATE.test(value) ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = unstorableText(item, `${path}/${key}`);
    if (found) return found;
  }
  return undefined;
}

/** The rules across steps (src/shared/cross-step-rules.ts), as field errors in the applicant's language. */
function ruleErrors(answers: Answers, language: Language): FieldError[] {
  return crossStepErrors(answers).map((error) => ({
    path: error.path,
    message: validationMessage(language, error.key, error.params),
  }));
}

/** The applicant's phone and ID number, from the personal step, kept in their own columns. */
function contactOf(answers: Answers): { phone: string | null; id_number: string | null } {
  const personal = (answers.personal ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  return { phone: text(personal.phone), id_number: text(personal.zan_id) ?? text(personal.passport_number) };
}

/** The required documents whose named attachment was not uploaded to this application as that document. */
async function unknownAttachments(
  trx: Transaction<Database>,
  applicationId: number | undefined,
  required: { code: string }[],
  answers: Answers,
): Promise<string[]> {
  const named = ((answers.uploads ?? {}) as { documents?: Record<string, string> }).documents ?? {};
  const rows =
    applicationId === undefined
      ? []
      : await trx
          .selectFrom('attachment')
          .select(['id', 'document_type'])
          .where('application_id', '=', applicationId)
          .execute();
  const uploaded = new Map(rows.map((r) => [r.id, r.document_type]));
  return required.filter((d) => uploaded.get(named[d.code] ?? '') !== d.code).map((d) => d.code);
}
