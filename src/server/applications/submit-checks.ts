import type { Transaction } from 'kysely';
import { MAX_FIELD_ERRORS } from '../../shared/answer-bounds';
import type { FieldError } from '../../shared/envelope';
import type { DocumentRule, StepForm } from '../../shared/forms';
import type { Language } from '../../shared/reference-data';
import { missingDocuments, requiredDocuments } from '../../shared/required-documents';
import { moduleAnswers, stepWithModule } from '../../shared/step-modules';
import { finishedAnswers, isReadyToSubmit, type ApplicationType } from '../../shared/wizard-driver';
import { uploadedDocumentTypes } from '../attachments/attachments-access';
import type { Database } from '../db/schema';
import { ApiError } from '../http/envelope';
import { validationMessage } from '../i18n/messages';
import type { ApplicationRecord } from './applications-repository';
import { ruleErrors, type StepValidation } from './step-validation';
import { documentsMissing, validationFailed } from '../../shared/api/errors';
import { errorAnswer } from '../http/contract-error';

type Answers = Record<string, unknown>;
type Steps = Readonly<Record<string, StepForm | undefined>>;

/**
 * Every step of the flow finished and valid, and the rules across steps kept, or 422: the answers as
 * they will be stored. Every step is validated again, not only those sent now: forms, reference lists
 * and engineer confirmations may have changed since a step was saved.
 */
export async function validSubmission(
  validation: StepValidation,
  { flow, forms }: { flow: readonly string[]; forms: Steps },
  before: ApplicationRecord | undefined,
  sent: Answers,
  merged: Answers,
  language: Language,
): Promise<Answers> {
  // A step kept unfinished (Save & Complete Later) counts only once valid answers for it are sent.
  const open = Object.keys(before?.unfinished ?? {}).filter((step) => !(step in sent));
  const missing = flow.filter((step) => !(step in merged) || open.includes(step));
  if (!isReadyToSubmit(flow, finishedAnswers(merged, open))) {
    throw errorAnswer(validationFailed, {
      errors: missing.map((step) => ({ path: `/${step}`, message: validationMessage(language, 'required') })),
    });
  }
  const answers: Answers = {};
  const errors: FieldError[] = [];
  for (const step of flow) {
    try {
      answers[step] = await validation.valid(step, merged[step] as Answers, language, before?.id);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      errors.push(...((error.data.errors as FieldError[] | undefined) ?? []));
    }
    if (errors.length >= MAX_FIELD_ERRORS) break;
  }
  if (errors.length < MAX_FIELD_ERRORS) errors.push(...ruleErrors(answers, forms, flow, language));
  if (errors.length > 0) throw errorAnswer(validationFailed, { errors: errors.slice(0, MAX_FIELD_ERRORS) });
  return answers;
}

/** The documents a Submit carries: the documents step (if the flow has one), the required documents and the answers naming the uploads. */
export interface SubmittedDocuments {
  step: string | undefined;
  required: { id: string }[];
  uploads: Answers;
}

/** The required documents that apply (by the document rules of the forms being served), each named in the answers, or 422 documents_missing. */
export function documentsNamed(
  type: ApplicationType,
  answers: Answers,
  rules: readonly DocumentRule[],
  { flow, forms }: { flow: readonly string[]; forms: Steps },
  language: Language,
): SubmittedDocuments {
  const required = requiredDocuments(type, answers, rules);
  // The documents step, whatever it is called: without one in the flow, nothing can be uploaded.
  const step = stepWithModule(forms, 'documents', flow);
  const uploads = moduleAnswers(answers, forms, 'documents', flow);
  const documents = missingDocuments(step === undefined ? [] : required, uploads);
  if (documents.length > 0) {
    throw errorAnswer(documentsMissing, {
      errors: documents.map((code) => ({
        path: `/${step}/documents/${code}`,
        message: validationMessage(language, 'required'),
      })),
    });
  }
  return { step, required, uploads };
}

/** Each document named is an attachment uploaded to this application as that document, or 422 documents_missing. */
export async function checkUploads(
  trx: Transaction<Database>,
  applicationId: number | undefined,
  { step, required, uploads }: SubmittedDocuments,
  language: Language,
): Promise<void> {
  const wrong = step === undefined ? [] : await unknownAttachments(trx, applicationId, required, uploads);
  if (wrong.length > 0) {
    throw errorAnswer(documentsMissing, {
      errors: wrong.map((code) => ({
        path: `/${step}/documents/${code}`,
        message: validationMessage(language, 'invalid'),
      })),
    });
  }
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
