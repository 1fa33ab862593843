import { randomInt } from 'node:crypto';
import type { AddInvoiceAnswer } from '../../shared/api/back-office';
import { todayIso } from '../../shared/dashboard';
import type { ApplicationType } from '../../shared/wizard-driver';
import { reviewAttachment } from '../attachments/review-attachment';
import { getApplication } from '../back-office/get-application';
import { setStatus } from '../back-office/set-status';
import type { StaffServices } from '../back-office/staff-services';
import { DemoIdentityRegistry, type IdentityRecord } from '../identity/identity-registry';
import { addNotification } from '../notifications/add-notification';
import { markInvoicePaid } from '../payments/mark-invoice-paid';
import { issuePermit } from '../permits/issue-permit';
import type { StaffActor } from '../staff-accounts/staff-actor';

/** The demo's applications, one story each: made as applicants make them, moved as staff move them (demo-seed.ts). */

export interface DemoApplication {
  reference_number: string;
  status: string;
  applicant: string;
  phone: string;
  story: string;
}

export type Answers = Record<string, unknown>;

/** The back office's changes of the demo are the seed's own, not a person's. */
export const DEMO_SEED: StaffActor = { kind: 'system', name: 'demo seed' };

const DAY = 86_400_000;
export const daysFromToday = (days: number) => todayIso(new Date(Date.now() + days * DAY));
export const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

function person(zanId: string): IdentityRecord {
  const found = DemoIdentityRegistry.PEOPLE.find((p) => p.zan_id === zanId);
  if (!found) throw new Error(`No demo person ${zanId}`);
  return found;
}

/** The personal step's answers for one of the demo registry's people (merged into the sample's). */
function personal(who: IdentityRecord, phone: string, street: string): Answers {
  return {
    identification_type: 'zanid',
    zan_id: who.zan_id,
    first_name: who.first_name,
    middle_name: who.middle_name,
    last_name: who.last_name,
    email: `${who.first_name}.${who.last_name}@example.com`.toLowerCase(),
    phone,
    street,
  };
}

/** What the seed's stories make and move applications with, and what they made. */
export interface Seeder {
  office: StaffServices;
  apply(type: ApplicationType, overrides: Record<string, Answers>, options?: ApplyOptions): Promise<string>;
  invoice(reference: string, amount: number, description: string): Promise<AddInvoiceAnswer>;
  /** Adds the application, as it is now, to what the seed answers. */
  record(who: Answers, reference: string, story: string): Promise<void>;
  out: DemoApplication[];
}

export interface ApplyOptions {
  submit?: boolean;
  steps?: number;
}

const permitNumber = () => `ZDCU/DEMO/${digits(6)}`;

/** Just submitted. */
async function justSubmitted(seed: Seeder): Promise<void> {
  const juma = personal(person('190023456'), '+255700099902', 'Mkunazini');
  const submitted = await seed.apply('repair', {
    personal: juma,
    repair: {
      street_village: 'Mkunazini, Stone Town',
      repair_description: 'Replace rusted iron sheets and two rotten rafters.',
    },
  });
  await seed.record(juma, submitted, 'submitted, waiting for review');
}

/** Under review, with an invoice to pay. */
async function underReview(seed: Seeder): Promise<void> {
  const mwanaisha = personal(person('190034567'), '+255700099903', 'Bumbwini');
  const reviewed = await seed.apply('special', { personal: mwanaisha });
  await setStatus(seed.office, DEMO_SEED, reviewed, 'under_review', 'Plot visit planned for next week.');
  await seed.invoice(reviewed, 150_000, 'Application and inspection fee');
  await seed.record(mwanaisha, reviewed, 'under review, one unpaid invoice');
}

/** Approved, the invoice paid. */
async function approvedAndPaid(seed: Seeder): Promise<void> {
  const salim = personal(person('190045678'), '+255700099904', 'Jang’ombe');
  const approved = await seed.apply('repair', {
    personal: salim,
    repair: { street_village: 'Jang’ombe', repair_description: 'Replace the roof of the back room.' },
  });
  await setStatus(seed.office, DEMO_SEED, approved, 'under_review');
  const paid = await seed.invoice(approved, 75_000, 'Permit fee');
  await markInvoicePaid(seed.office, DEMO_SEED, paid.invoice_id);
  await setStatus(seed.office, DEMO_SEED, approved, 'approved', 'Approved. The permit will follow.');
  await seed.record(salim, approved, 'approved, invoice paid');
}

/** Permit issued after a return for changes: documents reviewed, a staff note. */
async function permitAfterChanges(seed: Seeder): Promise<void> {
  const amina = personal(person('190012345'), '+255700099901', 'Mwanakwerekwe');
  const issued = await seed.apply('new', { personal: amina });
  await setStatus(seed.office, DEMO_SEED, issued, 'under_review');
  const details = await getApplication(seed.office, issued);
  for (const document of details.attachments) {
    await (document.document_type === 'site_plan'
      ? reviewAttachment(seed.office, DEMO_SEED, document.attachment_id, {
          status: 'rejected',
          remark: 'The scale cannot be read. Please bring a clearer copy to the office.',
        })
      : reviewAttachment(seed.office, DEMO_SEED, document.attachment_id, { status: 'accepted' }));
  }
  await seed.office.changes.returnForChanges(
    DEMO_SEED,
    {
      reference_number: issued,
      requests: [
        {
          kind: 'document',
          document_type: 'site_plan',
          action: 'replace',
          remark: 'The scale cannot be read. Please bring a clearer site plan to the office.',
        },
      ],
      deadline_working_days: 10,
      remark: 'Please bring a clearer site plan to the office.',
    },
    'en',
  );
  await setStatus(seed.office, DEMO_SEED, issued, 'under_review', 'The clearer site plan was received at the office.');
  const fee = await seed.invoice(issued, 450_000, 'Building permit fee');
  await markInvoicePaid(seed.office, DEMO_SEED, fee.invoice_id);
  await setStatus(seed.office, DEMO_SEED, issued, 'approved');
  await issuePermit(seed.office, DEMO_SEED, issued, {
    permit_number: permitNumber(),
    approved_use: 'A family house with a shop on the ground floor',
    valid_from: daysFromToday(-10),
    valid_until: daysFromToday(720),
  });
  await addNotification(seed.office, DEMO_SEED, issued, {
    title: 'Site inspection',
    message: 'An inspector will visit the site when the foundation is laid. Keep the permit on site.',
  });
  await seed.record(amina, issued, 'permit issued; documents accepted and one rejected; notifications');
}

/** A permit that has expired. */
async function expiredPermit(seed: Seeder): Promise<void> {
  const fatma = personal(person('190056789'), '+255700099905', 'Kiembesamaki');
  const expired = await seed.apply('repair', {
    personal: fatma,
    repair: { street_village: 'Kiembesamaki', repair_description: 'Replace the roof over the kitchen.' },
  });
  await setStatus(seed.office, DEMO_SEED, expired, 'under_review');
  await setStatus(seed.office, DEMO_SEED, expired, 'approved');
  await issuePermit(seed.office, DEMO_SEED, expired, {
    permit_number: permitNumber(),
    approved_use: 'Repair of the roof over the kitchen',
    valid_from: daysFromToday(-400),
    valid_until: daysFromToday(-35),
  });
  await seed.record(fatma, expired, 'permit issued last year, now expired');
}

/** A draft, saved to finish later. */
async function savedDraft(seed: Seeder): Promise<void> {
  const othman = personal(person('190067890'), '+255700099906', 'Mombasa');
  const draft = await seed.apply('new', { personal: othman }, { submit: false, steps: 2 });
  await seed.record(othman, draft, 'draft: two steps saved (Continue with the reference number)');
}

/** The stories in the order they are made. */
export const DEMO_STORIES = [
  justSubmitted,
  underReview,
  approvedAndPaid,
  permitAfterChanges,
  expiredPermit,
  savedDraft,
];
