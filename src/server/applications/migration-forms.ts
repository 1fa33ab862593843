import { knownAnswers, type FormsChanged, type QuestionToAnswer } from '../../shared/forms-changed';
import type { ApplicationType } from '../../shared/wizard-driver';
import type { FormsService } from '../forms/forms-service';
import { formsChanged as formsChangedRefusal } from '../../shared/api/applications';
import type { ApiError } from '../http/envelope';
import { errorAnswer } from '../http/contract-error';
import type { MigrationForms } from './draft-migration';

type Answers = Record<string, unknown>;

/**
 * The served forms as a draft of `type` is brought to them (each step's validator compiled when a
 * migration first needs it), and their version number.
 */
export async function migrationForms(
  forms: FormsService,
  type: ApplicationType,
): Promise<{ version: number; forms: MigrationForms }> {
  const served = await forms.get();
  return {
    version: Number(served.forms.version),
    forms: {
      flow: served.forms.flows[type],
      steps: served.forms.steps,
      validator: (step) => forms.validatorIn(served, step),
      ajv: forms.ajv,
    },
  };
}

/** The flow of `type` in forms version `version` (a client's older forms), if that version was published. */
export async function flowOfVersion(
  forms: FormsService,
  version: number,
  type: ApplicationType,
): Promise<readonly string[] | undefined> {
  const published = await forms.registry.version(version);
  return published?.set.flows[type];
}

/**
 * Whether a draft was saved under forms older than those served (or before versions existed). Never
 * back: a server that has not yet seen a newer version (within FORMS_RECHECK_MS) leaves a draft saved
 * under it as it is.
 */
export function isBehind(draftVersion: number | null, served: number): boolean {
  return draftVersion === null || draftVersion < served;
}

/** Whether a client's forms version (FormsDocument.version) is older than the version being served. */
export function isOlder(clientVersion: string | undefined, served: number): boolean {
  return clientVersion !== undefined && Number(clientVersion) < served;
}

export function formsChanged(version: number, pending: QuestionToAnswer[]): FormsChanged {
  return { forms_version: String(version), to_answer: pending, first_step: pending[0]?.step ?? '' };
}

/** 409 forms_changed: the client's forms are older, and the draft must answer `pending` under the new ones. */
export function formsChangedError(version: number, pending: QuestionToAnswer[]): ApiError {
  return errorAnswer(formsChangedRefusal, formsChanged(version, pending));
}

/** Answers by step sent from older forms: only the steps of the flow, each with only the answers its schema declares. */
export function knownSteps(data: Record<string, Answers>, forms: MigrationForms): Record<string, Answers> {
  return Object.fromEntries(
    Object.entries(data)
      .filter(([step]) => forms.flow.includes(step))
      .map(([step, answers]) => [step, knownAnswers(forms.steps[step]?.schema, answers) as Answers]),
  );
}
