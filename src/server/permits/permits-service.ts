import type { Kysely, Transaction } from 'kysely';
import {
  APPROVED_USE_MAX_LENGTH,
  PERMIT_CONDITION_MAX_LENGTH,
  PERMIT_CONDITIONS_MAX,
  verifyLink,
  type PermitState,
  type VerifiedPermit,
  type VerifyPermitRequest,
} from '../../shared/api/permits';
import { todayIso } from '../../shared/dashboard';
import type { StepForm } from '../../shared/forms';
import type { Language } from '../../shared/reference-data';
import { formatReferenceNumber } from '../applications/reference-number';
import { recordAction, touchApplication } from '../applications/status-move';
import { Problems, cleanText } from '../back-office/back-office-rules';
import type { Notified } from '../back-office/back-office-types';
import type { Database } from '../db/schema';
import type { FormsService } from '../forms/forms-service';
import { ApiError } from '../http/envelope';
import { message } from '../i18n/messages';
import type { Notifier } from '../notifications/notifier';
import type { StaffActor } from '../staff-accounts/staff-actor';
import { factsFromAnswers, factsOfPermit } from './permit-facts';
import { permitFileName, permitPdf } from './permit-pdf';
import type { PermitSigner } from './permit-signature';
import * as repo from './permits-repository';
import { answersOf, referenceNumberOf } from '../applications/application-access';

/** What staff may add when issuing a permit (issue_permit), beyond its number and dates. */
export interface PermitExtras {
  approved_use?: string | null;
  storeys?: number | null;
  conditions?: string[] | null;
}

export interface PermitFile {
  file_name: string;
  bytes: Uint8Array;
}

/**
 * The permit document (issue 19, item 4): its facts written as it is issued, its PDF for the owner
 * and for staff, the public check of a permit number and its QR link's signature, and revocation.
 */
export class PermitsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly forms: Pick<FormsService, 'get'>,
    private readonly signer: PermitSigner,
    /** The portal's public origin (PUBLIC_URL): the QR codes and SMS link to its verify page. */
    private readonly origin: string,
    private readonly notifier: Notifier,
  ) {}

  private async steps(): Promise<Record<string, StepForm>> {
    return (await this.forms.get()).forms.steps;
  }

  /** The signed verify link of a permit: printed as its QR code, sent in the SMS at issue. */
  link(permit: { permit_number: string; valid_from: string; valid_until: string }): string {
    return verifyLink(this.origin, permit.permit_number, this.signer.sign(permit));
  }

  /** issue_permit's extras checked: 422 with each problem on its field, in the caller's language. */
  checkExtras(input: PermitExtras, language: Language): void {
    const problems = new Problems(language, 'permits.fields');
    const use = cleanText(input.approved_use);
    // The applicant's own description is free text: printed as "Approved use" it would read as the authority's words.
    if (!use) problems.add('/approved_use', 'approved_use_required');
    else if (use.length > APPROVED_USE_MAX_LENGTH)
      problems.add('/approved_use', 'too_long', { max: APPROVED_USE_MAX_LENGTH });
    const storeys = input.storeys;
    if (storeys !== undefined && storeys !== null && (!Number.isSafeInteger(storeys) || storeys < 0 || storeys > 60))
      problems.add('/storeys', 'storeys');
    const conditions = input.conditions ?? [];
    if (!Array.isArray(conditions) || conditions.length > PERMIT_CONDITIONS_MAX)
      problems.add('/conditions', 'conditions', { max: PERMIT_CONDITIONS_MAX });
    else
      conditions.forEach((condition, i) => {
        const text = typeof condition === 'string' ? cleanText(condition) : null;
        if (!text) problems.add(`/conditions/${i}`, 'required');
        else if (text.length > PERMIT_CONDITION_MAX_LENGTH)
          problems.add(`/conditions/${i}`, 'too_long', { max: PERMIT_CONDITION_MAX_LENGTH });
      });
    problems.check();
  }

  /**
   * What writes the document's facts in the transaction that issues the permit: the answers' facts as
   * they are then, staff's use (checked given: checkExtras) and storeys where given, and the conditions. The forms are read before
   * (an embedded database has one connection: a query outside the transaction would wait for it).
   */
  async factsWriter(input: PermitExtras) {
    const steps = await this.steps();
    return async (trx: Transaction<Database>, permit: { id: string; application_id: number }) => {
      const facts = factsFromAnswers(await answersOf(trx, permit.application_id), steps);
      await repo.writeDocumentFacts(trx, permit.id, {
        ...facts,
        approved_use: cleanText(input.approved_use),
        storeys: input.storeys ?? facts.storeys,
        conditions: (input.conditions ?? []).map((c) => cleanText(c)!),
      });
    };
  }

  /** The public check: 404 for a number no permit has; else its state and public facts (see VerifiedPermit). */
  async verify(body: VerifyPermitRequest): Promise<VerifiedPermit> {
    const row = await repo.findPermit(this.db, body.permit_number);
    if (!row) throw new ApiError(404, 'permits.not_found');
    const successor = row.revoked_at ? undefined : await repo.successorOf(this.db, row);
    const today = todayIso();
    const status: PermitState = row.revoked_at
      ? 'revoked'
      : successor
        ? 'renewed'
        : row.valid_until < today
          ? 'expired'
          : row.valid_from > today
            ? 'not_yet_valid'
            : 'valid';
    const signature =
      body.signature === undefined ? 'absent' : this.signer.matches(row, body.signature) ? 'valid' : 'mismatch';
    const facts = factsOfPermit(row, row.answers, await this.steps());
    return {
      permit_number: row.permit_number,
      status,
      signature,
      plot: facts.plot,
      approved_use: facts.approved_use,
      storeys: facts.storeys,
      valid_from: row.valid_from,
      valid_until: row.valid_until,
      issuing_unit: { en: message('en', 'permits.issuing_unit'), sw: message('sw', 'permits.issuing_unit') },
      // The day only: why a permit was revoked may name people or enforcement matters, and is the
      // applicant's to know (their notice and SMS carry it), not every passer-by's.
      revoked_on: row.revoked_at ? todayIso(new Date(row.revoked_at)) : null,
      renewed_by: successor?.permit_number ?? null,
      // The owner's name only to someone holding the document (its QR link's signature), who reads the
      // name on the paper anyway and must be able to compare it: a permit number alone, which can be
      // guessed, does not tell anyone who owns which plot.
      ...(signature === 'valid' ? { owner_name: facts.owner_name } : {}),
    };
  }

  /** The signed-in applicant's own permit; another application's number is refused as not theirs. */
  async applicantDocument(applicationId: number, permitNumber: string): Promise<PermitFile> {
    const row = await repo.findPermitOf(this.db, applicationId, permitNumber);
    if (!row) throw new ApiError(403, 'access_denied');
    return this.document(row);
  }

  /**
   * The permit's PDF as it would be issued now for these answers (preview_permit): marked as a preview
   * on every page, with no QR code and no signed link, so it proves nothing; nothing is written.
   */
  async previewDocument(
    answers: Record<string, unknown>,
    permit: PermitExtras & { permit_number: string; valid_from: string; valid_until: string },
  ): Promise<PermitFile> {
    const facts = factsFromAnswers(answers, await this.steps());
    const bytes = await permitPdf({
      ...facts,
      approved_use: cleanText(permit.approved_use),
      storeys: permit.storeys ?? facts.storeys,
      conditions: (permit.conditions ?? []).map((c) => cleanText(c)!),
      permit_number: permit.permit_number,
      valid_from: permit.valid_from,
      valid_until: permit.valid_until,
      verify_url: null,
    });
    return { file_name: permitFileName(permit.permit_number, 'en', true), bytes };
  }

  /** Any permit, for staff (the back office's get_permit_document). */
  async staffDocument(permitNumber: string): Promise<PermitFile> {
    const row = await repo.findPermit(this.db, permitNumber);
    if (!row) throw new ApiError(404, 'permits.not_found');
    return this.document(row);
  }

  private async document(row: NonNullable<Awaited<ReturnType<typeof repo.findPermit>>>): Promise<PermitFile> {
    // A revoked permit is not printed again: a fresh copy would look valid.
    if (row.revoked_at) throw new ApiError(409, 'permits.revoked', { permit_number: row.permit_number });
    const facts = factsOfPermit(row, row.answers, await this.steps());
    const bytes = await permitPdf({
      ...facts,
      permit_number: row.permit_number,
      valid_from: row.valid_from,
      valid_until: row.valid_until,
      conditions: row.conditions ?? [],
      verify_url: this.link(row),
    });
    return { file_name: permitFileName(row.permit_number), bytes };
  }

  /** Revokes a permit with a reason (required): recorded with who did it; the applicant is told why. */
  async revoke(
    actor: StaffActor,
    permitNumberInput: string,
    reasonInput: string | null | undefined,
    language: Language = 'en',
  ): Promise<{ permit_number: string; reference_number: string; revoked_at: string } & Notified> {
    const reason = cleanText(reasonInput);
    if (!reason) {
      const problems = new Problems(language, 'permits.fields');
      problems.add('/reason', 'reason_required');
      problems.check();
    }
    const permitNumber = typeof permitNumberInput === 'string' ? permitNumberInput.trim() : '';
    const revoked = await this.db.transaction().execute(async (trx) => {
      const permit = await repo.lockPermit(trx, permitNumber);
      if (!permit) throw new ApiError(404, 'permits.not_found');
      if (permit.revoked_at)
        throw new ApiError(409, 'permits.already_revoked', { revoked_at: new Date(permit.revoked_at).toISOString() });
      const row = await repo.markRevoked(trx, permit.id, reason!, actor);
      await touchApplication(trx, permit.application_id);
      await recordAction(trx, permit.application_id, reason, {
        actor,
        action: 'revoke_permit',
        details: { permit_number: permit.permit_number },
      });
      return { applicationId: permit.application_id, revokedAt: new Date(row.revoked_at!) };
    });
    const delivery = await this.notifier.notice(revoked.applicationId, 'permit_revoked', {
      permit_number: permitNumber,
      revoked_on: todayIso(revoked.revokedAt),
      remark: reason,
    });
    const reference = await referenceNumberOf(this.db, revoked.applicationId);
    return {
      permit_number: permitNumber,
      reference_number: formatReferenceNumber(reference),
      revoked_at: revoked.revokedAt.toISOString(),
      ...(delivery === 'failed' ? { sms_failed: true as const } : {}),
    };
  }
}
