import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AddInvoiceAnswer } from '../../shared/api/back-office';
import { todayIso } from '../../shared/dashboard';
import type { StepForm } from '../../shared/forms';
import type { Language } from '../../shared/reference-data';
import { moduleAnswers } from '../../shared/step-modules';
import { findApplication, payerOf } from '../applications/application-access';
import { lockApplication, recordAction, touchApplication } from '../applications/status-move';
import {
  CONTROL_NUMBER,
  MAX_DUE_YEARS,
  NO_INVOICE,
  Problems,
  applicantName,
  cleanText,
  duplicate,
  invoiceParams,
  isIsoDate,
  staffReference,
  statusName,
  toInvoice,
  uniqueViolation,
  yearsAfter,
} from '../back-office/back-office-rules';
import type { InvoiceInput } from '../back-office/back-office-types';
import type { Database } from '../db/schema';
import type { FeesService } from '../fees/fees-service';
import type { FormsService } from '../forms/forms-service';
import { ApiError } from '../http/envelope';
import { noticeAnswer } from '../notifications/notice-answer';
import type { Notifier } from '../notifications/notifier';
import type { StaffActor } from '../staff-accounts/staff-actor';
import { invoiceAmount, type InvoiceAmount } from './invoice-amount';
import { controlNumberTaken, insertInvoice } from './invoices-repository';
import type { PaymentsService } from './payments-service';

/** What add_invoice runs on (the back office's StaffServices has it all). */
export interface AddInvoiceDeps {
  db: Kysely<Database>;
  notifier: Notifier;
  forms: Pick<FormsService, 'get'>;
  /** Raises the bill; without it only an external control number is taken. */
  payments?: PaymentsService | undefined;
  /** The fee schedule's estimate: the amount unless staff give another (invoice-amount.ts). */
  fees?: Pick<FeesService, 'forApplication'> | undefined;
}

/** The invoice as checked: its amount, and the control number when the bill was registered elsewhere. */
interface CheckedInvoice {
  reference: string;
  priced: InvoiceAmount;
  /** Only for a bill the integration registered itself elsewhere; else the gateway gives it. */
  external: string | undefined;
}

/**
 * An invoice, and its bill raised with the payment gateway: the applicant gets the control number
 * and how to pay by SMS as soon as the gateway gives it (at once, by its callback, or once it is up
 * again: a job retries). `control_number` is only for a bill the integration registered itself
 * elsewhere (the ministry's revenue system, say): then no bill is raised and that number is told.
 */
export async function addInvoice(
  deps: AddInvoiceDeps,
  actor: StaffActor,
  referenceInput: string,
  input: InvoiceInput,
  language: Language = 'en',
): Promise<AddInvoiceAnswer> {
  const checked = await checkInvoice(deps, referenceInput, input, language);
  const steps = checked.external === undefined ? (await deps.forms.get()).forms.steps : undefined;
  const added = await deps.db
    .transaction()
    .execute(async (trx) => {
      const application = await lockApplication(trx, checked.reference);
      if (!application) throw new ApiError(404, 'application_not_found');
      if (NO_INVOICE.has(application.status))
        throw new ApiError(
          409,
          'back_office.invoice_not_allowed',
          { status: application.status },
          { status: statusName(language, application.status) },
        );
      return writeInvoice(trx, deps, actor, application.id, input, checked, steps);
    })
    .catch((error: unknown) => {
      // Another invoice took the number between the check and the insert.
      throw uniqueViolation(error) ? duplicate('control_number', checked.external ?? '') : error;
    });
  if (added.billId) {
    // Right after commit; the control number's SMS and notice go out as it comes (payments-service.ts).
    const controlNumber = await deps.payments!.raise(added.billId);
    return { ...toInvoice({ ...added.row, control_number: controlNumber ?? null }), bill_id: added.billId };
  }
  const notified = await noticeAnswer(
    deps.notifier,
    added.row.application_id,
    'invoice_added',
    invoiceParams(added.row),
  );
  return { ...toInvoice(added.row), ...notified };
}

/** The invoice's amount, control number and due date as staff gave them; 422 with each problem. */
async function checkInvoice(
  deps: AddInvoiceDeps,
  referenceInput: string,
  input: InvoiceInput,
  language: Language,
): Promise<CheckedInvoice> {
  const reference = staffReference(referenceInput);
  const problems = new Problems(language);
  const found = await findApplication(deps.db, reference);
  if (!found) throw new ApiError(404, 'application_not_found');
  const priced = invoiceAmount(await deps.fees?.forApplication(found.id), input, problems);
  const external = input.control_number !== undefined && input.control_number !== null;
  const controlNumber = typeof input.control_number === 'string' ? input.control_number.trim() : '';
  if (external && !CONTROL_NUMBER.test(controlNumber)) problems.add('/control_number', 'control_number');
  if (!external && !deps.payments) problems.add('/control_number', 'required');
  const today = todayIso();
  const latestDue = yearsAfter(today, MAX_DUE_YEARS);
  if (!isIsoDate(input.due_date)) problems.add('/due_date', 'date');
  else if (input.due_date < today) problems.add('/due_date', 'due_date_past');
  else if (input.due_date > latestDue) problems.add('/due_date', 'due_date_far', { latest: latestDue });
  problems.check();
  return { reference, priced, external: external ? controlNumber : undefined };
}

/** The invoice's row, its bill (unless external), and its line in the history, in the caller's transaction. */
async function writeInvoice(
  trx: Transaction<Database>,
  deps: AddInvoiceDeps,
  actor: StaffActor,
  applicationId: number,
  input: InvoiceInput,
  { priced, external }: CheckedInvoice,
  steps: Record<string, StepForm> | undefined,
) {
  if (external !== undefined && (await controlNumberTaken(trx, external))) throw duplicate('control_number', external);
  const row = await insertInvoice(trx, {
    id: randomUUID(),
    application_id: applicationId,
    description: cleanText(input.description),
    amount_tzs: priced.amount,
    control_number: external ?? null,
    due_date: input.due_date,
    amount_reason: priced.reason,
    lines: priced.lines ? JSON.stringify(priced.lines) : null,
  });
  let billId: string | undefined;
  if (external === undefined) {
    const payer = await payerOf(trx, applicationId);
    billId = await deps.payments!.createBill(
      trx,
      { ...row, amount_tzs: priced.amount },
      { name: applicantName(moduleAnswers(payer.answers, steps!, 'applicant')), phone: payer.phone },
    );
  }
  await touchApplication(trx, applicationId);
  await recordAction(trx, applicationId, row.description, {
    actor,
    action: 'add_invoice',
    details: {
      invoice_id: row.id,
      amount_tzs: Number(row.amount_tzs),
      estimate_tzs: priced.estimate,
      ...(priced.reason ? { amount_reason: priced.reason } : {}),
      ...(external !== undefined ? { control_number: row.control_number, external_bill: true } : { bill_id: billId }),
    },
  });
  return { row, billId };
}
