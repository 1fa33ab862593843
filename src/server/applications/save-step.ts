import { knownAnswers } from '../../shared/forms-changed';
import type { Language } from '../../shared/reference-data';
import {
  finishedAnswers,
  stepAfterSave,
  stepAtNumber,
  stepNumberAfterSave,
  stepNumberOf,
} from '../../shared/wizard-driver';
import { ApiError } from '../http/envelope';
import { validationMessage } from '../i18n/messages';
import type { ApplicationParts, SaveStepInput, SaveStepResult, StepWritten } from './application-parts';
import type { ApplicationRecord } from './applications-repository';
import { DRAFT, type DraftAccess } from './checked-draft';
import { contactOf } from './contact-columns';
import { migrateDraft, type MigrationForms } from './draft-migration';
import type { DraftRead } from './draft-writer';
import { keepUnfinished } from './keep-unfinished';
import { formsChanged, formsChangedError, isBehind, isOlder, migrationForms, flowOfVersion } from './migration-forms';
import { PhoneChange, phoneChangeOf, tellOldPhoneQuietly } from './phone-change';
import { formatReferenceNumber } from './reference-number';
import { stepRefusal } from './step-validation';
import { unfinishedAnswers, withoutStep } from './unfinished-steps';
import { unknownStep as unknownStepError, validationFailed } from '../../shared/api/errors';
import { errorAnswer } from '../http/contract-error';

type Answers = Record<string, unknown>;

/** The step a save answers, under the forms being served. */
interface StepSaved {
  step: string;
  stepNumber: number;
  version: number;
  migrating: MigrationForms;
  /** The client's forms are older than the served ones. */
  clientOlder: boolean;
  language: Language;
}

/**
 * Save And Continue: validates one step, creates the draft on the first call (and its owner's secret,
 * for the draft cookie). A draft named by its reference number is written only with its owner's proof.
 */
export async function saveStep(
  parts: ApplicationParts,
  input: SaveStepInput,
  language: Language,
  access: DraftAccess = {},
): Promise<SaveStepResult> {
  const { version, forms: migrating } = await migrationForms(parts.forms, input.application_type);
  const steps = migrating.flow;
  const clientOlder = isOlder(input.forms_version, version);
  // The flow the step was filled in: the client's older forms', or the served one.
  const filledIn = clientOlder
    ? await flowOfVersion(parts.forms, Number(input.forms_version), input.application_type)
    : steps;
  const step = stepAtNumber(filledIn, input.step_number);
  const answered = (written: StepWritten): SaveStepResult => ({
    ...written,
    next_step: stepAfterSave(filledIn, input.step_number),
  });
  const stepNumber = step === undefined ? 0 : stepNumberOf(steps, step);
  const unknownStep = errorAnswer(unknownStepError, {
    errors: [{ path: '/step_number', message: validationMessage(language, 'invalid') }],
  });
  if (step === undefined) throw unknownStep;
  const saveId = input.save_id;
  const repeated = saveId && (await parts.receipts.repeat(saveId, input, access.proof));
  if (repeated) return answered(repeated);
  // Whose draft it is before any work on the answers: a stranger's save costs one lookup.
  const first = await parts.drafts.toContinue(input, access, true);
  const existing = first.existing;
  if (stepNumber === 0) {
    // The step the client shows (from older forms) is gone from the flow: what the draft must answer instead.
    const pending = migrateDraft(existing?.answers ?? {}, migrating).toAnswer;
    throw formsChangedError(version, pending);
  }
  // Answers to questions the client's older forms had and the served ones have not are no answers.
  const data = clientOlder ? (knownAnswers(migrating.steps[step]?.schema, input.data) as Answers) : input.data;
  if (input.unfinished) {
    const form = migrating.steps[step];
    if (!form) throw unknownStep;
    const typed = unfinishedAnswers(step, form, data, language);
    return answered(
      await keepUnfinished(parts, input, access, { step, stepNumber, typed, version, migrating, language }, first),
    );
  }
  const saved: StepSaved = { step, stepNumber, version, migrating, clientOlder, language };
  const answers = await validAnswers(parts, saved, data, existing);
  const confirmedPhone = existing
    ? await parts.phones.confirmed(existing.reference_number, input.phone_code, language)
    : undefined;
  return answered(
    await parts.drafts.save(input, access, first, (draft) =>
      saveAttempt(parts, input, saved, answers, confirmedPhone, draft),
    ),
  );
}

/** The step's answers as stored; from older forms, a refusal that the forms' change explains is 409 forms_changed. */
async function validAnswers(
  parts: ApplicationParts,
  { step, version, migrating, clientOlder, language }: StepSaved,
  data: Answers,
  existing: ApplicationRecord | undefined,
): Promise<Answers> {
  try {
    return await parts.steps.valid(step, data, language, existing?.id);
  } catch (error) {
    const pending = clientOlder ? migrateDraft({ ...(existing?.answers ?? {}), [step]: data }, migrating).toAnswer : [];
    if (error instanceof ApiError && error.messageKey === validationFailed.code && pending.length > 0)
      throw formsChangedError(version, pending);
    throw error;
  }
}

/**
 * One attempt of a save's compare-and-set (draft-writer.ts): checks the step against the draft as read,
 * then writes; undefined when the draft changed meanwhile (or a stale copy refused what the stored draft may allow).
 */
async function saveAttempt(
  parts: ApplicationParts,
  input: SaveStepInput,
  { step, stepNumber, version, migrating, clientOlder, language }: StepSaved,
  answers: Answers,
  confirmedPhone: string | undefined,
  { existing, copied }: DraftRead,
): Promise<StepWritten | undefined> {
  const { flow: steps, steps: forms } = migrating;
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
  let refusal = stepRefusal(
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
  if (unconfirmed && existing && !copied)
    return parts.phones.askForCode(existing.reference_number, phoneChange, language);
  if (refusal || unconfirmed) return undefined;
  const changes = {
    status: DRAFT,
    step_number: reached,
    answers: saved,
    language,
    forms_version: version,
    ...contact,
    ...(unfinished ? { unfinished } : {}),
  };
  const written = await parts.drafts.write(input, existing, changes, toOpen, migration);
  if (!written || !('id' in written)) return written;
  if (phoneChange) await tellOldPhoneQuietly(parts.phones, written.reference_number, phoneChange, language);
  return {
    reference_number: formatReferenceNumber(written.reference_number),
    step_number: toOpen,
    ...('secret' in written ? { secret: written.secret as string } : {}),
    ...(pending.length > 0 ? { forms_changed: formsChanged(version, pending) } : {}),
  };
}
