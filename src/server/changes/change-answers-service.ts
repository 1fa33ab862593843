import type { Kysely, Transaction } from 'kysely';
import {
  resubmitChanges,
  type ChangeRequest,
  type ChangeRequestsAnswer,
  type ResubmitChangesAnswer,
  type SaveChangeStepAnswer,
} from '../../shared/api/change-requests';
import { todayIso } from '../../shared/dashboard';
import type { Language } from '../../shared/reference-data';
import { findApplicationById, writeStepAnswers } from '../applications/application-access';
import { formatReferenceNumber } from '../applications/reference-number';
import { lockApplicationById, moveStatus } from '../applications/status-move';
import type { ApplicationsService } from '../applications/applications-service';
import { iso } from '../back-office/back-office-rules';
import type { Database } from '../db/schema';
import type { FormsDocument } from '../../shared/forms';
import { moduleAnswers, stepWithModule } from '../../shared/step-modules';
import type { FormsService } from '../forms/forms-service';
import { contractError } from '../http/contract-error';
import { ApiError } from '../http/envelope';
import { message } from '../i18n/messages';
import { askedForms } from './asked-forms';
import { deadlinePassed, refuseAfterDeadline } from './change-deadline-rule';
import { changesOf, flowOf, formsOfApplication, openRequests } from './change-rounds';
import * as repo from './changes-repository';
import { HolidaysService } from './holidays-service';

type Answers = Record<string, unknown>;

/**
 * The applicant's side (signed in): the open round's requests, a new answer for ONLY an asked step
 * (validated as the wizard's saves are, under the application's own forms version), and the resubmit
 * once every request is answered; each until the round's deadline has passed (change-deadline-rule.ts). The documents asked for go through the dashboard's upload
 * (attachments-service.ts, which refuses every upload once the deadline has passed), recorded here by
 * `recordUpload`.
 */
export class ChangeAnswersService {
  private readonly holidays: HolidaysService;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly forms: Pick<FormsService, 'get' | 'getVersion'>,
    private readonly applications: Pick<ApplicationsService, 'validAnswerAgain'>,
  ) {
    this.holidays = new HolidaysService(db);
  }

  async requests(applicationId: number): Promise<ChangeRequestsAnswer> {
    const application = await findApplicationById(this.db, applicationId);
    if (!application) throw new ApiError(404, 'application_not_found');
    const rounds = await repo.roundsOf(this.db, applicationId);
    const open = application.status === 'returned' ? rounds.find((r) => r.status === 'open') : undefined;
    let openAnswer: ChangeRequestsAnswer['open'] = null;
    if (open) {
      const requests = open.requests as ChangeRequest[];
      const changes = changesOf(open);
      const pending = new Set(openRequests(requests, changes));
      const answers = application.answers as Record<string, Answers>;
      const served = await formsOfApplication(this.forms, application.forms_version);
      const askedSteps = requests.flatMap((r) => (r.kind === 'step' ? [r.step] : []));
      openAnswer = {
        number: open.number,
        requests: requests.map((r) => ({ ...r, done: !pending.has(r) })),
        remark: open.remark,
        due_date: open.due_date,
        working_days_left: await this.holidays.workingDaysLeft(todayIso(), open.due_date),
        // Past its day, whether or not the daily job has marked it yet: changes are refused from then.
        overdue: open.overdue_at !== null || deadlinePassed(open.due_date),
        forms_version: application.forms_version,
        forms: askedForms(served.forms, askedSteps),
        answers: Object.fromEntries(askedSteps.map((step) => [step, answers[step] ?? {}])),
      };
    }
    return {
      open: openAnswer,
      rounds: rounds.map((r) => {
        const changes = changesOf(r);
        return {
          number: r.number,
          status: r.status as ChangeRequestsAnswer['rounds'][number]['status'],
          asked_at: iso(r.asked_at)!,
          due_date: r.due_date,
          requests: r.requests as ChangeRequest[],
          changed_steps: Object.keys(changes.steps),
          changed_documents: [...new Set(changes.documents.map((d) => d.document_type))],
          note: r.note,
          resubmitted_at: iso(r.resubmitted_at),
        };
      }),
    };
  }

  /** A new answer to an asked step; any other step is refused (403) and nothing changes. */
  async saveStep(
    applicationId: number,
    step: string,
    data: Answers,
    language: Language,
  ): Promise<SaveChangeStepAnswer> {
    const application = await findApplicationById(this.db, applicationId);
    const round = application ? await repo.openRound(this.db, applicationId) : undefined;
    if (!application || application.status !== 'returned' || !round) throw noOpenRound(application?.status);
    refuseAfterDeadline(round);
    const asked = (round.requests as ChangeRequest[]).some((r) => r.kind === 'step' && r.step === step);
    if (!asked) throw new ApiError(403, 'changes.step_not_asked', { step }, { step });
    const served = await formsOfApplication(this.forms, application.forms_version);
    const flow = flowOf(served.forms, application.application_type);
    const answers = application.answers as Record<string, Answers>;
    const cleaned = await this.applications.validAnswerAgain(
      served,
      flow,
      answers,
      step,
      data,
      language,
      applicationId,
    );
    await this.db.transaction().execute(async (trx) => {
      const { current, locked } = await this.locked(trx, applicationId, round.id);
      const changes = changesOf(locked);
      const stored = current.answers as Record<string, Answers>;
      // The answer before the round's first change of this step stays the "before".
      const before = changes.steps[step]?.before ?? stored[step] ?? null;
      changes.steps[step] = { before, after: cleaned };
      await writeStepAnswers(trx, applicationId, { ...stored, [step]: cleaned });
      await repo.saveRoundChanges(trx, round.id, changes);
    });
    return { step, done: true };
  }

  /** Returned → submitted with the applicant's note; refused (422) while a request is unanswered. */
  async resubmit(applicationId: number, note: string, language: Language): Promise<ResubmitChangesAnswer> {
    const text = note.trim();
    return this.db.transaction().execute(async (trx) => {
      const application = await lockApplicationById(trx, applicationId);
      const round = await repo.lockOpenRound(trx, applicationId);
      if (!application || application.status !== 'returned' || !round) throw noOpenRound(application?.status);
      refuseAfterDeadline(round);
      const open = openRequests(round.requests as ChangeRequest[], changesOf(round));
      if (open.length > 0) {
        const all = round.requests as ChangeRequest[];
        throw contractError(resubmitChanges, 'changes.requests_open', {
          errors: open.map((r) => ({
            path: `/requests/${all.indexOf(r)}`,
            message:
              r.kind === 'step'
                ? message(language, 'changes.step_open', { step: r.step })
                : message(language, 'changes.document_open', { document: r.document_type }),
          })),
        });
      }
      await repo.resubmitRound(trx, round.id, text);
      await moveStatus(trx, application, { to: 'submitted', remark: text, action: 'resubmit_changes' });
      return {
        reference_number: formatReferenceNumber(application.reference_number),
        status: 'submitted' as const,
        round: round.number,
      };
    });
  }

  /**
   * The upload of a requested document, recorded in the open round with the files it replaced; the
   * application's documents answer (the step with the documents module) then names the new file, and
   * its scale when it is a drawing, as a draft's upload would be named once its step is saved.
   */
  static async recordUpload(
    trx: Transaction<Database>,
    upload: {
      applicationId: number;
      documentType: string;
      attachmentId: string;
      replaced: string[];
      scale: string | null;
      steps: FormsDocument['steps'];
    },
  ): Promise<void> {
    const { applicationId, documentType, attachmentId } = upload;
    const round = await repo.lockOpenRound(trx, applicationId);
    const asked = (round?.requests as ChangeRequest[] | undefined)?.some(
      (r) => r.kind === 'document' && r.document_type === documentType,
    );
    if (!round || !asked) throw new ApiError(403, 'changes.document_not_asked', { document_type: documentType });
    refuseAfterDeadline(round);
    const changes = changesOf(round);
    changes.documents.push({
      document_type: documentType,
      replaced: upload.replaced,
      attachment_id: attachmentId,
      at: new Date().toISOString(),
    });
    await repo.saveRoundChanges(trx, round.id, changes);
    const application = await lockApplicationById(trx, applicationId);
    const step = stepWithModule(upload.steps, 'documents');
    if (!application || step === undefined) return;
    const answers = application.answers as Record<string, Answers>;
    const uploads = moduleAnswers(answers, upload.steps, 'documents');
    const named = (key: string, value: string) => ({ ...(uploads[key] as Answers | undefined), [documentType]: value });
    await writeStepAnswers(trx, applicationId, {
      ...answers,
      [step]: {
        ...uploads,
        documents: named('documents', attachmentId),
        ...(upload.scale === null ? {} : { scales: named('scales', upload.scale) }),
      },
    });
  }

  /** The application and its round locked, still returned and still open (else 409). */
  private async locked(trx: Transaction<Database>, applicationId: number, roundId: number) {
    const current = await lockApplicationById(trx, applicationId);
    const locked = await repo.lockOpenRound(trx, applicationId);
    if (!current || current.status !== 'returned' || locked?.id !== roundId) throw noOpenRound(current?.status);
    refuseAfterDeadline(locked);
    return { current, locked };
  }
}

function noOpenRound(status: string | undefined): ApiError {
  return new ApiError(409, 'changes.no_open_round', { status: status ?? null }, { status: status ?? '' });
}
