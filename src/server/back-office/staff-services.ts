import type { Kysely } from 'kysely';
import { ChangeRequestsService } from '../changes/change-requests-service';
import type { Database } from '../db/schema';
import type { FeesService } from '../fees/fees-service';
import type { FormsService } from '../forms/forms-service';
import type { Notifier } from '../notifications/notifier';
import { withdrawalPayments } from '../payments/invoice-cancellation';
import { PaymentExceptionsService } from '../payments/payment-exceptions-service';
import type { PaymentsService } from '../payments/payments-service';
import type { PermitsService } from '../permits/permits-service';

/**
 * What the development control unit's staff actions run on (staff-actions.ts): the database and the
 * services their operations need. Each operation lives in its module (src/server/payments/add-invoice.ts,
 * src/server/permits/issue-permit.ts, …) and takes the part of this it uses; the HTTP API and the command
 * line build one of these and run the same actions on it.
 */
export class StaffServices {
  constructor(
    readonly db: Kysely<Database>,
    /** Tells the applicant of each change: a dashboard notification and an SMS in their language. */
    readonly notifier: Notifier,
    /** The forms being served: their document rules name the documents, their steps the applicant. */
    readonly forms: Pick<FormsService, 'get' | 'getVersion'>,
    /** The permit document: what it says is written as the permit is issued, and its link goes in the SMS. */
    readonly permits: PermitsService,
    /** Control-number payment: add_invoice raises the bill; without it only external control numbers. */
    readonly payments?: PaymentsService,
    /** Fee estimates (src/server/fees): get_application shows what the invoice would be. */
    readonly fees?: Pick<FeesService, 'forApplication'>,
  ) {
    this.changes = new ChangeRequestsService(
      db,
      notifier,
      forms,
      payments ? withdrawalPayments(payments.cancellation) : undefined,
    );
    this.money = new PaymentExceptionsService(db, notifier, payments?.cancellation);
  }

  /** The requests for changes (src/server/changes): their staff actions run on it. */
  readonly changes: ChangeRequestsService;
  /** Cancelled invoices and the money no invoice takes (src/server/payments): their staff actions run on it. */
  readonly money: PaymentExceptionsService;
}
