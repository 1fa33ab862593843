import type { Language } from '../../shared/reference-data';
import { canVisit, finishedAnswers } from '../../shared/wizard-driver';
import { ApiError } from '../http/envelope';
import type { ApplicationParts, SaveStepInput, StepWritten } from './application-parts';
import { DRAFT, type DraftAccess } from './checked-draft';
import { contactOf } from './contact-columns';
import { migrateDraft, type MigrationForms } from './draft-migration';
import type { DraftRead } from './draft-writer';
import { formsChanged, isBehind } from './migration-forms';
import { formatReferenceNumber } from './reference-number';

type Answers = Record<string, unknown>;

/** A step kept unfinished: what was typed on it (bounded, see unfinished-steps.ts) under the forms being served. */
export interface UnfinishedStep {
  step: string;
  stepNumber: number;
  typed: Answers;
  version: number;
  migrating: MigrationForms;
  language: Language;
}

/**
 * Save & Complete Later of a step not valid yet: what was typed is kept apart from the finished
 * answers (the draft created by it when it is the first save), the step stays unfinished, and the
 * reference number is answered. The earlier steps must be finished, as for any save.
 */
export async function keepUnfinished(
  parts: ApplicationParts,
  input: SaveStepInput,
  access: DraftAccess,
  kept: UnfinishedStep,
  first: DraftRead,
): Promise<StepWritten> {
  return parts.drafts.save(input, access, first, (draft) => keepAttempt(parts, input, kept, draft));
}

/** One attempt of the compare-and-set (draft-writer.ts); undefined when the draft changed meanwhile. */
async function keepAttempt(
  parts: ApplicationParts,
  input: SaveStepInput,
  { step, stepNumber, typed, version, migrating, language }: UnfinishedStep,
  { existing, copied }: DraftRead,
): Promise<StepWritten | undefined> {
  const migration =
    existing && isBehind(existing.forms_version, version) ? migrateDraft(existing.answers, migrating) : undefined;
  const answers = migration?.answers ?? existing?.answers ?? {};
  const unfinished = { ...(existing?.unfinished ?? {}), [step]: typed };
  const visitable = canVisit(migrating.flow, finishedAnswers(answers, unfinished), step);
  if (!visitable && !copied) throw new ApiError(409, 'step_out_of_order');
  if (!visitable) return undefined;
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
  const written = await parts.drafts.write(input, existing, changes, stepNumber, migration);
  if (!written || !('id' in written)) return written;
  const pending = migration?.toAnswer ?? [];
  return {
    reference_number: formatReferenceNumber(written.reference_number),
    step_number: stepNumber,
    unfinished: true,
    ...('secret' in written ? { secret: written.secret as string } : {}),
    ...(pending.length > 0 ? { forms_changed: formsChanged(version, pending) } : {}),
  };
}
