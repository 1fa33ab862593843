// Valid, varied request bodies for the API load runs: the steps of a new-building application (from
// schemas/samples and tests/fixtures/step-samples.json, as the API tests build them), engineers confirmed once by SMS code,
// and submitted applications written straight into the database for the sign-in run.
import { randomInt } from 'node:crypto';
import { loadConfig } from '../../src/server/config';
import { newReferenceNumber, formatReferenceNumber } from '../../src/server/applications/reference-number';
import { openConfiguredDatabase } from '../../src/server/db/setup';
import type { Splash } from '../../src/shared/reference-data';
import { stepSample } from '../../tests/fixtures/step-samples';

type Answers = Record<string, unknown>;

const sample = (label: string): Answers => stepSample(label);

/** The flow every load client fills: a new building, its steps before the uploads. */
/**
 * The special flow, saved step by step: since an engineer's confirmation confirms one draft alone (a
 * code to the engineer's phone for each), the load cannot save new buildings' engineer step by the
 * thousand. building_details is the largest step of every flow.
 */
export const FLOW = 'special';
export const STEPS = ['personal', 'special_plot', 'building_details'];

const FIRST = ['Amina', 'Juma', 'Mwanaisha', 'Salim', 'Fatma', 'Othman', 'Zuhura', 'Hamadi', 'Rehema', 'Khamis'];
const LAST = ['Makame', 'Haji', 'Omar', 'Mzee', 'Suleiman', 'Vuai', 'Ali', 'Juma', 'Abdalla', 'Hamad'];
const STREETS = ['Mwanakwerekwe', 'Kiembe Samaki', 'Mombasa', 'Chukwani', 'Mbweni', 'Fuoni', 'Bububu', 'Mtoni'];

/** A made-up applicant's personal details, different for each n (unused phone block 0777 xxx xxx). */
export function personal(n: number): Answers {
  const first = FIRST[n % FIRST.length]!;
  const last = LAST[Math.floor(n / FIRST.length) % LAST.length]!;
  const byZanId = n % 3 !== 0;
  return {
    identification_type: byZanId ? 'zanid' : 'passport',
    ...(byZanId ? { zan_id: String(190000000 + (n % 10_000_000)) } : { passport_number: `AB${1000000 + n}` }),
    first_name: first,
    ...(n % 2 === 0 ? { middle_name: FIRST[(n + 3) % FIRST.length] } : {}),
    last_name: last,
    ...(n % 4 !== 0 ? { email: `${first}.${last}${n}@example.com`.toLowerCase() } : {}),
    phone: `0777${String(n % 1_000_000).padStart(6, '0')}`,
    address: `P.O. Box ${1000 + (n % 9000)}, Zanzibar`,
    street: STREETS[n % STREETS.length]!,
  };
}

export interface Confirmed {
  engineer_id: string;
  validation_token: string;
}

/** Answers of a step of the flow for applicant n, with the seeded reference lists' real ids. */
export function stepAnswers(step: string, n: number, splash: Splash, engineers: Confirmed[]): Answers {
  const storeys = 1 + (n % 3);
  switch (step) {
    case 'personal':
      return personal(n);
    case 'engineer':
      return { ...engineers[n % engineers.length]! };
    case 'construction':
      return {
        ...sample('construction ok (all conditionals)'),
        has_storeys: true,
        storey_count: storeys,
        plot_number: `${100 + (n % 900)}/${1 + (n % 9)}`,
      };
    case 'construction_details': {
      const details = sample('construction_details ok');
      const rows = details.floors as { rooms: { room: number }[] }[];
      let r = n;
      const floors = Array.from({ length: storeys + 1 }, (_, floor) => {
        const row = structuredClone(rows[floor % rows.length]!);
        for (const room of row.rooms) room.room = splash.rooms[r++ % splash.rooms.length]!.id;
        return { ...row, floor };
      });
      return { ...details, floors };
    }
    case 'special_plot':
      return { ...sample('special_plot ok'), street_village: `Bumbwini ${n % 1000}` };
    case 'building':
      return n % 2 === 0 ? sample('building ok (well, power)') : sample('building ok (public, no power)');
    case 'building_details': {
      const out = sample('building_details ok');
      const lists: Record<string, { id: number }[]> = {
        foundation: splash.foundation_tools,
        wall: splash.wall_tools,
        pillar: splash.beam_tools,
        beam: splash.beam_tools,
        roof: splash.roof_tools,
        entry: splash.entry_tools,
      };
      for (const [category, list] of Object.entries(lists)) {
        (out[category] as { name: number }[]).forEach((row, i) => (row.name = list[(n + i) % list.length]!.id));
      }
      return { ...out, approximate_cost_tzs: 40_000_000 + (n % 100) * 1_000_000 };
    }
    default:
      throw new Error(`no answers for the step ${step}`);
  }
}

/** The draft cookie the first save sets (`name=value`), which the draft's later saves carry. */
export function draftCookie(setCookie: string | string[] | undefined): string | undefined {
  const lines = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return lines.map((line) => line.split(';')[0]!).find((pair) => /^(__Host-)?kibali_draft_/.test(pair));
}

/** A save_and_continue body: step i (0-based) of the flow for applicant n. */
export const saveBody = (i: number, n: number, splash: Splash, engineers: Confirmed[], reference?: string) =>
  JSON.stringify({
    application_type: FLOW,
    step_number: i + 1,
    data: stepAnswers(STEPS[i]!, n, splash, engineers),
    ...(reference ? { reference_number: reference } : {}),
  });

export async function call<T = unknown>(url: string, route: string, body: unknown = {}): Promise<T> {
  const res = await fetch(`${url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const payload = (await res.json()) as { response: { code: number; message: string; data: T } };
  if (payload.response.code !== 200) throw new Error(`${route}: ${res.status} ${payload.response.message}`);
  return payload.response.data;
}

export interface SubmittedApplication {
  reference_number: string;
  phone: string;
}

/**
 * `count` submitted applications, each with its own phone, written straight into the database (the
 * server is not running yet: a PGlite directory has one user). A sign-in sends at most one code per
 * reference number a minute, so the sign-in run uses each of them once.
 */
export async function seedSubmitted(
  env: { DATA_DIR: string; DATABASE_URL?: string },
  count: number,
): Promise<SubmittedApplication[]> {
  const database = await openConfiguredDatabase(loadConfig({ NODE_ENV: 'test', ...env }));
  try {
    const made: SubmittedApplication[] = [];
    for (let start = 0; start < count; start += 500) {
      const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) => {
        const n = 500_000 + start + i;
        const phone = `0778${String(n % 1_000_000).padStart(6, '0')}`;
        const answers = { personal: { ...personal(n), phone } as Answers };
        made.push({ reference_number: '', phone });
        return {
          reference_number: newReferenceNumber(),
          application_type: FLOW,
          status: 'submitted',
          step_number: STEPS.length + 1,
          answers: JSON.stringify(answers),
          phone,
          id_number: String(answers.personal.zan_id ?? answers.personal.passport_number),
          submitted_at: new Date(Date.now() - randomInt(1, 60) * 86_400_000),
        };
      });
      await database.db.insertInto('application').values(rows).execute();
      rows.forEach((row, i) => (made[start + i]!.reference_number = formatReferenceNumber(row.reference_number)));
    }
    return made;
  } finally {
    await database.close();
  }
}
