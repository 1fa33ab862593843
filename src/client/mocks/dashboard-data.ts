import type { ApplicantInvoice } from '../../shared/api/payments';
import type {
  ApplicationSummary,
  DashboardApplication,
  DashboardAttachment,
  Notification,
  Permit,
} from '../../shared/api/dashboard';
import type { RequiredDocument, Splash } from '../../shared/reference-data';
import { mockEngineers } from './mock-data';

/** One application of the mock backend, with everything its dashboard shows. */
export interface MockApplication {
  application: DashboardApplication;
  /** The phone on file, masked as the server masks it. */
  sentTo: string;
  email: string | null;
  attachments: DashboardAttachment[];
  invoices: ApplicantInvoice[];
  notifications: Notification[];
  permits: Permit[];
}

/** The mock's applications (docs/development.md, "Mock mode"): one applicant, Amina Khamis Makame, ZanID 190012345. */
export const MOCK_REFERENCES = {
  /** A new building with its permit issued (every tab has data; Renew is offered). */
  permit: 'AMK7Q-4MXPR',
  /** A repair under review (empty invoices and permits). */
  repair: 'AMK9R-3TWHD',
  /** A draft: View refuses it (409), Continue opens it. */
  draft: 'DRF7T-9KQ2M',
} as const;

const DAY_MS = 86_400_000;
const daysAgo = (days: number, now: number) => new Date(now - days * DAY_MS).toISOString();
const dateOnly = (iso: string) => iso.slice(0, 10);

const personal = {
  identification_type: 'zanid',
  zan_id: '190012345',
  first_name: 'Amina',
  middle_name: 'Khamis',
  last_name: 'Makame',
  phone: '0777123456',
  email: 'amina.makame@example.com',
  address: 'P.O. Box 1234, Zanzibar',
  street: 'Mlandege',
};

function attachment(
  document: RequiredDocument | undefined,
  id: string,
  status: DashboardAttachment['status'],
  uploadedAt: string,
  extra: Partial<DashboardAttachment> = {},
): DashboardAttachment | undefined {
  if (!document) return undefined;
  return {
    attachment_id: id,
    document_type: document.code,
    document_name: document.name,
    file_name: `${document.code.replace(/_/g, '-')}.pdf`,
    scale: null,
    status,
    remark: null,
    size: 245_760,
    mime_type: 'application/pdf',
    uploaded_at: uploadedAt,
    ...extra,
  };
}

/** Fresh demo applications; dates count back from `now`, so "days applied" stays believable. */
export function mockApplications(splash: Splash, now = Date.now()): Map<string, MockApplication> {
  // The registry's engineer, with the contacts the splash does not carry (the same first engineer).
  const engineer = mockEngineers()[0]!;
  const role = splash.engineer_roles.find((r) => r.id === engineer.role_id);
  const docs = [...splash.normal_attachments, ...splash.not_more_than_three_attachments];
  const submitted = daysAgo(64, now);
  const issued = daysAgo(20, now);

  const permitApplication: MockApplication = {
    sentTo: '+2557•••••456',
    email: personal.email,
    application: {
      reference_number: MOCK_REFERENCES.permit,
      application_type: 'new',
      status: 'permit_issued',
      submitted_at: submitted,
      days_applied: 64,
      personal,
      answers: {
        personal,
        engineer: { engineer_id: engineer.registration_number, validation_token: 'mock-proof' },
        construction: {
          building_type_description: 'A family house of two storeys with a shop on the ground floor',
          current_land_use: 'residential',
          land_use_change_needed: false,
          equipment_space_needed: true,
          parking_plans: 'Materials stay inside the plot, behind a fence on the north side.',
          has_storeys: true,
          storey_count: 1,
          multiple_buildings: false,
          shehia: 'Mlandege',
          ward: 'Mji Mkongwe',
          plot_number: '14/B',
          land_area_m2: 450,
        },
        construction_details: {
          floors: [
            { floor: 0, rooms: [{ room: splash.rooms[0]?.id ?? 1, area_m2: 40, percent_covered: 9 }], area_m2: 40 },
            { floor: 1, rooms: [{ room: splash.rooms[1]?.id ?? 2, area_m2: 36, percent_covered: 8 }], area_m2: 36 },
          ],
          total_area_m2: 76,
          total_percent_covered: 17,
        },
        building: {
          clean_water_source: 'public_supply',
          rain_drainage_plan: 'Gutters into a soak pit in the garden.',
          domestic_wastewater_plan: 'Septic tank and soak pit.',
          ridge_needed: false,
          power_needed: true,
          power_available: true,
          transformer_needed: false,
        },
        building_details: {
          foundation: [{ name: splash.foundation_tools[0]?.id ?? 1, length_m: 12, width_m: 0.6, quantity: 1 }],
          approximate_cost_tzs: 85_000_000,
        },
      },
      history: [
        { status: 'submitted', remark: null, at: submitted },
        { status: 'under_review', remark: 'A site visit is planned.', at: daysAgo(60, now) },
        { status: 'returned', remark: 'Please add the site plan at scale 1:500.', at: daysAgo(52, now) },
        { status: 'under_review', remark: null, at: daysAgo(45, now) },
        { status: 'approved', remark: 'Approved: keep 3 m from the road.', at: daysAgo(25, now) },
        { status: 'permit_issued', remark: null, at: issued },
      ],
      engineer: {
        name: engineer.name,
        experience_years: engineer.experience_years,
        email: engineer.email,
        mobile: engineer.mobile,
        role: role?.name ?? null,
      },
      can_renew: true,
      stage_since: issued,
      expected_decision: null,
      staff_views: [
        { role: 'officer', at: daysAgo(22, now) },
        { role: 'admin', at: daysAgo(40, now) },
      ],
    },
    attachments: [
      attachment(docs[0], 'att-mock-0001', 'accepted', submitted),
      attachment(docs[1], 'att-mock-0002', 'rejected', submitted, {
        remark: 'The stamp is not readable. Please upload a clearer copy.',
        mime_type: 'image/jpeg',
        size: 1_887_436,
      }),
      attachment(docs.at(-1), 'att-mock-0003', 'uploaded', daysAgo(50, now), { scale: '1:100' }),
    ].filter((a): a is DashboardAttachment => Boolean(a)),
    invoices: [
      {
        invoice_id: 'inv-mock-1',
        description: 'Application fee',
        amount_tzs: 50_000,
        paid_tzs: 50_000,
        balance_tzs: 0,
        control_number: '991234567890',
        expires_at: null,
        due_date: dateOnly(daysAgo(50, now)),
        status: 'paid',
        paid_at: daysAgo(55, now),
        created_at: daysAgo(62, now),
        receipts: [
          { receipt_number: 'RC-2026-000101', amount_tzs: 50_000, channel: 'mpesa', paid_at: daysAgo(55, now) },
        ],
        cancel_reason: null,
        excess: [],
      },
      {
        invoice_id: 'inv-mock-2',
        description: 'Building permit fee',
        amount_tzs: 425_000,
        paid_tzs: 125_000,
        balance_tzs: 300_000,
        control_number: '991234567891',
        expires_at: daysAgo(-10, now),
        due_date: dateOnly(daysAgo(-10, now)),
        status: 'partly_paid',
        paid_at: null,
        created_at: daysAgo(24, now),
        receipts: [
          { receipt_number: 'RC-2026-000102', amount_tzs: 125_000, channel: 'bank', paid_at: daysAgo(20, now) },
        ],
        cancel_reason: null,
        excess: [],
      },
    ],
    notifications: [
      {
        notification_id: 'ntf-mock-1',
        title: 'Application under review',
        message: `Your application ${MOCK_REFERENCES.permit} is now: Under review.`,
        remark: 'A site visit is planned.',
        read: true,
        created_at: daysAgo(60, now),
      },
      {
        notification_id: 'ntf-mock-2',
        title: 'New invoice',
        message: 'An invoice of TZS 425,000 is due. Pay with control number 991234567891.',
        remark: null,
        read: false,
        created_at: daysAgo(24, now),
      },
      {
        notification_id: 'ntf-mock-3',
        title: 'Permit issued',
        message: 'Building permit KBL-2026-0042 has been issued.',
        remark: null,
        read: false,
        created_at: issued,
      },
    ],
    permits: [
      {
        permit_number: 'KBL-2026-0042',
        valid_from: dateOnly(issued),
        valid_until: dateOnly(daysAgo(-345, now)),
        status: 'valid',
        issued_at: issued,
      },
    ],
  };

  const repairSubmitted = daysAgo(6, now);
  const repairApplication: MockApplication = {
    sentTo: '+2557•••••456',
    email: personal.email,
    application: {
      reference_number: MOCK_REFERENCES.repair,
      application_type: 'repair',
      status: 'under_review',
      submitted_at: repairSubmitted,
      days_applied: 6,
      personal,
      answers: {
        personal,
        repair: {
          street_village: 'Mlandege',
          repair_type: 'roof',
          repair_description: 'Replace the iron sheets of the roof.',
          affects_neighbours: false,
          disclaimer_agreed: true,
        },
      },
      history: [
        { status: 'submitted', remark: null, at: repairSubmitted },
        { status: 'under_review', remark: null, at: daysAgo(4, now) },
      ],
      engineer: null,
      can_renew: false,
      stage_since: submitted,
      expected_decision: dateOnly(daysAgo(-20, now)),
      staff_views: [],
    },
    attachments: [attachment(docs[0], 'att-mock-0101', 'uploaded', repairSubmitted)].filter(
      (a): a is DashboardAttachment => Boolean(a),
    ),
    invoices: [],
    notifications: [],
    permits: [],
  };

  const normalize = (reference: string) => reference.replace('-', '');
  return new Map([
    [normalize(MOCK_REFERENCES.permit), permitApplication],
    [normalize(MOCK_REFERENCES.repair), repairApplication],
  ]);
}

export function summaryOf(mock: MockApplication, current: boolean): ApplicationSummary {
  const { reference_number, application_type, status, submitted_at } = mock.application;
  return { reference_number, application_type, status, submitted_at, current };
}
