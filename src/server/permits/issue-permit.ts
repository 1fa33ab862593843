import { permitView } from './permit-view';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { IssuePermitAnswer } from '../../shared/api/back-office';
import { statusAfterPermit, todayIso } from '../../shared/dashboard';
import type { Language } from '../../shared/reference-data';
import { formatReferenceNumber } from '../applications/reference-number';
import { findApplicationByReference } from '../applications/application-access';
import { lockApplication, moveStatus, tellApplicant } from '../applications/status-move';
import {
  EARLIEST_DATE,
  LATEST_DATE,
  MAX_VALIDITY_YEARS,
  PERMIT_NUMBER,
  Problems,
  cleanText,
  duplicate,
  isDateInRange,
  isIsoDate,
  staffReference,
  statusName,
  uniqueViolation,
  yearsAfter,
} from '../back-office/back-office-rules';
import type { PermitInput } from '../back-office/back-office-types';
import type { Database } from '../db/schema';
import { ApiError } from '../http/envelope';
import type { Notifier } from '../notifications/notifier';
import type { StaffActor } from '../staff-accounts/staff-actor';
import { insertPermit, permitNumberTaken } from './permits-repository';
import type { PermitFile, PermitsService } from './permits-service';

/** What issue_permit runs on (the back office's StaffServices has it all). */
export interface IssuePermitDeps {
  db: Kysely<Database>;
  notifier: Notifier;
  /** The permit document: what it says is written as the permit is issued, and its link goes in the SMS. */
  permits: PermitsService;
}

/** A permit for an approved application (→ permit_issued) or a requested renewal (→ renewed). */
export async function issuePermit(
  deps: IssuePermitDeps,
  actor: StaffActor,
  referenceInput: string,
  input: PermitInput,
  language: Language = 'en',
): Promise<IssuePermitAnswer> {
  const reference = staffReference(referenceInput);
  const permitNumber = checkPermit(input, language);
  deps.permits.checkExtras(input, language);
  const writeFacts = await deps.permits.factsWriter(input);

  const issued = await deps.db
    .transaction()
    .execute(async (trx) => {
      const application = await lockApplication(trx, reference);
      if (!application) throw new ApiError(404, 'application_not_found');
      const to = permitMove(application.status, language);
      if (await permitNumberTaken(trx, permitNumber)) throw duplicate('permit_number', permitNumber);
      const permit = await insertPermit(trx, {
        id: randomUUID(),
        application_id: application.id,
        permit_number: permitNumber,
        valid_from: input.valid_from,
        valid_until: input.valid_until,
      });
      await writeFacts(trx, permit);
      const moved = await moveStatus(trx, application, {
        to,
        remark: cleanText(input.remark),
        by: { actor, action: 'issue_permit', details: { from: application.status, permit_number: permitNumber } },
        notice: {
          kind: 'permit_issued',
          params: {
            permit_number: permit.permit_number,
            valid_from: permit.valid_from,
            valid_until: permit.valid_until,
            verify_url: deps.permits.link(permit),
          },
        },
      });
      return { moved, to, permit };
    })
    .catch((error: unknown) => {
      throw uniqueViolation(error) ? duplicate('permit_number', permitNumber) : error;
    });
  const { permit } = issued;
  const notified = await tellApplicant(deps.notifier, issued.moved);
  return {
    reference_number: formatReferenceNumber(reference),
    status: issued.to,
    permit: permitView(permit, todayIso()),
    ...notified,
  };
}

/** The stage a permit moves the application to (permit_issued, renewed); 409 from any other stage. */
function permitMove(status: string, language: Language) {
  const to = statusAfterPermit(status);
  if (!to)
    throw new ApiError(
      409,
      'back_office.permit_not_allowed',
      { status, allowed_from: ['approved', 'renewal_requested'] },
      { status: statusName(language, status) },
    );
  return to;
}

/**
 * The permit issue_permit would issue with the same fields, as a PDF marked as a preview (no QR code,
 * no signed link): checked as issue_permit checks them (422, 409 from another stage or for a number
 * taken), and nothing is written.
 */
export async function previewPermit(
  deps: IssuePermitDeps,
  referenceInput: string,
  input: PermitInput,
  language: Language = 'en',
): Promise<PermitFile> {
  const reference = staffReference(referenceInput);
  const permitNumber = checkPermit(input, language);
  deps.permits.checkExtras(input, language);
  const application = await findApplicationByReference(deps.db, reference);
  if (!application) throw new ApiError(404, 'application_not_found');
  permitMove(application.status, language);
  if (await permitNumberTaken(deps.db, permitNumber)) throw duplicate('permit_number', permitNumber);
  return deps.permits.previewDocument(application.answers, { ...input, permit_number: permitNumber });
}

/** The permit's number and validity as staff gave them (422 with each problem); the number trimmed. */
function checkPermit(input: PermitInput, language: Language): string {
  const problems = new Problems(language);
  const permitNumber = typeof input.permit_number === 'string' ? input.permit_number.trim() : '';
  if (!PERMIT_NUMBER.test(permitNumber)) problems.add('/permit_number', 'permit_number');
  const range = { earliest: EARLIEST_DATE, latest: LATEST_DATE };
  const fromOk = isIsoDate(input.valid_from) && isDateInRange(input.valid_from);
  if (!isIsoDate(input.valid_from)) problems.add('/valid_from', 'date');
  else if (!fromOk) problems.add('/valid_from', 'date_range', range);
  if (!isIsoDate(input.valid_until)) problems.add('/valid_until', 'date');
  else if (!isDateInRange(input.valid_until)) problems.add('/valid_until', 'date_range', range);
  else if (fromOk && input.valid_until < input.valid_from) problems.add('/valid_until', 'valid_until_before_from');
  else if (fromOk && input.valid_until > yearsAfter(input.valid_from, MAX_VALIDITY_YEARS))
    problems.add('/valid_until', 'validity_too_long', { years: MAX_VALIDITY_YEARS });
  problems.check();
  return permitNumber;
}
