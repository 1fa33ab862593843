import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { EngineerProofs } from '../../src/server/applications/applications-service';
import type { FieldError } from '../../src/shared/envelope';
import type { Splash } from '../../src/shared/reference-data';
import { stepSample, stepSamples, withReferenceIds } from '../fixtures/step-samples';
import { post, type Envelope, type TestApp } from './helpers';

/** What applications.test.ts and submit.test.ts share: samples, texts, and calls that save and read drafts. */

export type Answers = Record<string, unknown>;
export type Language = 'en' | 'sw';
type Texts = Record<string, string>;

export const json = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;
/** Step answers by label: the flow samples' steps (schemas/samples) and tests/fixtures/step-samples.json. */
export const samples = stepSamples;
export { withReferenceIds };
export const validation = {
  en: json<Texts>('locales/en/validation.json'),
  sw: json<Texts>('locales/sw/validation.json'),
};
export const api = { en: json<Texts>('locales/en/api.json'), sw: json<Texts>('locales/sw/api.json') };

/** A text of locales/<lng>/api.json by its dotted key, its {{placeholders}} filled in. */
export function apiText(language: 'en' | 'sw', key: string, params: Record<string, string> = {}): string {
  let value: unknown = api[language];
  for (const part of key.split('.')) value = (value as Texts)[part];
  return Object.entries(params).reduce((out, [name, v]) => out.replaceAll(`{{${name}}}`, v), value as string);
}

/** A copy of `answers` without the named ones. */
export const without = (answers: Answers, ...names: string[]): Answers =>
  Object.fromEntries(Object.entries(answers).filter(([name]) => !names.includes(name)));

/** A fresh copy of a labelled sample's answers (tests/fixtures/step-samples.ts). */
export const sample = (label: string): Answers => stepSample(label);
export const personal = () => sample('personal ok (zanid)');

/**
 * The applicant step of the tests that read a name or a phone back (an SMS, the outbox, a lockout
 * notice): Asha Said, by passport, on 0777123456. `changes` replaces fields (another phone, another number).
 */
export const ashaByPassport = (changes: Answers = {}): Answers => ({
  identification_type: 'passport',
  passport_number: 'AB123456',
  first_name: 'Asha',
  last_name: 'Said',
  phone: '0777123456',
  address: 'P.O. Box 1, Zanzibar',
  street: 'Malindi',
  ...changes,
});

export const SAVE = '/api/application/save_and_continue';
export const FINAL = '/api/application/save_final';
export const REPAIR = '/api/application/request_maintainence';
export const SPECIAL = '/api/application/request_noDrawings';

/** Five and five characters of 23456789ABCDEFGHJKMNPQRSTUVWXYZ: no 0/O, 1/I/L. */
export const REFERENCE = /^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/;

export const ENGINEER = sample('engineer ok').engineer_id as string;
export const GOOD_TOKEN = 'ok-token';
/** Engineer proofs of the tests' own: GOOD_TOKEN confirms the sample engineer. */
export const engineerProofs: EngineerProofs = {
  isValid: async (token, id) => token === GOOD_TOKEN && id === ENGINEER,
};
export const confirmedEngineer = { engineer_id: ENGINEER, validation_token: GOOD_TOKEN };

export interface Data {
  reference_number?: string;
  step_number?: number;
  status?: string;
  errors?: FieldError[];
}

/** The calls that submit: each needs the applicant's declaration (`declaration: true`, src/shared/api/declaration.ts). */
export const SUBMITTING = new Set([FINAL, REPAIR, SPECIAL, '/api/application/submit_application']);

/**
 * A submitting body as the wizard sends it once the declaration is ticked: `declaration: true` unless the
 * body says otherwise (`declaration: undefined` sends none).
 */
export const declared = (url: string, body: unknown): unknown =>
  SUBMITTING.has(url) && typeof body === 'object' && body !== null && !('declaration' in body)
    ? { ...body, declaration: true }
    : body;

/**
 * POSTs and answers the status with the envelope's code, message and data (the code must equal the
 * status). A submitting call carries the declaration unless the body names it (see `declared`).
 */
export async function call(t: TestApp, url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await post<Envelope<Data>>(t.app, url, declared(url, body), headers);
  expect(res.body?.response.code).toBe(res.status);
  return { status: res.status, message: res.body!.response.message, data: res.body!.response.data };
}

/** The application's row as stored (reference numbers are stored without their dash). */
export const stored = (t: TestApp, reference: string) =>
  t.database.db
    .selectFrom('application')
    .selectAll()
    .where('reference_number', '=', reference.replace('-', ''))
    .executeTakeFirstOrThrow();
/** The statuses in an application's history, oldest first. */
export const eventsOf = async (t: TestApp, reference: string): Promise<string[]> =>
  (
    await t.database.db
      .selectFrom('application_event')
      .innerJoin('application', 'application.id', 'application_event.application_id')
      .select('application_event.status')
      .where('application.reference_number', '=', reference.replace('-', ''))
      .orderBy('application_event.id')
      .execute()
  ).map((row) => row.status);
export const allRows = (t: TestApp) => t.database.db.selectFrom('application').selectAll().orderBy('id').execute();
export const rowCount = async (t: TestApp) => (await allRows(t)).length;

export const codesOf = (documents: { code: string }[]) => documents.map((d) => d.code);

/**
 * An uploads step naming a made-up attachment id for each document code: only for calls refused before
 * any document is looked at (a submit needs real uploads, see uploadDocuments in helpers.ts).
 */
export const madeUpUploads = (codes: string[]) => ({
  documents: Object.fromEntries(codes.map((code, i) => [code, `att-${String(i + 1).padStart(8, '0')}`])),
});

/** Saves the first steps of a flow (not the last) one by one, each opening the next; answers the reference number. */
export async function draft(t: TestApp, type: string, steps: [string, Answers][]): Promise<string> {
  let reference: string | undefined;
  for (const [i, [, data]] of steps.entries()) {
    const res = await call(t, SAVE, { application_type: type, step_number: i + 1, data, reference_number: reference });
    expect(res.status).toBe(200);
    expect(res.data.step_number).toBe(i + 2);
    reference = res.data.reference_number!;
  }
  return reference!;
}

/** The sample's floor rows, repeated or cut to the ground floor plus one row per storey (floors 0 … storeys). */
export function floorsFor(storeys: number): Answers {
  const details = sample('construction_details ok');
  const rows = details.floors as Answers[];
  const floors = Array.from({ length: storeys + 1 }, (_, floor) => ({
    ...structuredClone(rows[floor % rows.length]!),
    floor,
  }));
  return { ...details, floors };
}

/** Every step of a new (or government) application but the uploads, in flow order. */
export function buildingSteps(splash: Splash, storeys: number): [string, Answers][] {
  return [
    ['personal', personal()],
    ['engineer', confirmedEngineer],
    ['construction', { ...sample('construction ok (all conditionals)'), has_storeys: true, storey_count: storeys }],
    ['construction_details', withReferenceIds('construction_details', floorsFor(storeys), splash)],
    ['building', sample('building ok (well, power)')],
    ['building_details', withReferenceIds('building_details', sample('building_details ok'), splash)],
  ];
}
