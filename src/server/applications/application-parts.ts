import type { Kysely } from 'kysely';
import type { SaveStepAnswer, SaveStepRequest, SubmitRequest } from '../../shared/api/applications';
import type { ApplicationType } from '../../shared/wizard-driver';
import type { Database } from '../db/schema';
import type { DraftOwners } from '../drafts/draft-owners';
import type { FormsService } from '../forms/forms-service';
import type { DraftWriter } from './draft-writer';
import type { PhoneChange } from './phone-change';
import type { ReferenceSms } from './reference-sms';
import type { SaveReceipts } from './save-receipts';
import type { StepValidation } from './step-validation';

/** What the operations on applications (save-step.ts, keep-unfinished.ts, submit-application.ts, draft-up-to-date.ts) work with. */
export interface ApplicationParts {
  db: Kysely<Database>;
  forms: FormsService;
  owners: DraftOwners;
  phones: PhoneChange;
  receipts: SaveReceipts;
  steps: StepValidation;
  drafts: DraftWriter;
  /** The reference number by SMS after the first save, Save & Complete Later and Submit. */
  referenceSms?: ReferenceSms | undefined;
}

/** A step's save (src/shared/api/applications.ts saveAndContinue): `step_number` counts in the flow of `forms_version` when it is older than the served one. */
export type SaveStepInput = SaveStepRequest;

/** What a save answers, and the new draft's secret (for the draft cookie) when it created the draft. */
export type SaveStepResult = SaveStepAnswer & { secret?: string };
/** What writing a step answers (a save, a kept unfinished step, a repeated save); saveStep adds `next_step`. */
export type StepWritten = Omit<SaveStepResult, 'next_step'>;

/** A Submit: answers by step id (those not saved before, or changed), for the application type of the call. */
export type SubmitInput = SubmitRequest & { application_type: ApplicationType };
