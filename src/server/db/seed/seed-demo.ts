import { randomInt } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { requiredDocuments } from '../../../shared/required-documents';
import { todayIso } from '../../../shared/dashboard';
import type { ApplicationType } from '../../../shared/wizard-driver';
import { ApplicationsService } from '../../applications/applications-service';
import { PhoneChange } from '../../applications/phone-change';
import { OneTimeCodes } from '../../codes/one-time-codes';
import { DraftOwners } from '../../drafts/draft-owners';
import { AttachmentsService } from '../../attachments/attachments-service';
import { FolderFileStorage } from '../../attachments/file-storage';
import { BackOfficeService } from '../../back-office/back-office-service';
import type { FormRegistry } from '../../forms/form-registry';
import { FormsService } from '../../forms/forms-service';
import { SCHEMAS_DIR } from '../../project-root';
import { DemoIdentityRegistry, type IdentityRecord } from '../../identity/identity-registry';
import { Notifier } from '../../notifications/notifier';
import { SplashService } from '../../reference/splash-service';
import { JobRunner } from '../../jobs/job-runner';
import { SmsQueue } from '../../sms/sms-queue';
import { OutboxSmsSender } from '../../sms/sms-sender';
import type { Database } from '../schema';
import { demoPdf, DEMO_PNG } from './demo-files';

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
type Lists = Awaited<ReturnType<SplashService['get']>>['lists'];

const DAY = 86_400_000;
const daysFromToday = (days: number) => todayIso(new Date(Date.now() + days * DAY));
const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

function person(zanId: string): IdentityRecord {
  const found = DemoIdentityRegistry.PEOPLE.find((p) => p.zan_id === zanId);
  if (!found) throw new Error(`No demo person ${zanId}`);
  return found;
}

function personal(who: IdentityRecord, phone: string, street: string): Answers {
  return {
    identification_type: 'zanid',
    zan_id: who.zan_id,
    first_name: who.first_name,
    middle_name: who.middle_name,
    last_name: who.last_name,
    email: `${who.first_name}.${who.last_name}@example.com`.toLowerCase(),
    phone,
    address: 'P.O. Box 100, Zanzibar',
    street,
  };
}

const repair = (street: string, description: string): Answers => ({
  street_village: street,
  repair_type: 'roof',
  repair_description: description,
  affects_neighbours: false,
  disclaimer_agreed: true,
});

const specialPlot: Answers = {
  street_village: 'Bumbwini, Kaskazini B',
  how_area_was_found: 'inheritance',
  length_m: 30,
  width_m: 20,
  area_m2: 600,
  north_boundary: 'Road to Mkokotoni',
  south_boundary: 'Neighbouring family plot',
  east_boundary: 'Farmland',
  west_boundary: 'Footpath',
  three_acre_area: false,
  government_area: false,
  agricultural_area: true,
  flood_area: false,
  near_water_or_power_source: false,
  electricity_service: 'ZECO line along the road, 50 m away.',
  water_service: 'Public tap 100 m away.',
  distance_to_services_m: 50,
  sewage: 'Septic tank and soak pit.',
  rain_management: 'Gutters to a soak pit.',
};

const pick = (list: { id: number }[], i: number) => list[i % list.length]!.id;

function buildingDetails(lists: Lists): Answers {
  return {
    foundation: [
      { name: pick(lists.foundation_tools, 0), length_m: 60, width_m: 0.6, size: '9 inch', quantity: 1, area_m2: 36 },
    ],
    wall: [{ name: pick(lists.wall_tools, 0), size: '6 inch', quantity: 2400, area_m2: 180 }],
    pillar: [{ name: pick(lists.beam_tools, 1), size: '9 x 9 inch', quantity: 12 }],
    beam: [],
    roof: [{ name: pick(lists.roof_tools, 1), area_m2: 140, size: 'Gauge 28', quantity: 48 }],
    entry: [{ name: pick(lists.entry_tools, 1), quantity: 1, size: '1.2 x 2.4 m' }],
    approximate_cost_tzs: 85_000_000,
  };
}

/** The steps of a one-storey house (flows 'new' and 'government'), but the uploads. */
function houseSteps(lists: Lists, who: Answers, engineerId: string, shehia: string): [string, Answers][] {
  return [
    ['personal', who],
    ['engineer', { engineer_id: engineerId, validation_token: 'demo' }],
    [
      'construction',
      {
        building_type_description: 'A single-storey family house (demo data).',
        current_land_use: 'vacant',
        land_use_change_needed: false,
        equipment_space_needed: false,
        has_storeys: false,
        multiple_buildings: false,
        shehia,
        ward: shehia,
        plot_number: `${randomInt(100, 999)}/${randomInt(1, 9)}`,
        land_area_m2: 600,
      },
    ],
    [
      'construction_details',
      {
        floors: [
          {
            floor: 0,
            rooms: [
              { room: pick(lists.rooms, 0), area_m2: 24, percent_covered: 4 },
              { room: pick(lists.rooms, 1), area_m2: 16, percent_covered: 3 },
              { room: pick(lists.rooms, 5), area_m2: 12, percent_covered: 2 },
            ],
          },
        ],
      },
    ],
    [
      'building',
      {
        clean_water_source: 'public_supply',
        rain_drainage_plan: 'Gutters to a soak pit in the courtyard.',
        domestic_wastewater_plan: 'Septic tank and soak pit.',
        ridge_needed: false,
        power_needed: false,
      },
    ],
    ['building_details', buildingDetails(lists)],
  ];
}

export interface DemoSeedOptions {
  db: Kysely<Database>;
  forms: FormRegistry;
  /** Where uploads live (as the server keeps them: UPLOAD_DIR, by default DATA_DIR/uploads). */
  uploadsDir: string;
}

export async function seedDemo({ db, forms, uploadsDir }: DemoSeedOptions): Promise<DemoApplication[]> {
  const splash = new SplashService(db, { support_phone: '+255 24 223 0000', whatsapp_number: '255777000000' });
  // Demo data: no engineer confirmed by SMS code, so the seed vouches for the engineer step itself.
  const owners = new DraftOwners(db);
  const outbox = new OutboxSmsSender(db);
  const queue = new SmsQueue(db, new JobRunner(db), outbox);
  const phones = new PhoneChange(new OneTimeCodes(db), queue, '+255 24 223 0000');
  const served = new FormsService(forms, splash, SCHEMAS_DIR);
  const applications = new ApplicationsService(db, served, { isValid: async () => true }, owners, phones);
  const attachments = new AttachmentsService(db, new FolderFileStorage(uploadsDir), 10 * 1024 * 1024, served, owners);
  const office = new BackOfficeService(db, new Notifier(db, queue), served);
  const { lists } = await splash.get();
  const rules = (await served.get()).forms.documents;
  const engineer = await db
    .selectFrom('engineer')
    .select('registration_number')
    .where('active', '=', true)
    .orderBy('id')
    .executeTakeFirstOrThrow();

  /** Saves the steps one by one; with `submit`, uploads each required document and submits. */
  async function apply(type: ApplicationType, steps: [string, Answers][], submit = true): Promise<string> {
    let reference: string | undefined;
    // The seed is the draft's owner, as the browser that made it would be (its draft cookie).
    let proof: string | undefined;
    for (const [i, [, data]] of steps.entries()) {
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
    const documents: Record<string, string> = {};
    for (const document of requiredDocuments(type, Object.fromEntries(steps), rules)) {
      const target = await attachments.checkTarget(reference, document.id, proof);
      const file = document.accept.includes('application/pdf') ? demoPdf(document.name.en) : DEMO_PNG;
      documents[document.id] = (await attachments.upload(target, Readable.from([file]))).attachment_id;
    }
    await applications.submit(
      { application_type: type, reference_number: reference, data: { uploads: { documents } } },
      'en',
      { proof },
    );
    return reference;
  }

  const invoice = (reference: string, amount: number, description: string) =>
    office.addInvoice(reference, {
      amount_tzs: amount,
      control_number: `99${digits(10)}`,
      due_date: daysFromToday(30),
      description,
    });
  const permitNumber = () => `ZDCU/DEMO/${digits(6)}`;
  const out: DemoApplication[] = [];
  const record = async (who: Answers, reference: string, story: string) => {
    const row = await office.getApplication(reference);
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
  const submitted = await apply('repair', [
    ['personal', juma],
    ['repair', repair('Mkunazini, Stone Town', 'Replace rusted iron sheets and two rotten rafters.')],
  ]);
  await record(juma, submitted, 'submitted, waiting for review');

  // 2. Under review, with an invoice to pay.
  const mwanaisha = personal(person('190034567'), '+255700099903', 'Bumbwini');
  const reviewed = await apply('special', [
    ['personal', mwanaisha],
    ['special_plot', specialPlot],
    ['building_details', buildingDetails(lists)],
  ]);
  await office.setStatus(reviewed, 'under_review', 'Plot visit planned for next week.');
  await invoice(reviewed, 150_000, 'Application and inspection fee');
  await record(mwanaisha, reviewed, 'under review, one unpaid invoice');

  // 3. Approved, the invoice paid.
  const salim = personal(person('190045678'), '+255700099904', 'Jang’ombe');
  const approved = await apply('repair', [
    ['personal', salim],
    ['repair', repair('Jang’ombe', 'Replace the roof of the back room.')],
  ]);
  await office.setStatus(approved, 'under_review');
  const paid = await invoice(approved, 75_000, 'Permit fee');
  await office.markInvoicePaid(paid.invoice_id);
  await office.setStatus(approved, 'approved', 'Approved. The permit will follow.');
  await record(salim, approved, 'approved, invoice paid');

  // 4. Permit issued after a return for changes: documents reviewed, a staff note.
  const amina = personal(person('190012345'), '+255700099901', 'Mwanakwerekwe');
  const issued = await apply('new', houseSteps(lists, amina, engineer.registration_number, 'Mwanakwerekwe'));
  await office.setStatus(issued, 'under_review');
  const details = await office.getApplication(issued);
  for (const document of details.attachments) {
    await (document.document_type === 'site_plan'
      ? office.updateAttachment(document.attachment_id, {
          status: 'rejected',
          remark: 'The scale cannot be read. Please bring a clearer copy to the office.',
        })
      : office.updateAttachment(document.attachment_id, { status: 'accepted' }));
  }
  await office.setStatus(issued, 'returned', 'Please bring a clearer site plan to the office.');
  await office.setStatus(issued, 'under_review', 'The clearer site plan was received at the office.');
  const fee = await invoice(issued, 450_000, 'Building permit fee');
  await office.markInvoicePaid(fee.invoice_id);
  await office.setStatus(issued, 'approved');
  await office.issuePermit(issued, {
    permit_number: permitNumber(),
    valid_from: daysFromToday(-10),
    valid_until: daysFromToday(720),
  });
  await office.addNotification(issued, {
    title: 'Site inspection',
    message: 'An inspector will visit the site when the foundation is laid. Keep the permit on site.',
  });
  await record(amina, issued, 'permit issued; documents accepted and one rejected; notifications');

  // 5. A permit that has expired.
  const fatma = personal(person('190056789'), '+255700099905', 'Kiembesamaki');
  const expired = await apply('repair', [
    ['personal', fatma],
    ['repair', repair('Kiembesamaki', 'Replace the roof over the kitchen.')],
  ]);
  await office.setStatus(expired, 'under_review');
  await office.setStatus(expired, 'approved');
  await office.issuePermit(expired, {
    permit_number: permitNumber(),
    valid_from: daysFromToday(-400),
    valid_until: daysFromToday(-35),
  });
  await record(fatma, expired, 'permit issued last year, now expired');

  // 6. A draft, saved to finish later.
  const othman = personal(person('190067890'), '+255700099906', 'Mombasa');
  const draft = await apply(
    'new',
    houseSteps(lists, othman, engineer.registration_number, 'Mombasa').slice(0, 2),
    false,
  );
  await record(othman, draft, 'draft: two steps saved (Continue with the reference number)');

  return out;
}
