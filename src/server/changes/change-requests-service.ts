import type { Kysely, Transaction } from 'kysely';
import type { WithdrawalPayments } from '../payments/invoice-cancellation';
import type {
  ApplicationOutline,
  ChangeRequest,
  ChangeRequestInput,
  ChangeRound,
  ExtendChangesAnswer,
  ExtendChangesRequest,
  ListOverdueChangesRequest,
  OverdueChange,
  OverdueChangesPage,
  ReturnForChangesAnswer,
  ReturnForChangesRequest,
  WithdrawOverdueAnswer,
  WithdrawOverdueRequest,
} from '../../shared/api/change-requests';
import { rulesByCode } from '../../shared/document-rules';
import { todayIso } from '../../shared/dashboard';
import type { Language } from '../../shared/reference-data';
import { moduleOf } from '../../shared/step-modules';
import { stepFields } from '../../shared/studio/step-fields';
import { findApplicationByReference } from '../applications/application-access';
import { formatReferenceNumber, normalizeReferenceNumber } from '../applications/reference-number';
import { lockApplicationById, moveStatus, recordAction, tellApplicant } from '../applications/status-move';
import { cleanText, iso, Problems, statusName } from '../back-office/back-office-rules';
import type { Database } from '../db/schema';
import type { FormsService } from '../forms/forms-service';
import { ApiError } from '../http/envelope';
import type { NoticeKind, Notifier } from '../notifications/notifier';
import type { StaffActor } from '../staff-accounts/staff-actor';
import { applicationOutline } from './application-outline';
import { flowOf, formsOfApplication, toChangeRound } from './change-rounds';
import * as repo from './changes-repository';
import { HolidaysService } from './holidays-service';

/** What a staff change answers about the applicant's SMS (as the back office's Notified). */
interface Notified {
  sms_failed?: true;
}

/**
 * The officers' side of the requests for changes: return an application under review with typed
 * requests and a working-day deadline, extend the deadline, withdraw an application whose deadline
 * passed, list the overdue rounds. Each change is recorded with who made it and told to the applicant
 * (dashboard notification and SMS in their language).
 */
export class ChangeRequestsService {
  readonly holidays: HolidaysService;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly notifier: Notifier,
    /** The application's own forms version names its steps and documents. */
    private readonly forms: Pick<FormsService, 'get' | 'getVersion'>,
    /** A withdrawal cancels the application's open invoices and their bills (src/server/payments). */
    private readonly payments?: WithdrawalPayments,
  ) {
    this.holidays = new HolidaysService(db);
  }

  /** What an officer may ask of this application (get_application_outline): its steps' questions, its documents. */
  async outline(reference: string): Promise<ApplicationOutline> {
    return applicationOutline({ db: this.db, forms: this.forms, holidays: this.holidays }, reference);
  }

  async returnForChanges(
    actor: StaffActor,
    input: ReturnForChangesRequest,
    language: Language,
  ): Promise<ReturnForChangesAnswer> {
    const reference = this.reference(input.reference_number);
    const application = await findApplicationByReference(this.db, reference);
    if (!application) throw new ApiError(404, 'application_not_found');
    const requests = await this.checkedRequests(application, input.requests, language);
    const today = todayIso();
    const due = await this.holidays.addWorkingDays(today, input.deadline_working_days);
    const remark = cleanText(input.remark);
    const { number, moved } = await this.db.transaction().execute(async (trx) => {
      const locked = await lockApplicationById(trx, application.id);
      if (locked?.status !== 'under_review') throw illegalMove(language, locked?.status ?? '', 'returned');
      const round = await repo.insertRound(trx, {
        application_id: application.id,
        requests,
        remark,
        due_date: due,
        actor,
      });
      const moved = await moveStatus(trx, locked, {
        to: 'returned',
        remark: remark ?? requestsLine(requests),
        by: {
          actor,
          action: 'return_for_changes',
          details: { from: 'under_review', round, due_date: due, requests: requests.length },
        },
        notice: { kind: 'changes_requested', params: { count: requests.length, due_date: due, remark } },
      });
      return { number: round, moved };
    });
    const notified = await tellApplicant(this.notifier, moved);
    const round = (await repo.roundsOf(this.db, application.id)).find((r) => r.number === number)!;
    return {
      reference_number: formatReferenceNumber(reference),
      status: 'returned',
      round: toChangeRound(round),
      ...notified,
    };
  }

  /** A new deadline, `deadline_working_days` working days from today, for the open round. */
  async extend(actor: StaffActor, input: ExtendChangesRequest, language: Language): Promise<ExtendChangesAnswer> {
    const reference = this.reference(input.reference_number);
    const application = await findApplicationByReference(this.db, reference);
    if (!application) throw new ApiError(404, 'application_not_found');
    const due = await this.holidays.addWorkingDays(todayIso(), input.deadline_working_days);
    const remark = cleanText(input.remark);
    await this.db.transaction().execute(async (trx) => {
      const { round } = await this.lockedOpenRound(trx, application.id, language);
      const extensions = [...round.extensions, { due_date: due, by: actor.name, at: new Date().toISOString(), remark }];
      await repo.extendRound(trx, round.id, due, extensions);
      await recordAction(trx, application.id, remark, {
        actor,
        action: 'extend_changes',
        details: { round: round.number, from: round.due_date, due_date: due },
      });
    });
    const notified = await this.notify(application.id, 'changes_extended', { due_date: due, remark });
    return { reference_number: formatReferenceNumber(reference), due_date: due, ...notified };
  }

  /** The application withdrawn by the unit once the deadline of its open round has passed. */
  async withdrawOverdue(
    actor: StaffActor,
    input: WithdrawOverdueRequest,
    language: Language,
  ): Promise<WithdrawOverdueAnswer> {
    const reference = this.reference(input.reference_number);
    const application = await findApplicationByReference(this.db, reference);
    if (!application) throw new ApiError(404, 'application_not_found');
    const reason = cleanText(input.reason);
    if (!reason) {
      const problems = new Problems(language);
      problems.add('/reason', 'required');
      problems.check();
    }
    const { bills, moved } = await this.db.transaction().execute(async (trx) => {
      const { round, locked } = await this.lockedOpenRound(trx, application.id, language);
      if (round.due_date >= todayIso())
        throw new ApiError(409, 'changes.not_overdue', { due_date: round.due_date }, { due_date: round.due_date });
      await repo.endRound(trx, round.id, 'withdrawn');
      const moved = await moveStatus(trx, locked, {
        to: 'withdrawn',
        remark: reason,
        by: {
          actor,
          action: 'withdraw_overdue',
          details: { from: 'returned', round: round.number, due_date: round.due_date },
        },
        notice: { kind: 'changes_withdrawn', params: { remark: reason } },
      });
      return { bills: (await this.payments?.inTransaction(trx, application.id)) ?? [], moved };
    });
    await this.payments?.afterCommit(bills);
    const notified = await tellApplicant(this.notifier, moved);
    return { reference_number: formatReferenceNumber(reference), status: 'withdrawn', ...notified };
  }

  async listOverdue(input: Partial<ListOverdueChangesRequest>): Promise<OverdueChangesPage> {
    const page = input.page ?? 1;
    const pageSize = input.page_size ?? 20;
    const [rows, total] = await Promise.all([
      repo.findOverdue(this.db, pageSize, (page - 1) * pageSize),
      repo.countOverdue(this.db),
    ]);
    const items: OverdueChange[] = rows.map((r) => ({
      reference_number: formatReferenceNumber(r.reference_number),
      round: r.number,
      due_date: r.due_date,
      overdue_since: iso(r.overdue_at)!,
    }));
    return { items, total, page, page_size: pageSize };
  }

  /** Every round of an application, oldest first (the staff's get_application). */
  async rounds(applicationId: number): Promise<ChangeRound[]> {
    return (await repo.roundsOf(this.db, applicationId)).map(toChangeRound);
  }

  /**
   * Staff moved a returned application back to review by hand (the applicant brought the changes to the
   * office): its open round ends, kept as asked.
   */
  static async closeOpenRound(trx: Transaction<Database>, applicationId: number): Promise<void> {
    const round = await repo.lockOpenRound(trx, applicationId);
    if (round) await repo.endRound(trx, round.id, 'closed');
  }

  /** The requests checked against the application's own forms version: its flow's steps, their fields, its documents. */
  private async checkedRequests(
    application: { id: number; application_type: string; forms_version: number | null },
    inputs: ChangeRequestInput[],
    language: Language,
  ): Promise<ChangeRequest[]> {
    const served = await formsOfApplication(this.forms, application.forms_version);
    const flow = flowOf(served.forms, application.application_type);
    const documents = rulesByCode(served.forms.documents);
    const problems = new Problems(language, 'changes.fields');
    const requests: ChangeRequest[] = [];
    const seen = new Set<string>();
    for (const [i, input] of inputs.entries()) {
      const at = `/requests/${i}`;
      const remark = input.remark.trim();
      if (!remark) problems.add(`${at}/remark`, 'remark_required');
      if (input.kind === 'step') {
        const step = input.step;
        const form = step === undefined ? undefined : served.forms.steps[step];
        if (step === undefined || !flow.includes(step) || !form) {
          problems.add(`${at}/step`, 'unknown_step', { step: step ?? '', steps: stepList(served, flow) });
          continue;
        }
        // Documents are asked for as documents: the uploads step is answered by uploading.
        if (moduleOf(form) === 'documents') {
          problems.add(`${at}/step`, 'documents_step', { step });
          continue;
        }
        if (input.document_type !== undefined || input.action !== undefined) problems.add(at, 'step_only');
        const fields = input.fields ?? [];
        // Every question of the step, those asked only under a condition included (issue 33, item 4).
        const properties = stepFields(form.schema).map((field) => field.name);
        for (const field of fields)
          if (!properties.includes(field)) problems.add(`${at}/fields`, 'unknown_field', { field, step });
        if (seen.has(`step:${step}`)) problems.add(`${at}/step`, 'duplicate', { name: step });
        seen.add(`step:${step}`);
        requests.push({ kind: 'step', step, ...(fields.length > 0 ? { fields } : {}), remark });
      } else {
        const code = input.document_type;
        if (code === undefined || !documents.has(code)) {
          problems.add(`${at}/document_type`, 'unknown_document', { document: code ?? '' });
          continue;
        }
        if (input.step !== undefined || input.fields !== undefined) problems.add(at, 'document_only');
        if (input.action === undefined) problems.add(`${at}/action`, 'action_required');
        if (seen.has(`document:${code}`)) problems.add(`${at}/document_type`, 'duplicate', { name: code });
        seen.add(`document:${code}`);
        requests.push({ kind: 'document', document_type: code, action: input.action ?? 'replace', remark });
      }
    }
    problems.check();
    return requests;
  }

  private async lockedOpenRound(trx: Transaction<Database>, applicationId: number, language: Language) {
    const application = await lockApplicationById(trx, applicationId);
    const round = await repo.lockOpenRound(trx, applicationId);
    if (application?.status !== 'returned' || !round)
      throw new ApiError(
        409,
        'changes.no_open_round',
        { status: application?.status ?? null },
        { status: statusName(language, application?.status ?? '') },
      );
    return { round, locked: application };
  }

  private reference(input: string): string {
    const reference = normalizeReferenceNumber(input);
    if (!reference) throw new ApiError(404, 'application_not_found');
    return reference;
  }

  private async notify(applicationId: number, kind: NoticeKind, params: Record<string, unknown>): Promise<Notified> {
    return (await this.notifier.notice(applicationId, kind, params)) === 'failed' ? { sms_failed: true } : {};
  }
}

/** 409 as set_status answers an illegal move. */
export function illegalMove(language: Language, from: string, to: string): ApiError {
  return new ApiError(
    409,
    'back_office.illegal_status_move',
    { from, to, allowed: from === 'under_review' ? ['returned'] : [] },
    { from: statusName(language, from), to: statusName(language, to) },
  );
}

function stepList(served: { forms: { steps: Record<string, unknown> } }, flow: readonly string[]): string {
  return flow.filter((s) => s in served.forms.steps).join(', ');
}

/** The history's remark when the officer wrote none beside the requests: the requests' own remarks. */
function requestsLine(requests: ChangeRequest[]): string {
  return requests
    .map((r) => r.remark)
    .join(' · ')
    .slice(0, 1000);
}
