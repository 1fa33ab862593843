import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
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
import { addInvoice } from '../payments/add-invoice';
import type { FormRegistry } from '../forms/form-registry';
import { FormsService } from '../forms/forms-service';
import { SCHEMAS_DIR } from '../project-root';
import { Notifier } from '../notifications/notifier';
import { SplashService } from '../reference/splash-service';
import { JobRunner } from '../jobs/job-runner';
import { SmsQueue } from '../sms/sms-queue';
import { OutboxSmsSender } from '../sms/sms-sender';
import type { Database } from '../db/schema';
import { demoPdf, DEMO_PNG } from './demo-files';
import { firstActiveEngineer } from '../reference/reference-access';
import {
  DEMO_SEED,
  DEMO_STORIES,
  daysFromToday,
  digits,
  type Answers,
  type ApplyOptions,
  type DemoApplication,
  type Seeder,
} from './demo-stories';

/**
 * `npm run db:seed -- --demo`: a few FICTIONAL applications in the states the dashboard and the back
 * office show, made the way real ones are: saved and submitted through ApplicationsService with real
 * (tiny) uploaded files, then moved by the staff actions' operations (demo-stories.ts). Applicants are the demo identity
 * registry's people, their phones in the unused block +255 700 0xx xxx; texts go to the SMS outbox
 * whatever the configuration, since those numbers reach nobody. Run again, it adds another set.
 */

export type { DemoApplication } from './demo-stories';

export interface DemoSeedOptions {
  db: Kysely<Database>;
  forms: FormRegistry;
  /** Where uploads live (as the server keeps them: UPLOAD_DIR, by default DATA_DIR/uploads). */
  uploadsDir: string;
  /** The sample answers per flow (schemas/samples): every application is made from them. */
  samples: FlowSamples;
}

export async function seedDemo(options: DemoSeedOptions): Promise<DemoApplication[]> {
  const seed = await seeder(options);
  for (const story of DEMO_STORIES) await story(seed);
  return seed.out;
}

/** The services as the server builds them, the demo's texts going to the SMS outbox. */
async function seeder({ db, forms, uploadsDir, samples }: DemoSeedOptions): Promise<Seeder> {
  const splash = new SplashService(db, { support_phone: '+255 24 223 0000', whatsapp_number: '255777000000' });
  // Demo data: no engineer confirmed by SMS code, so the seed vouches for the engineer step itself.
  const owners = new DraftOwners(db);
  const outbox = new OutboxSmsSender(db);
  const queue = new SmsQueue(db, new JobRunner(db), outbox);
  const phones = new PhoneChange(new OneTimeCodes(db), queue, '+255 24 223 0000');
  const served = new FormsService(forms, splash, SCHEMAS_DIR);
  const applications = new ApplicationsService(db, served, { isValid: async () => true }, owners, phones);
  const attachments = new AttachmentsService(db, new FolderFileStorage(uploadsDir), 10 * 1024 * 1024, served, owners);
  const notifier = new Notifier(db, queue);
  // Demo permits' SMS link to a local server; their PDFs are signed by the serving server's key when downloaded.
  const permits = permitsServiceFor({ PORT: 8080 }, db, served, notifier);
  const office = new StaffServices(db, notifier, served, permits);
  const { lists } = await splash.get();
  const engineer = await firstActiveEngineer(db);
  const flows: Flows = { served, samples, lists, engineer, applications, attachments };
  const out: DemoApplication[] = [];
  return {
    office,
    out,
    apply: (type, overrides, options) => applySample(flows, type, overrides, options),
    invoice: (reference, amount, description) =>
      addInvoice(office, DEMO_SEED, reference, {
        amount_tzs: amount,
        amount_reason: 'Demo data: a set amount.',
        control_number: `99${digits(10)}`,
        due_date: daysFromToday(30),
        description,
      }),
    record: async (who, reference, story) => {
      const row = await getApplication(office, reference);
      out.push({
        reference_number: reference,
        status: row.status,
        applicant: row.applicant_name,
        phone: String(who.phone),
        story,
      });
    },
  };
}

/** What saving a flow's sample answers takes. */
interface Flows {
  served: FormsService;
  samples: FlowSamples;
  lists: Awaited<ReturnType<SplashService['get']>>['lists'];
  engineer: Awaited<ReturnType<typeof firstActiveEngineer>>;
  applications: ApplicationsService;
  attachments: AttachmentsService;
}

/**
 * Saves the flow's sample answers step by step (with `overrides` by step id, e.g. the applicant),
 * uploading a small file for each document the uploads step names; with `submit`, submits. With
 * `steps`, saves only that many and leaves a draft.
 */
async function applySample(
  flows: Flows,
  type: ApplicationType,
  overrides: Record<string, Answers>,
  { submit = true, steps: count }: ApplyOptions = {},
): Promise<string> {
  const { forms: set } = await flows.served.get();
  const all = sampleSteps(set, type, flows.samples, flows.lists, {
    engineer: { engineer_id: flows.engineer.registration_number },
    ...overrides,
  });
  const steps = count === undefined ? all : all.slice(0, count);
  let reference: string | undefined;
  // The seed is the draft's owner, as the browser that made it would be (its draft cookie).
  let proof: string | undefined;
  for (const [i, { answers }] of steps.entries()) {
    const codes = sampleUploads(answers);
    if (codes.length > 0 && !reference) throw new Error(`The ${type} flow asks for documents on its first step`);
    const attachments = codes.length > 0 ? await uploadSamples(flows, set, type, all, codes, reference!, proof) : {};
    const data = fillPlaceholders(answers, { engineerToken: 'demo', attachments });
    if (codes.length > 0) {
      const documents = Object.keys(data).find((name) => sampleUploads(answers[name]).length > 0);
      if (documents) data[documents] = { ...(data[documents] as Answers), ...attachments };
    }
    const saved = await flows.applications.saveStep(
      { application_type: type, step_number: i + 1, data, ...(reference ? { reference_number: reference } : {}) },
      'en',
      { proof },
    );
    reference = saved.reference_number;
    proof ??= saved.secret;
  }
  if (!reference) throw new Error('no steps');
  if (!submit) return reference;
  await flows.applications.submit(
    { application_type: type, reference_number: reference, data: {}, declaration: true },
    'en',
    { proof },
  );
  return reference;
}

/**
 * A small file for each document the step's sample names, and any required one it does not (the check
 * reports those): their attachment ids by document code.
 */
async function uploadSamples(
  flows: Flows,
  set: Awaited<ReturnType<FormsService['get']>>['forms'],
  type: ApplicationType,
  all: ReturnType<typeof sampleSteps>,
  codes: string[],
  reference: string,
  proof: string | undefined,
): Promise<Record<string, string>> {
  const attachments: Record<string, string> = {};
  const required = applicableDocuments(set.documents, type, Object.fromEntries(all.map((s) => [s.step, s.answers])))
    .filter((d) => d.required)
    .map((d) => d.id);
  for (const code of new Set([...codes, ...required])) {
    const rule = set.documents.find((d) => d.id === code);
    const target = await flows.attachments.checkTarget(reference, code, proof, 'demo-seed', 'en');
    const pdf = !rule || rule.accept.includes('application/pdf');
    const file = pdf ? demoPdf(rule?.name.en ?? code) : DEMO_PNG;
    const name = `${code.replace(/_/g, '-')}.${pdf ? 'pdf' : 'png'}`;
    attachments[code] = (await flows.attachments.upload(target, Readable.from([file]), null, name)).attachment_id;
  }
  return attachments;
}
