import { DECLARED_EVENT } from '../../shared/api/declaration';
import type { SubmittedAnswer } from '../../shared/api/applications';
import type { SubmitApplicationRequest } from '../../shared/api/continue';
import type { Language } from '../../shared/reference-data';
import { isApplicationType } from '../../shared/wizard-driver';
import { recordScales } from '../attachments/attachment-scales';
import { isUniqueViolation } from '../db/database-errors';
import { ApiError } from '../http/envelope';
import { validationMessage } from '../i18n/messages';
import type { ApplicationParts, SubmitInput } from './application-parts';
import { insertApplication, updateApplication, type ApplicationRecord } from './applications-repository';
import { insertEvent } from './history-repository';
import { moveStatus } from './status-move';
import { DRAFT, type DraftAccess } from './checked-draft';
import { contactOf } from './contact-columns';
import { requireDeclaration } from './declaration';
import { migrateDraft, type DraftMigration, type MigrationForms } from './draft-migration';
import { formsChangedError, isBehind, isOlder, knownSteps, migrationForms } from './migration-forms';
import { PhoneChange, phoneChangeOf, tellOldPhoneQuietly } from './phone-change';
import { formatReferenceNumber, newReferenceNumber } from './reference-number';
import { checkUploads, documentsNamed, validSubmission, type SubmittedDocuments } from './submit-checks';
import { validationFailed } from '../../shared/api/errors';
import { errorAnswer } from '../http/contract-error';

type Answers = Record<string, unknown>;

const SUBMITTED = 'submitted';

/** The final save (and Submit of a continued draft): every step of the flow valid, then submitted. */
export async function submitApplication(
  parts: ApplicationParts,
  input: SubmitInput,
  language: Language,
  access: DraftAccess = {},
): Promise<SubmittedAnswer> {
  requireDeclaration(input.declaration, language);
  const saveId = input.save_id;
  if (!saveId) return submitOnce(parts, input, language, access);
  // A Submit sent again (its answer lost on the way) answers as the first did.
  const repeated = await parts.receipts.repeatedSubmit(saveId, input, access.proof);
  if (repeated) return repeated;
  return submitOnce(parts, input, language, access).catch(async (error: unknown) => {
    // The same Submit sent twice at once: the other went through first (this one then found the
    // draft submitted, or the receipt's key taken).
    const raced = isUniqueViolation(error) || (error instanceof ApiError && error.code === 409);
    const again = raced && (await parts.receipts.repeatedSubmit(saveId, input, access.proof));
    if (!again) throw error;
    return again;
  });
}

/** Submit of a continued draft: its type comes from the draft itself. */
export async function submitDraft(
  parts: ApplicationParts,
  input: SubmitApplicationRequest,
  language: Language,
  access: DraftAccess,
): Promise<SubmittedAnswer> {
  const row = await parts.owners.owned(input.reference_number, access.proof);
  if (!isApplicationType(row.application_type)) throw new ApiError(404, 'draft_not_found');
  return submitApplication(parts, { ...input, application_type: row.application_type }, language, access);
}

async function submitOnce(
  parts: ApplicationParts,
  input: SubmitInput,
  language: Language,
  access: DraftAccess,
): Promise<SubmittedAnswer> {
  const { version, forms: migrating } = await migrationForms(parts.forms, input.application_type);
  const flow = { flow: migrating.flow, forms: migrating.steps };
  const clientOlder = isOlder(input.forms_version, version);
  // From older forms: steps and answers the served forms no longer have are no answers.
  const data = clientOlder ? knownSteps(input.data, migrating) : input.data;
  const unknown = Object.keys(data).filter((step) => !flow.flow.includes(step));
  if (unknown.length > 0) {
    throw errorAnswer(validationFailed, {
      errors: unknown.map((step) => ({
        path: `/${step}`,
        message: validationMessage(language, 'additionalProperties'),
      })),
    });
  }
  // Validated outside the transaction: on PGlite a query of the engineer check would wait for the
  // transaction's connection.
  const before = await parts.drafts.current(input, access); // checked again under the lock before writing
  const given: Answers = { ...(before?.answers ?? {}), ...data };
  const migration =
    clientOlder || (before && isBehind(before.forms_version, version)) ? migrateDraft(given, migrating) : undefined;
  if (clientOlder && migration && migration.toAnswer.length > 0) throw formsChangedError(version, migration.toAnswer);
  const merged = migration?.answers ?? given;
  const phoneChange =
    before &&
    phoneChangeOf(
      contactOf(before.answers, flow.forms, flow.flow).phone,
      contactOf(merged, flow.forms, flow.flow).phone,
    );
  if (phoneChange) {
    const confirmed = await parts.phones.confirmed(before.reference_number, input.phone_code, language);
    if (!PhoneChange.confirms(confirmed, phoneChange))
      return parts.phones.askForCode(before.reference_number, phoneChange, language);
  }
  const answers = await validSubmission(parts.steps, flow, before, data, merged, language);
  // The document rules of the forms being served: only the required documents that apply block submit.
  const rules = (await parts.forms.get()).forms.documents;
  const documents = documentsNamed(input.application_type, answers, rules, flow, language);
  const result = await submitted(parts, input, { before, answers, documents, version, migrating, migration }, language);
  if (phoneChange) await tellOldPhoneQuietly(parts.phones, result.reference_number, phoneChange, language);
  return result;
}

/** What a Submit writes, all checked but the draft's state under its lock and its uploads. */
interface Submission {
  before: ApplicationRecord | undefined;
  answers: Answers;
  documents: SubmittedDocuments;
  version: number;
  migrating: MigrationForms;
  migration: DraftMigration | undefined;
}

/**
 * The draft submitted (or the application created) in one transaction, with its history, the reference
 * SMS and the Submit's receipt, if the draft is still as it was read; the SMS's first attempt after it commits.
 */
async function submitted(
  parts: ApplicationParts,
  input: SubmitInput,
  { before, answers, documents, version, migrating, migration }: Submission,
  language: Language,
): Promise<SubmittedAnswer> {
  const saveId = input.save_id;
  const { flow: steps, steps: forms } = migrating;
  let sms: number | undefined;
  const result = await parts.db.transaction().execute(async (trx) => {
    const existing = await parts.drafts.locked(trx, input);
    const asRead = (record: ApplicationRecord | undefined) => JSON.stringify([record?.answers, record?.unfinished]);
    if (asRead(existing) !== asRead(before)) {
      throw new ApiError(409, 'changed_meanwhile');
    }
    await checkUploads(trx, existing?.id, documents, language);
    if (existing) await recordScales(trx, existing.id, documents.uploads);
    if (existing) await parts.drafts.recordDropped(existing.id, existing.forms_version, version, migration, trx);
    // The answers written as the draft they are; the status then moves as every status does (status-move.ts).
    const changes = {
      status: DRAFT,
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
    await insertEvent(trx, record.id, { status: DECLARED_EVENT, remark: null });
    await moveStatus(trx, { id: record.id, status: DRAFT }, { to: SUBMITTED, remark: null });
    sms = await parts.referenceSms?.queue(trx, 'submitted', {
      ...changes,
      reference: record.reference_number,
    });
    if (saveId) await parts.receipts.submitted(trx, saveId, record.id, steps.length, !existing);
    parts.drafts.forget(record.reference_number);
    return { reference_number: formatReferenceNumber(record.reference_number), status: SUBMITTED };
  });
  parts.referenceSms?.deliver(sms);
  return result;
}
