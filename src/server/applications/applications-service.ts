import type { Kysely } from 'kysely';
import type { SubmittedAnswer } from '../../shared/api/applications';
import type { SubmitApplicationRequest } from '../../shared/api/continue';
import type { Language } from '../../shared/reference-data';
import type { Database } from '../db/schema';
import type { DraftOwners } from '../drafts/draft-owners';
import type { FormsService, Served } from '../forms/forms-service';
import type { ApplicationParts, SaveStepInput, SaveStepResult, SubmitInput } from './application-parts';
import type { DraftAccess } from './checked-draft';
import { upToDate, type DraftUpToDate } from './draft-up-to-date';
import { DraftWriter } from './draft-writer';
import type { PhoneChange } from './phone-change';
import type { ReferenceSms } from './reference-sms';
import { SaveReceipts } from './save-receipts';
import { saveStep } from './save-step';
import { StepValidation, type EngineerProofs } from './step-validation';
import { submitApplication, submitDraft } from './submit-application';

export type { SaveStepInput, SaveStepResult, SubmitInput } from './application-parts';
export type { DraftAccess } from './checked-draft';
export type { DraftUpToDate } from './draft-up-to-date';
export type { EngineerProofs } from './step-validation';

type Answers = Record<string, unknown>;

/**
 * Saving and submitting applications: every answer validated with the forms' own schemas. One file per
 * operation (save-step.ts, keep-unfinished.ts, submit-application.ts, draft-up-to-date.ts) over one
 * draft-writer.ts (ownership, the kept copies, compare-and-set); this class only builds their parts.
 */
export class ApplicationsService {
  private readonly parts: ApplicationParts;

  constructor(
    db: Kysely<Database>,
    forms: FormsService,
    engineerProofs: EngineerProofs,
    owners: DraftOwners,
    phones: PhoneChange,
    /** The reference number by SMS after the first save, Save & Complete Later and Submit. */
    referenceSms?: ReferenceSms,
  ) {
    const receipts = new SaveReceipts(db, owners);
    this.parts = {
      db,
      forms,
      owners,
      phones,
      receipts,
      steps: new StepValidation(forms, engineerProofs),
      drafts: new DraftWriter(db, owners, receipts, referenceSms),
      referenceSms,
    };
  }

  /** Save And Continue (save-step.ts), and Save & Complete Later of a step not valid yet (keep-unfinished.ts). */
  saveStep(input: SaveStepInput, language: Language, access: DraftAccess = {}): Promise<SaveStepResult> {
    return saveStep(this.parts, input, language, access);
  }

  /** A continued draft brought to the forms being served (draft-up-to-date.ts). */
  upToDate(reference: string): Promise<DraftUpToDate> {
    return upToDate(this.parts, reference);
  }

  /** The final save (submit-application.ts). */
  submit(input: SubmitInput, language: Language, access: DraftAccess = {}): Promise<SubmittedAnswer> {
    return submitApplication(this.parts, input, language, access);
  }

  /** Submit of a continued draft: its type comes from the draft itself. */
  submitDraft(input: SubmitApplicationRequest, language: Language, access: DraftAccess): Promise<SubmittedAnswer> {
    return submitDraft(this.parts, input, language, access);
  }

  /** A step of a returned application answered again (src/server/changes): see StepValidation.validAgain. */
  validAnswerAgain(
    served: Served,
    flow: readonly string[],
    answers: Record<string, Answers>,
    step: string,
    data: Answers,
    language: Language,
    applicationId: number,
  ): Promise<Answers> {
    return this.parts.steps.validAgain(served, flow, answers, step, data, language, applicationId);
  }
}
