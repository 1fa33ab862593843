import type { FormsChanged } from '../../shared/forms-changed';
import { isApplicationType, type ApplicationType } from '../../shared/wizard-driver';
import { ApiError } from '../http/envelope';
import type { ApplicationParts } from './application-parts';
import { findByReference, updateIfUnchanged, type ApplicationRecord } from './applications-repository';
import { DRAFT } from './checked-draft';
import { contactOf } from './contact-columns';
import { migrateDraft } from './draft-migration';
import { compareAndSet } from './draft-writer';
import { formsChanged, isBehind, migrationForms } from './migration-forms';
import { unfinishedIn } from './unfinished-steps';

type Answers = Record<string, unknown>;

/** A continued draft, brought to the forms being served. */
export interface DraftUpToDate {
  answers: Answers;
  step_number: number;
  forms_changed?: FormsChanged;
  /** What was typed on steps not finished yet (Save & Complete Later), by step id. */
  unfinished: Record<string, Answers>;
}

/**
 * A continued draft as the forms being served see it: a draft saved under other forms is brought
 * to them and written (answers to removed questions dropped and recorded in its history), with what
 * it must answer now.
 */
export async function upToDate(parts: ApplicationParts, reference: string): Promise<DraftUpToDate> {
  const read = async () => {
    const record = await findByReference(parts.db, reference);
    if (!record || record.status !== DRAFT || !isApplicationType(record.application_type))
      throw new ApiError(404, 'application_not_found');
    return { record, type: record.application_type };
  };
  return compareAndSet(await read(), ({ record, type }) => bringUpToDate(parts, record, type), read);
}

/** One attempt: the draft as it is when its forms are served, else migrated and written by compare-and-set (undefined when it changed meanwhile). */
async function bringUpToDate(
  parts: ApplicationParts,
  record: ApplicationRecord,
  type: ApplicationType,
): Promise<DraftUpToDate | undefined> {
  const { version, forms } = await migrationForms(parts.forms, type);
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
  if (!(await updateIfUnchanged(parts.db, record, changes))) return undefined;
  parts.drafts.forget(record.reference_number);
  await parts.drafts.recordDropped(record.id, record.forms_version, version, migration);
  const pending = migration.toAnswer;
  return {
    answers: migration.answers,
    step_number: migration.stepNumber,
    unfinished,
    ...(pending.length > 0 ? { forms_changed: formsChanged(version, pending) } : {}),
  };
}
