import { randomInt } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { todayIso } from '../../shared/dashboard';
import {
  applicableDocuments,
  fillPlaceholders,
  sampleSteps,
  sampleUploads,
  type FlowSamples,
} from '../../shared/form-samples';
import type { ApplicationType } from '../../shared/wizard-driver';
import { ApplicationsService } from '../applications/applications-service';
import { PhoneChange } from '../applications/phone-change';
import { OneTimeCodes } from '../codes/one-time-codes';
import { DraftOwners } from '../drafts/draft-owners';
import { AttachmentsService } from '../attachments/attachments-service';
import { FolderFileStorage } from '../attachments/file-storage';
import { permitsServiceFor } from '../permits/permits-module';
import { StaffServices } from '../back-office/staff-services';
import { getApplication } from '../back-office/get-application';
import { setStatus } from '../back-office/set-status';
import { reviewAttachment } from '../attachments/review-attachment';
import { addNotification } from '../notifications/add-notification';
import { addInvoice } from '../payments/add-invoice';
import { markInvoicePaid } from '../payments/mark-invoice-paid';
import { issuePermit } from '../permits/issue-permit';
import type { FormRegistry } from '../forms/form-registry';
import { FormsService } from '../forms/forms-service';
import { SCHEMAS_DIR } from '../project-root';
import { DemoIdentityRegistry, type IdentityRecord } from '../identity/identity-registry';
import { Notifier } from '../notifications/notifier';
import { SplashService } from '../reference/splash-service';
import { JobRunner } from '../jobs/job-runner';
import { SmsQueue } from '../sms/sms-queue';
import { OutboxSmsSender } from '../sms/sms-sender';
import type { Database } from '../db/schema';
import type { StaffActor } from '../staff-accounts/staff-actor';
import { demoPdf, DEMO_PNG } from './demo-files';
import { firstActiveEngineer } from './demo-repository';

/**
 * `npm run db:seed -- --demo`: a few FICTIONAL applications in the states the dashboard and the back
 * office show, made the way real ones are: saved and submitted through ApplicationsService with real
 * (tiny) uploaded files, then moved by the back-office service. Applicants are the demo identity
 * registry's people, their phones in the unused block +255 700 0xx xxx; texts go to the SMS outbox
 * whatever the configuration, since those numbers reach nobody. Run again, it adds another set.
 */

export interface DemoApplication {
  reference_number: string;
  status: string;
  applicant: string;
  phone: string;
  story: string;
}

type Answers = Record<string, unknown>;

/** The back office's changes of the demo are the seed's own, not a person's. */
const DEMO_SEED: StaffActor = { kind: 'system', name: 'demo seed' };

const DAY = 86_400_000;
const daysFromToday = (days: number) => todayIso(new Date(Date.now() + days * DAY));
const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

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

export interface DemoSeedOptions {
  db: Kysely<Database>;
  forms: FormRegistry;
  /** Where uploads live (as the server keeps them: UPLOAD_DIR, by default DATA_DIR/uploads). */
  uploadsDir: string;
  /** The sample answers per flow (schemas/samples): every application is made from them. */
  samples: FlowSamples;
}

export async function seedDemo({ db, forms, uploadsDir, samples }: DemoSeedOptions): Promise<DemoApplication[]> {
  const splash = new SplashService(db, { support_phone: '+255 24 223 0000', whatsapp_number: '255777000000' });
  // Demo data: no engineer confirmed by SMS code, so the seed vouches for the engineer step itself.
  const owners = new DraftOwners(db);
  const outbox = new OutboxSmsSender(db);
  const queue = new SmsQueue(db, new JobRunner(db), outbox);
  const phones = new PhoneChange(new OneTimeCodes(db), queue, '+255 24 223 0000');
  const served = new FormsService(forms, splash, SCHEMAS_DIR);
  const applications = new ApplicationsService(db, served, { isValid: async () => true }, owners, phones);
  const attachments_ = new AttachmentsService(db, new FolderFileStorage(uploadsDir), 10 * 1024 * 1024, served, owners);
  const notifier = new Notifier(db, queue);
  // Demo permits' SMS link to a local server; their PDFs are signed by the serving server's key when downloaded.
  const permits = permitsServiceFor({ PORT: 8080 }, db, served, notifier);
  const office = new StaffServices(db, notifier, served, permits);
  const { lists } = await splash.get();
  const engineer = await firstActiveEngineer(db);

  /**
   * Saves the flow's sample answers step by step (with `overrides` by step id, e.g. the applicant),
   * uploading a small file for each document the uploads step names; with `submit`, submits. With
   * `steps`, saves only that many and leaves a draft.
   */
  async function apply(
    type: ApplicationType,
    overrides: Record<string, Answers>,
    { submit = true, steps: count }: { submit?: boolean; steps?: number } = {},
  ): Promise<string> {
    const { forms: set } = await served.get();
    const all = sampleSteps(set, type, samples, lists, {
      engineer: { engineer_id: engineer.registration_number },
      ...overrides,
    });
    const steps = count === undefined ? all : all.slice(0, count);
    let reference: string | undefined;
    // The seed is the draft's owner, as the browser that made it would be (its draft cookie).
    let proof: string | undefined;
    for (const [i, { answers }] of steps.entries()) {
      const attachments: Record<string, string> = {};
      const codes = sampleUploads(answers);
      if (codes.length > 0) {
        if (!reference) throw new Error(`The ${type} flow asks for documents on its first step`);
        // The documents the sample names, and any required one it does not (the check reports those).
        const required = applicableDocuments(
          set.documents,
          type,
          Object.fromEntries(all.map((s) => [s.step, s.answers])),
        )
          .filter((d) => d.required)
          .map((d) => d.id);
        for (const code of new Set([...codes, ...required])) {
          const rule = set.documents.find((d) => d.id === code);
          const target = await attachments_.checkTarget(reference, code, proof, 'demo-seed', 'en');
          const pdf = !rule || rule.accept.includes('application/pdf');
          const file = pdf ? demoPdf(rule?.name.en ?? code) : DEMO_PNG;
          const name = `${code.replace(/_/g, '-')}.${pdf ? 'pdf' : 'png'}`;
          attachments[code] = (await attachments_.upload(target, Readable.from([file]), null, name)).attachment_id;
        }
      }
      const data = fillPlaceholders(answers, { engineerToken: 'demo', attachments });
      if (codes.length > 0) {
        const documents = Object.keys(data).find((name) => sampleUploads(answers[name]).length > 0);
        if (documents) data[documents] = { ...(data[documents] as Answers), ...attachments };
      }
      const saved = await applications.saveStep(
        { application_type: type, step_number: i + 1, data, ...(reference ? { reference_number: reference } : {}) },
        'en',
        { proof },
      );
      reference = saved.reference_number;
      proof ??= saved.secret;
    }
    if (!reference) throw new Error('no steps');
    if (!submit) return reference;
    await applications.submit(
      { application_type: type, reference_number: reference, data: {}, declaration: true },
      'en',
      { proof },
    );
    return reference;
  }

  const invoice = (reference: string, amount: number, description: string) =>
    addInvoice(office, DEMO_SEED, reference, {
      amount_tzs: amount,
      amount_reason: 'Demo data: a set amount.',
      control_number: `99${digits(10)}`,
      due_date: daysFromToday(30),
      description,
    });
  const permitNumber = () => `ZDCU/DEMO/${digits(6)}`;
  const out: DemoApplication[] = [];
  const record = async (who: Answers, reference: string, story: string) => {
    const row = await getApplication(office, reference);
    out.push({
      reference_number: reference,
      status: row.status,
      applicant: row.applicant_name,
      phone: String(who.phone),
      story,
    });
  };

  // 1. Just submitted.
  const juma = personal(person('190023456'), '+255700099902', 'Mkunazini');
  const submitted = await apply('repair', {
    personal: juma,
    repair: {
      street_village: 'Mkunazini, Stone Town',
      repair_description: 'Replace rusted iron sheets and two rotten rafters.',
    },
  });
  await record(juma, submitted, 'submitted, waiting for review');

  // 2. Under review, with an invoice to pay.
  const mwanaisha = personal(person('190034567'), '+255700099903', 'Bumbwini');
  const reviewed = await apply('special', { personal: mwanaisha });
  await setStatus(office, DEMO_SEED, reviewed, 'under_review', 'Plot visit planned for next week.');
  await invoice(reviewed, 150_000, 'Application and inspection fee');
  await record(mwanaisha, reviewed, 'under review, one unpaid invoice');

  // 3. Approved, the invoice paid.
  const salim = personal(person('190045678'), '+255700099904', 'Jang’ombe');
  const approved = await apply('repair', {
    personal: salim,
    repair: { street_village: 'Jang’ombe', repair_description: 'Replace the roof of the back room.' },
  });
  await setStatus(office, DEMO_SEED, approved, 'under_review');
  const paid = await invoice(approved, 75_000, 'Permit fee');
  await markInvoicePaid(office, DEMO_SEED, paid.invoice_id);
  await setStatus(office, DEMO_SEED, approved, 'approved', 'Approved. The permit will follow.');
  await record(salim, approved, 'approved, invoice paid');

  // 4. Permit issued after a return for changes: documents reviewed, a staff note.
  const amina = personal(person('190012345'), '+255700099901', 'Mwanakwerekwe');
  const issued = await apply('new', { personal: amina });
  await setStatus(office, DEMO_SEED, issued, 'under_review');
  const details = await getApplication(office, issued);
  for (const document of details.attachments) {
    await (document.document_type === 'site_plan'
      ? reviewAttachment(office, DEMO_SEED, document.attachment_id, {
          status: 'rejected',
          remark: 'The scale cannot be read. Please bring a clearer copy to the office.',
        })
      : reviewAttachment(office, DEMO_SEED, document.attachment_id, { status: 'accepted' }));
  }
  await office.changes.returnForChanges(
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
  await setStatus(office, DEMO_SEED, issued, 'under_review', 'The clearer site plan was received at the office.');
  const fee = await invoice(issued, 450_000, 'Building permit fee');
  await markInvoicePaid(office, DEMO_SEED, fee.invoice_id);
  await setStatus(office, DEMO_SEED, issued, 'approved');
  await issuePermit(office, DEMO_SEED, issued, {
    permit_number: permitNumber(),
    approved_use: 'A family house with a shop on the ground floor',
    valid_from: daysFromToday(-10),
    valid_until: daysFromToday(720),
  });
  await addNotification(office, DEMO_SEED, issued, {
    title: 'Site inspection',
    message: 'An inspector will visit the site when the foundation is laid. Keep the permit on site.',
  });
  await record(amina, issued, 'permit issued; documents accepted and one rejected; notifications');

  // 5. A permit that has expired.
  const fatma = personal(person('190056789'), '+255700099905', 'Kiembesamaki');
  const expired = await apply('repair', {
    personal: fatma,
    repair: { street_village: 'Kiembesamaki', repair_description: 'Replace the roof over the kitchen.' },
  });
  await setStatus(office, DEMO_SEED, expired, 'under_review');
  await setStatus(office, DEMO_SEED, expired, 'approved');
  await issuePermit(office, DEMO_SEED, expired, {
    permit_number: permitNumber(),
    approved_use: 'Repair of the roof over the kitchen',
    valid_from: daysFromToday(-400),
    valid_until: daysFromToday(-35),
  });
  await record(fatma, expired, 'permit issued last year, now expired');

  // 6. A draft, saved to finish later.
  const othman = personal(person('190067890'), '+255700099906', 'Mombasa');
  const draft = await apply('new', { personal: othman }, { submit: false, steps: 2 });
  await record(othman, draft, 'draft: two steps saved (Continue with the reference number)');

  return out;
}
